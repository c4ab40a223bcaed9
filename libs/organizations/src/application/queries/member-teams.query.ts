import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, ListResponse, PageQuery, paginate, ReadStore } from '@app/platform';
import { MemberNotFound } from '../../domain/organization';
import { OrgAccess } from '../org-access';
import { MEMBERS, memberId, TEAM_MEMBERS, TeamDoc, TeamMemberDoc, TEAMS } from './read-models';
import { TeamView } from './team.view';
import { TeamViews } from './team-views';

export interface MemberTeamView {
  team: TeamView;
  member: { role: TeamMemberDoc['role'] };
}

/** The teams a member is in, in the teams' creation order; `title` filters case-insensitively. */
export class ListMemberTeamsQuery extends Query<ListResponse<MemberTeamView>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly userId: string,
    readonly title: string | undefined,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListMemberTeamsQuery)
export class ListMemberTeamsHandler implements IQueryHandler<ListMemberTeamsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: OrgAccess,
    private readonly views: TeamViews,
  ) {}
  async execute(q: ListMemberTeamsQuery): Promise<ListResponse<MemberTeamView>> {
    const { caller } = await this.access.require(q.organizationId, q.callerId, 'listTeams', "Listing a member's teams");
    if (!(await this.store.get(MEMBERS, memberId(q.organizationId, q.userId)))) throw new MemberNotFound(q.userId, q.organizationId);
    const filter: Filter = { organizationId: q.organizationId, userId: q.userId };
    if (q.title) filter.teamTitle = { $contains: q.title };
    const page = await paginate<TeamMemberDoc, TeamMemberDoc>(this.store, TEAM_MEMBERS, filter, [['teamSeq', 1]], q.page, (m) => m);
    const teams = await this.store.find<TeamDoc>(TEAMS, { id: { $in: page.items.map((m) => m.teamId) } });
    const views = new Map((await this.views.render(q.organizationId, q.callerId, caller.role, teams)).map((t) => [t.id, t]));
    return { ...page, items: page.items.filter((m) => views.has(m.teamId)).map((m) => ({ team: views.get(m.teamId)!, member: { role: m.role } })) };
  }
}
