import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ReadStore, Role } from '@app/platform';
import { CountTeamSpacesQuery } from '../../contracts';
import { organizationAllows } from '../../domain/organization-permissions';
import { TeamNotFound } from '../../domain/organization';
import { TEAM_MEMBERS, TeamDoc, TeamMemberDoc, TEAMS } from './read-models';
import { TeamView, toTeamView } from './team.view';

/** Team lookups and rendering with the caller's permissions (admin: manages it; view: may list teams). */
@Injectable()
export class TeamViews {
  constructor(
    private readonly store: ReadStore,
    private readonly queries: QueryBus,
  ) {}

  async team(organizationId: string, teamId: string): Promise<TeamDoc> {
    const t = await this.store.get<TeamDoc>(TEAMS, teamId);
    if (!t || t.organizationId !== organizationId) throw new TeamNotFound(teamId, organizationId);
    return t;
  }

  async ownedTeamIds(organizationId: string, userId: string): Promise<string[]> {
    return (await this.store.find<TeamMemberDoc>(TEAM_MEMBERS, { organizationId, userId, role: 'owner' })).map((m) => m.teamId);
  }

  /** `callerRole` is the caller's organization role; viewing needs listTeams, which callers here already hold. */
  async render(organizationId: string, callerId: string, callerRole: Role | null, teams: TeamDoc[]): Promise<TeamView[]> {
    // Managing a team is the admin flag, or the ownTeam flag for a team the caller owns (as canManageTeam decides).
    const caller = { member: true, role: callerRole, ownsTeam: false };
    const admin = organizationAllows('admin', caller);
    const [owned, spaces] = await Promise.all([
      admin ? new Set<string>() : this.ownedTeamIds(organizationId, callerId).then((ids) => new Set(ids)),
      teams.length ? this.queries.execute(new CountTeamSpacesQuery(teams.map((t) => t.id))) : new Map<string, number>(),
    ]);
    return teams.map((t) =>
      toTeamView(t, { admin: admin || organizationAllows('ownTeam', { ...caller, ownsTeam: owned.has(t.id) }), view: true }, spaces.get(t.id) ?? 0),
    );
  }
}
