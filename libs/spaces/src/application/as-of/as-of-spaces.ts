import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AsOfEvents, AsOfPoint, foldProjection, MemoryReadStore, reroutedQueries } from '@app/platform';
import {
  GetMemberRoleQuery,
  GetOrganizationDefaultRoleQuery,
  GetTeamsInOrganizationQuery,
  GetUserTeamIdsQuery,
  ListOrganizationMembersQuery,
  ListTeamMemberIdsQuery,
  OrganizationFacts,
  OrganizationFactsAsOfQuery,
  organizationStream,
} from '@app/organizations';
import { collectionStream } from '../../domain/collection';
import { spaceStream } from '../../domain/space';
import { COLLECTIONS, CollectionDoc } from '../queries/collections.read-model';
import { SPACES, SpaceDoc, spacesProjection } from '../queries/spaces.projection';
import { Accessor } from '../space-access';

/** Deeper trees are refused when created; the bound only guards against a corrupt history. */
const MAX_DEPTH = 64;

/**
 * The spaces context at a point in the past: its streams folded up to the point with the
 * spaces projection's own `apply`, into read models the context's own query code then reads.
 * Each stream only changes its own documents, so each is folded alone (from the snapshots
 * AsOfEvents keeps) and the folds are put together.
 */
@Injectable()
export class SpacesAsOf {
  constructor(
    private readonly events: AsOfEvents,
    private readonly queries: QueryBus,
  ) {}

  /** Spaces and collections as they were, with every collection above them then (their access comes from there). */
  async items(point: AsOfPoint, spaceIds: string[], collectionIds: string[] = []): Promise<MemoryReadStore> {
    const store = new MemoryReadStore();
    const folded = new Set<string>();
    let pending = [...spaceIds.map(spaceStream), ...collectionIds.map(collectionStream)];
    for (let depth = 0; pending.length && depth <= MAX_DEPTH; depth++) {
      for (const stream of pending) {
        folded.add(stream);
        store.absorb(await this.events.foldStream(spacesProjection, stream, point));
      }
      const docs = [...(await store.find<SpaceDoc>(SPACES)), ...(await store.find<CollectionDoc>(COLLECTIONS))];
      pending = [...new Set(docs.map((d) => d.parent).filter((p): p is string => !!p))].map(collectionStream).filter((s) => !folded.has(s));
    }
    return store;
  }

  /** Adds every space's grants then (the spaces counts of members and teams) and the organization's teams then. */
  async withAllGrants(point: AsOfPoint, store: MemoryReadStore, organizationId?: string): Promise<MemoryReadStore> {
    const folded = new Set((await store.find<SpaceDoc>(SPACES)).map((s) => spaceStream(s.id)));
    const others = (await this.events.prefixed(spaceStream(''), point)).filter((e) => !folded.has(e.stream));
    await foldProjection(spacesProjection, others, store);
    if (organizationId) await foldProjection(spacesProjection, await this.events.stream(organizationStream(organizationId), point), store);
    return store;
  }

  /** A QueryBus that answers the organizations context's access queries as they were at the point. */
  organizationQueries(point: AsOfPoint): QueryBus {
    const facts = new Map<string, Promise<OrganizationFacts | null>>();
    const of = (organizationId: string) => {
      let f = facts.get(organizationId);
      if (!f) facts.set(organizationId, (f = this.queries.execute(new OrganizationFactsAsOfQuery(organizationId, point))));
      return f;
    };
    return reroutedQueries(this.queries, (q) => {
      if (q instanceof GetMemberRoleQuery) return of(q.organizationId).then((o) => o?.members[q.userId] ?? null);
      if (q instanceof GetOrganizationDefaultRoleQuery) return of(q.organizationId).then((o) => o?.defaultRole ?? null);
      if (q instanceof GetUserTeamIdsQuery)
        return of(q.organizationId).then((o) => Object.entries(o?.teams ?? {}).flatMap(([id, t]) => (q.userId in t.members ? [id] : [])));
      if (q instanceof ListOrganizationMembersQuery)
        return of(q.organizationId).then((o) => Object.entries(o?.members ?? {}).flatMap(([userId, role]) => (role ? [{ userId, role }] : [])));
      if (q instanceof ListTeamMemberIdsQuery) return of(q.organizationId).then((o) => Object.keys(o?.teams[q.teamId]?.members ?? {}));
      if (q instanceof GetTeamsInOrganizationQuery)
        return of(q.organizationId).then((o) => Object.entries(o?.teams ?? {}).flatMap(([id, t]) => (q.teamIds.includes(id) ? [{ id, title: t.title }] : [])));
      return undefined;
    });
  }

  /** The access model as it was at the point, for one caller. */
  accessor(userId: string, point: AsOfPoint, store: MemoryReadStore, queries = this.organizationQueries(point)): Accessor {
    return new Accessor(userId, queries, store);
  }
}
