import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@app/platform';
import { CountMemberSpacesQuery, CountTeamSpacesQuery, IsOrganizationContentQuery } from '@app/organizations/contracts';
import { COLLECTIONS, CollectionDoc } from './collections.read-model';
import { GrantDoc, GRANTS } from './grants.read-model';
import { SPACES, SpaceDoc } from './spaces.projection';

/*
 * The answers to the queries the organizations context declares in its contracts (it shows how
 * many spaces a member or a team is granted, and checks its default content) — from this
 * context's read models, so organizations never reads spaces events.
 */

/** Counts grant documents per principal: one read for a whole page of members or teams. */
async function countSpaceGrants(store: ReadStore, principalKind: 'user' | 'team', ids: string[], organizationId?: string): Promise<Map<string, number>> {
  const unique = [...new Set(ids)];
  const counts = new Map(unique.map((id) => [id, 0]));
  if (!unique.length) return counts;
  const filter = { principalKind, principalId: { $in: unique }, targetKind: 'space', ...(organizationId === undefined ? {} : { organizationId }) };
  // One grant document per (space, principal): a role change replaces it, so each space counts once.
  for (const g of await store.find<GrantDoc>(GRANTS, filter)) counts.set(g.principalId, (counts.get(g.principalId) ?? 0) + 1);
  return counts;
}

/** Spaces of the organization a user holds an explicit grant on (grants travel with a transferred space). */
@QueryHandler(CountMemberSpacesQuery)
export class CountMemberSpacesHandler implements IQueryHandler<CountMemberSpacesQuery> {
  constructor(private readonly store: ReadStore) {}
  execute(q: CountMemberSpacesQuery): Promise<Map<string, number>> {
    return countSpaceGrants(this.store, 'user', q.userIds, q.organizationId);
  }
}

/** Spaces granted to a team, wherever they are now. */
@QueryHandler(CountTeamSpacesQuery)
export class CountTeamSpacesHandler implements IQueryHandler<CountTeamSpacesQuery> {
  constructor(private readonly store: ReadStore) {}
  execute(q: CountTeamSpacesQuery): Promise<Map<string, number>> {
    return countSpaceGrants(this.store, 'team', q.teamIds);
  }
}

/** A live space (not in its restore window) or an existing collection, of that organization. */
@QueryHandler(IsOrganizationContentQuery)
export class IsOrganizationContentHandler implements IQueryHandler<IsOrganizationContentQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute(q: IsOrganizationContentQuery): Promise<boolean> {
    if (q.kind === 'space') {
      const s = await this.store.get<SpaceDoc>(SPACES, q.id);
      return s?.organizationId === q.organizationId && s.status === 'active';
    }
    const c = await this.store.get<CollectionDoc>(COLLECTIONS, q.id);
    return c?.organizationId === q.organizationId;
  }
}

export const ORGANIZATION_CONTRACT_QUERY_HANDLERS = [CountMemberSpacesHandler, CountTeamSpacesHandler, IsOrganizationContentHandler];
