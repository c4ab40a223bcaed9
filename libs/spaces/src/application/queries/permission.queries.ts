import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, PageCursor, PageQuery, pageLimit, paginate, ReadStore, Role, slicePage } from '@app/platform';
import { GetUsersQuery, UserView } from '@app/identity';
import { GetOrganizationDefaultRoleQuery, ListOrganizationMembersQuery, ListTeamMemberIdsQuery } from '@app/organizations';
import { everyoneWithAccess, grantedTeams } from '../../domain/aggregate';
import { AccessNode } from '../../domain/authorization';
import { PermissionTarget } from '../commands/set-permissions';
import { SpaceAccess } from '../space-access';
import { GrantDoc, GRANTS } from './grants.read-model';
import { loadPermissionTarget } from './permission-target';
import { TeamView, TeamViews } from './team.views';

export interface UserPermissionView {
  permission: Role;
  user: UserView;
}
export interface TeamPermissionView {
  permission: Role;
  team: TeamView;
}

/** Users granted a role directly on a space or collection, in the order they were first granted. */
export class ListUserPermissionsQuery extends Query<ListResponse<UserPermissionView>> {
  constructor(
    readonly target: PermissionTarget,
    readonly userId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListUserPermissionsQuery)
export class ListUserPermissionsHandler implements IQueryHandler<ListUserPermissionsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
    private readonly queries: QueryBus,
  ) {}
  async execute(q: ListUserPermissionsQuery): Promise<ListResponse<UserPermissionView>> {
    await loadPermissionTarget(this.store, this.access.for(q.userId), q.target);
    const page = await paginate<GrantDoc, GrantDoc>(this.store, GRANTS, { targetId: q.target.id, principalKind: 'user' }, [['seq', 1]], q.page, (g) => g);
    const users = await this.queries.execute(new GetUsersQuery(page.items.map((g) => g.principalId)));
    return { ...page, items: page.items.filter((g) => users.has(g.principalId)).map((g) => ({ permission: g.role, user: users.get(g.principalId)! })) };
  }
}

/** Teams granted a role on a space or collection, in the order they were first granted. */
export class ListTeamPermissionsQuery extends Query<ListResponse<TeamPermissionView>> {
  constructor(
    readonly target: PermissionTarget,
    readonly userId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListTeamPermissionsQuery)
export class ListTeamPermissionsHandler implements IQueryHandler<ListTeamPermissionsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
    private readonly teams: TeamViews,
  ) {}
  async execute(q: ListTeamPermissionsQuery): Promise<ListResponse<TeamPermissionView>> {
    const acc = this.access.for(q.userId);
    const t = await loadPermissionTarget(this.store, acc, q.target);
    const page = await paginate<GrantDoc, GrantDoc>(this.store, GRANTS, { targetId: q.target.id, principalKind: 'team' }, [['seq', 1]], q.page, (g) => g);
    const views = await this.teams.views(
      t.organizationId,
      page.items.map((g) => g.principalId),
      await acc.orgRole(t.organizationId),
    );
    // A team deleted a moment ago is left out until its grants are revoked (revoke-deleted-team-grants saga).
    return { ...page, items: page.items.filter((g) => views.has(g.principalId)).map((g) => ({ permission: g.role, team: views.get(g.principalId)! })) };
  }
}

/**
 * Everyone with a role on a space or collection and that role (domain/aggregate.ts), by user
 * id; `role` keeps those with exactly that role. Computed per request from the organization's
 * members and the grants on the item's path, and paged by user id (immutable): a user present
 * for the whole pass is listed exactly once.
 */
export class ListPermissionsAggregateQuery extends Query<ListResponse<UserPermissionView>> {
  constructor(
    readonly target: PermissionTarget,
    readonly userId: string,
    readonly role: Role | undefined,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListPermissionsAggregateQuery)
export class ListPermissionsAggregateHandler implements IQueryHandler<ListPermissionsAggregateQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
    private readonly queries: QueryBus,
  ) {}
  async execute(q: ListPermissionsAggregateQuery): Promise<ListResponse<UserPermissionView>> {
    const t = await loadPermissionTarget(this.store, this.access.for(q.userId), q.target);
    return aggregatePermissionsPage(t, q, this.queries, this.queries);
  }
}

/**
 * Everyone with access to a loaded target, a page at a time (by user id). The organization's
 * members, default role and teams are asked through `organization`: today's, or as they were at
 * a point (time travel); users' profiles through `users` (identity keeps no past).
 */
export async function aggregatePermissionsPage(
  t: { node: AccessNode; parents: AccessNode[]; organizationId: string },
  q: { target: PermissionTarget; role?: Role; page: PageQuery },
  organization: Pick<QueryBus, 'execute'>,
  users: Pick<QueryBus, 'execute'>,
): Promise<ListResponse<UserPermissionView>> {
  const cursor = new PageCursor('spaces.permissions-aggregate', { target: q.target, role: q.role ?? null }, ['string'] as const);
  const after = q.page.page ? cursor.decode(q.page.page)[0] : null;
  const teams = grantedTeams(t.node, t.parents);
  const [members, orgDefaultRole, teamLists] = await Promise.all([
    organization.execute(new ListOrganizationMembersQuery(t.organizationId)),
    organization.execute(new GetOrganizationDefaultRoleQuery(t.organizationId)),
    Promise.all(teams.map((team) => organization.execute(new ListTeamMemberIdsQuery(t.organizationId, team)))),
  ]);
  const all = everyoneWithAccess({
    target: t.node,
    parents: t.parents,
    members,
    orgDefaultRole,
    teamMembers: Object.fromEntries(teams.map((team, i) => [team, teamLists[i]])),
  }).filter((x) => !q.role || x.role === q.role);
  const rest = after === null ? all : all.filter((x) => x.userId > after);
  const page = slicePage(rest, pageLimit(q.page), (last) => cursor.encode([last.userId]));
  const profiles = await users.execute(new GetUsersQuery(page.items.map((x) => x.userId)));
  return {
    items: page.items.filter((x) => profiles.has(x.userId)).map((x) => ({ permission: x.role, user: profiles.get(x.userId)! })),
    count: all.length,
    ...(page.next ? { next: page.next } : {}),
  };
}
