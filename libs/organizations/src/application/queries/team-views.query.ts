import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@app/platform';
import { OrgAccess } from '../org-access';
import { TEAMS, TeamDoc } from './read-models';
import { TeamViews } from './team-views';
import type { TeamView } from './team.view';

/**
 * The reference `OrganizationTeam` of each of `teamIds` that is a team of the organization, as
 * `callerId` sees it, by team id; other ids are left out. For contexts that point at a team (an
 * SSO provider's default team).
 */
export class GetTeamViewsQuery extends Query<Map<string, TeamView>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly teamIds: string[],
  ) {
    super();
  }
}

@QueryHandler(GetTeamViewsQuery)
export class GetTeamViewsHandler implements IQueryHandler<GetTeamViewsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: OrgAccess,
    private readonly teams: TeamViews,
  ) {}
  async execute(q: GetTeamViewsQuery): Promise<Map<string, TeamView>> {
    if (q.teamIds.length === 0) return new Map();
    const docs = await this.store.find<TeamDoc>(TEAMS, { organizationId: q.organizationId, id: { $in: [...new Set(q.teamIds)] } }, { sort: [['seq', 1]] });
    if (docs.length === 0) return new Map();
    const caller = await this.access.caller(q.organizationId, q.callerId);
    const views = await this.teams.render(q.organizationId, q.callerId, caller.role, docs);
    return new Map(views.map((v) => [v.id, v]));
  }
}
