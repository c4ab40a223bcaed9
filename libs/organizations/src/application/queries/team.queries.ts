import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, ListResponse, PageQuery, paginate, ReadStore } from '@app/platform';
import { organizationAllows } from '../../domain/organization-permissions';
import { OrgAccess } from '../org-access';
import { MemberView } from './member.view';
import { MemberRenderer } from './member-renderer';
import { MEMBERS, MemberDoc, memberId, TEAM_MEMBERS, TeamDoc, TeamMemberDoc, TEAMS } from './read-models';
import { TeamView } from './team.view';
import { TeamViews } from './team-views';

export interface TeamFilters {
  /** Case-insensitive substring of the title. */
  title?: string;
  /** A member id: only teams that member manages (all teams for an admin, else the teams they own). */
  owner?: string;
}

/** Teams of the organization, oldest first. */
export class ListTeamsQuery extends Query<ListResponse<TeamView>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly filters: TeamFilters,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListTeamsQuery)
export class ListTeamsHandler implements IQueryHandler<ListTeamsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: OrgAccess,
    private readonly views: TeamViews,
  ) {}
  async execute(q: ListTeamsQuery): Promise<ListResponse<TeamView>> {
    const { caller } = await this.access.require(q.organizationId, q.callerId, 'listTeams', 'Listing teams');
    const filter: Filter = { organizationId: q.organizationId };
    if (q.filters.title) filter.title = { $contains: q.filters.title };
    if (q.filters.owner !== undefined) {
      const owner = await this.store.get<MemberDoc>(MEMBERS, memberId(q.organizationId, q.filters.owner));
      if (!owner || owner.role === null) filter.id = { $in: [] };
      else if (!organizationAllows('admin', { member: true, role: owner.role, ownsTeam: false }))
        filter.id = { $in: await this.views.ownedTeamIds(q.organizationId, q.filters.owner) };
    }
    // The cursor is bound to what was asked, not to the owner's team ids (they may change between pages).
    const page = await paginate<TeamDoc, TeamDoc>(this.store, TEAMS, filter, [['seq', 1]], q.page, (t) => t, {
      organizationId: q.organizationId,
      filters: q.filters,
    });
    return { ...page, items: await this.views.render(q.organizationId, q.callerId, caller.role, page.items) };
  }
}

export class GetTeamQuery extends Query<TeamView> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly teamId: string,
  ) {
    super();
  }
}

@QueryHandler(GetTeamQuery)
export class GetTeamHandler implements IQueryHandler<GetTeamQuery> {
  constructor(
    private readonly access: OrgAccess,
    private readonly views: TeamViews,
  ) {}
  async execute(q: GetTeamQuery): Promise<TeamView> {
    const { caller } = await this.access.require(q.organizationId, q.callerId, 'listTeams', 'Viewing teams');
    const team = await this.views.team(q.organizationId, q.teamId);
    return (await this.views.render(q.organizationId, q.callerId, caller.role, [team]))[0];
  }
}

export interface TeamMemberView {
  organization: MemberView;
  team: { role: TeamMemberDoc['role'] };
  permissions: { view: boolean };
}

/** A team's members with their organization membership and team role, in the order they were added. */
export class ListTeamMembersQuery extends Query<ListResponse<TeamMemberView>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly teamId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListTeamMembersQuery)
export class ListTeamMembersHandler implements IQueryHandler<ListTeamMembersQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: OrgAccess,
    private readonly views: TeamViews,
    private readonly members: MemberRenderer,
  ) {}
  async execute(q: ListTeamMembersQuery): Promise<ListResponse<TeamMemberView>> {
    await this.access.require(q.organizationId, q.callerId, 'listTeams', 'Listing team members');
    await this.views.team(q.organizationId, q.teamId);
    const page = await paginate<TeamMemberDoc, TeamMemberDoc>(this.store, TEAM_MEMBERS, { teamId: q.teamId }, [['seq', 1]], q.page, (m) => m);
    const docs = await this.store.find<MemberDoc>(MEMBERS, { id: { $in: page.items.map((m) => memberId(q.organizationId, m.userId)) } });
    const views = new Map((await this.members.render(docs)).map((v) => [v.id, v]));
    // A seat always has its member (the decider removes seats before members); skip one only if the read models disagree.
    const items = page.items
      .filter((m) => views.has(m.userId))
      .map((m) => ({ organization: views.get(m.userId)!, team: { role: m.role }, permissions: { view: true } }));
    return { ...page, items };
  }
}
