import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { AsOfPoint, ListResponse, MemoryReadStore, PageQuery, paginate, ReadStore, Role } from '@app/platform';
import { GetUsersQuery } from '@app/identity';
import { AccessNode } from '../../domain/authorization';
import { CollectionNotFound } from '../../domain/collection';
import { SpaceNotFound } from '../../domain/space';
import { PermissionTarget } from '../commands/set-permissions';
import { COLLECTIONS, CollectionDoc } from '../queries/collections.read-model';
import { GrantDoc, GRANTS } from '../queries/grants.read-model';
import { loadPermissionTarget } from '../queries/permission-target';
import { aggregatePermissionsPage, TeamPermissionView, UserPermissionView } from '../queries/permission.queries';
import { SPACES, SpaceDoc } from '../queries/spaces.projection';
import { TeamViews } from '../queries/team.views';
import { SpaceAccess } from '../space-access';
import { SpacesAsOf } from './as-of-spaces';

/*
 * Time travel on the permission listings: who was granted what on a space or collection at a
 * point, and who could access it then (inherited from collections, teams and the organization's
 * default role, all as they were then). The caller needs the viewInviteLinks permission now.
 */

export type PermissionListing = 'users' | 'teams' | 'aggregate';

export class ListPermissionsAsOfQuery extends Query<ListResponse<UserPermissionView | TeamPermissionView>> {
  constructor(
    readonly listing: PermissionListing,
    readonly target: PermissionTarget,
    readonly userId: string,
    readonly page: PageQuery,
    readonly point: AsOfPoint,
    /** aggregate: only those with exactly this role. */
    readonly role?: Role,
  ) {
    super();
  }
}

interface TargetThen {
  store: MemoryReadStore;
  organizationId: string;
  node: AccessNode & { visibility?: string };
  parents: AccessNode[];
}

@QueryHandler(ListPermissionsAsOfQuery)
export class ListPermissionsAsOfHandler implements IQueryHandler<ListPermissionsAsOfQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
    private readonly past: SpacesAsOf,
    private readonly queries: QueryBus,
  ) {}

  async execute(q: ListPermissionsAsOfQuery): Promise<ListResponse<UserPermissionView | TeamPermissionView>> {
    await loadPermissionTarget(this.store, this.access.for(q.userId), q.target);
    const t = await this.targetThen(q.target, q.point);
    if (q.listing === 'users') return this.users(t, q);
    if (q.listing === 'teams') return this.teams(t, q);
    return this.aggregate(t, q);
  }

  private async targetThen(target: PermissionTarget, point: AsOfPoint): Promise<TargetThen> {
    const isSpace = target.kind === 'space';
    const store = await this.past.items(point, isSpace ? [target.id] : [], isSpace ? [] : [target.id]);
    const path = this.past.accessor('', point, store);
    if (isSpace) {
      const s = await store.get<SpaceDoc>(SPACES, target.id);
      if (!s || s.status !== 'active') throw new SpaceNotFound(target.id);
      const node = { defaultLevel: s.defaultLevel, users: s.users ?? {}, teams: s.teams ?? {}, visibility: s.visibility };
      return { store, organizationId: s.organizationId, node, parents: await path.path(s.organizationId, s.parent) };
    }
    const c = await store.get<CollectionDoc>(COLLECTIONS, target.id);
    if (!c) throw new CollectionNotFound(target.id);
    const node = { defaultLevel: c.defaultLevel, users: c.users ?? {}, teams: c.teams ?? {} };
    return { store, organizationId: c.organizationId, node, parents: await path.path(c.organizationId, c.parent) };
  }

  private grants(t: TargetThen, q: ListPermissionsAsOfQuery, principalKind: 'user' | 'team') {
    return paginate<GrantDoc, GrantDoc>(t.store, GRANTS, { targetId: q.target.id, principalKind }, [['seq', 1]], q.page, (g) => g);
  }

  /** As ListUserPermissionsHandler (users' profiles are today's: identity keeps no past). */
  private async users(t: TargetThen, q: ListPermissionsAsOfQuery): Promise<ListResponse<UserPermissionView>> {
    const page = await this.grants(t, q, 'user');
    const users = await this.queries.execute(new GetUsersQuery(page.items.map((g) => g.principalId)));
    return { ...page, items: page.items.filter((g) => users.has(g.principalId)).map((g) => ({ permission: g.role, user: users.get(g.principalId)! })) };
  }

  /** As ListTeamPermissionsHandler, with the teams (members, spaces counts) and the caller's role as they were then. */
  private async teams(t: TargetThen, q: ListPermissionsAsOfQuery): Promise<ListResponse<TeamPermissionView>> {
    const page = await this.grants(t, q, 'team');
    await this.past.withAllGrants(q.point, t.store, t.organizationId);
    const org = this.past.organizationQueries(q.point);
    const callerRole = await this.past.accessor(q.userId, q.point, t.store, org).orgRole(t.organizationId);
    const views = await new TeamViews(org, t.store).views(
      t.organizationId,
      page.items.map((g) => g.principalId),
      callerRole,
    );
    return { ...page, items: page.items.filter((g) => views.has(g.principalId)).map((g) => ({ permission: g.role, team: views.get(g.principalId)! })) };
  }

  /** As ListPermissionsAggregateHandler, on the organization as it was then. */
  private aggregate(t: TargetThen, q: ListPermissionsAsOfQuery): Promise<ListResponse<UserPermissionView>> {
    return aggregatePermissionsPage(t, q, this.past.organizationQueries(q.point), this.queries);
  }
}
