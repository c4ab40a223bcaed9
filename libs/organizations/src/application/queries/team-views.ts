import { Injectable } from '@nestjs/common';
import { ReadStore, Role } from '@app/platform';
import { organizationAllows } from '../../domain/organization-permissions';
import { TeamNotFound } from '../../domain/organization';
import { TEAM_MEMBERS, TeamDoc, TeamMemberDoc, TEAMS } from './read-models';
import { TeamView, toTeamView } from './team.view';

/** Team lookups and rendering with the caller's permissions (admin: manages it; view: may list teams). */
@Injectable()
export class TeamViews {
  constructor(private readonly store: ReadStore) {}

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
    const owned = admin ? new Set<string>() : new Set(await this.ownedTeamIds(organizationId, callerId));
    return teams.map((t) => toTeamView(t, { admin: admin || organizationAllows('ownTeam', { ...caller, ownsTeam: owned.has(t.id) }), view: true }));
  }
}
