import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CacheRegion, InvalidatingCache, ReadStore, Role } from '@app/platform';
import { GetMemberViewsHandler } from './member-views.query';
import { defaultRoles, memberKey, tagged, userTeamIds } from './access-cache';
import { MEMBERS, MemberDoc, ORGANIZATIONS, OrganizationDoc, TEAM_MEMBERS, TeamDoc, TeamMemberDoc, TEAMS } from './read-models';

/*
 * Queries other contexts (spaces: permissions and team grants) rely on. Their names and results
 * are a published contract: change them only together with their users.
 */

/** Ids of the organization's teams the user is in (any team role). */
export class GetUserTeamIdsQuery extends Query<string[]> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
  ) {
    super();
  }
}

/** Asked on every request that touches a space: kept in memory (see access-cache.ts). */
@QueryHandler(GetUserTeamIdsQuery)
export class GetUserTeamIdsHandler implements IQueryHandler<GetUserTeamIdsQuery> {
  private readonly teamIds: CacheRegion<readonly string[]>;
  constructor(
    private readonly store: ReadStore,
    cache: InvalidatingCache = new InvalidatingCache(),
  ) {
    this.teamIds = userTeamIds(cache);
  }
  async execute(q: GetUserTeamIdsQuery): Promise<string[]> {
    const ids = await this.teamIds.get(
      memberKey(q.organizationId, q.userId),
      async () => {
        const seats = await this.store.find<TeamMemberDoc>(TEAM_MEMBERS, { organizationId: q.organizationId, userId: q.userId }, { sort: [['teamSeq', 1]] });
        return seats.map((m) => m.teamId);
      },
      tagged(q.organizationId),
    );
    // The cached array is shared: each caller gets its own.
    return [...ids];
  }
}

/** Those of `teamIds` that are teams of the organization (unknown ids are left out: answer 404 for them). */
export class GetTeamsInOrganizationQuery extends Query<Array<{ id: string; title: string }>> {
  constructor(
    readonly organizationId: string,
    readonly teamIds: string[],
  ) {
    super();
  }
}

@QueryHandler(GetTeamsInOrganizationQuery)
export class GetTeamsInOrganizationHandler implements IQueryHandler<GetTeamsInOrganizationQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute(q: GetTeamsInOrganizationQuery): Promise<Array<{ id: string; title: string }>> {
    if (q.teamIds.length === 0) return [];
    const teams = await this.store.find<TeamDoc>(TEAMS, { organizationId: q.organizationId, id: { $in: [...new Set(q.teamIds)] } }, { sort: [['seq', 1]] });
    return teams.map((t) => ({ id: t.id, title: t.title }));
  }
}

/**
 * Every member with an organization role, oldest first. Guests (role null) have no
 * organization-wide role and are left out: they reach content only through explicit grants.
 */
export class ListOrganizationMembersQuery extends Query<Array<{ userId: string; role: Role }>> {
  constructor(readonly organizationId: string) {
    super();
  }
}

@QueryHandler(ListOrganizationMembersQuery)
export class ListOrganizationMembersHandler implements IQueryHandler<ListOrganizationMembersQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute(q: ListOrganizationMembersQuery): Promise<Array<{ userId: string; role: Role }>> {
    const members = await this.store.find<MemberDoc>(MEMBERS, { organizationId: q.organizationId, role: { $ne: null } }, { sort: [['seq', 1]] });
    return members.map((m) => ({ userId: m.userId, role: m.role as Role }));
  }
}

/** User ids of a team's members (owners included); empty for a team not in the organization. */
export class ListTeamMemberIdsQuery extends Query<string[]> {
  constructor(
    readonly organizationId: string,
    readonly teamId: string,
  ) {
    super();
  }
}

@QueryHandler(ListTeamMemberIdsQuery)
export class ListTeamMemberIdsHandler implements IQueryHandler<ListTeamMemberIdsQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute(q: ListTeamMemberIdsQuery): Promise<string[]> {
    const seats = await this.store.find<TeamMemberDoc>(TEAM_MEMBERS, { organizationId: q.organizationId, teamId: q.teamId }, { sort: [['seq', 1]] });
    return seats.map((m) => m.userId);
  }
}

/** The organization's defaultRole; null when unset (guests) or when there is no such organization. */
export class GetOrganizationDefaultRoleQuery extends Query<Role | null> {
  constructor(readonly organizationId: string) {
    super();
  }
}

/** Asked on every request that touches a space: kept in memory (see access-cache.ts). */
@QueryHandler(GetOrganizationDefaultRoleQuery)
export class GetOrganizationDefaultRoleHandler implements IQueryHandler<GetOrganizationDefaultRoleQuery> {
  private readonly roles: CacheRegion<Role | null>;
  constructor(
    private readonly store: ReadStore,
    cache: InvalidatingCache = new InvalidatingCache(),
  ) {
    this.roles = defaultRoles(cache);
  }
  execute(q: GetOrganizationDefaultRoleQuery): Promise<Role | null> {
    return this.roles.get(
      q.organizationId,
      async () => (await this.store.get<OrganizationDoc>(ORGANIZATIONS, q.organizationId))?.defaultRole ?? null,
      tagged(q.organizationId),
    );
  }
}

export const CONTRACT_QUERY_HANDLERS = [
  GetUserTeamIdsHandler,
  GetTeamsInOrganizationHandler,
  ListOrganizationMembersHandler,
  ListTeamMemberIdsHandler,
  GetOrganizationDefaultRoleHandler,
  GetMemberViewsHandler,
];
