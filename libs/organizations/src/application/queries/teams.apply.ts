import { Doc, ProjectionContext, RecordedEvent } from '@app/platform';
import { DataOf } from '../../domain/organization';
import { MEMBERS, MemberDoc, memberId, TEAM_MEMBERS, TeamDoc, TeamMemberDoc, teamMemberId, TEAMS } from './read-models';

/**
 * Team events of this context. How many spaces a team is granted is the spaces context's answer
 * to CountTeamSpacesQuery (declared in this context's contracts), asked when a team is shown.
 */
export const TEAM_EVENTS = ['TeamCreated', 'TeamRenamed', 'TeamDeleted', 'TeamMemberAdded', 'TeamMemberRoleChanged', 'TeamMemberRemoved'] as const;

/** Counter change that never goes below zero (a replayed removal must not make it negative). */
const add =
  (field: string, n: number) =>
  <T extends Doc>(doc: T): T => ({ ...doc, [field]: Math.max(0, Number(doc[field] ?? 0) + n) });

export async function applyTeamEvent(e: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  switch (e.type) {
    case 'TeamCreated': {
      const d = e.data as DataOf<'TeamCreated'>;
      ctx.put(TEAMS, { id: d.teamId, organizationId: d.organizationId, title: d.title, createdAt: d.createdAt, seq: e.position, members: 0 });
      return;
    }
    case 'TeamRenamed': {
      const d = e.data as DataOf<'TeamRenamed'>;
      await ctx.update<TeamDoc>(TEAMS, d.teamId, (t) => ({ ...t, title: d.title }));
      for (const m of await ctx.find<TeamMemberDoc>(TEAM_MEMBERS, { teamId: d.teamId })) ctx.put(TEAM_MEMBERS, { ...m, teamTitle: d.title });
      return;
    }
    case 'TeamDeleted': {
      const d = e.data as DataOf<'TeamDeleted'>;
      for (const m of await ctx.find<TeamMemberDoc>(TEAM_MEMBERS, { teamId: d.teamId })) {
        ctx.delete(TEAM_MEMBERS, m.id);
        await ctx.update<MemberDoc>(MEMBERS, memberId(m.organizationId, m.userId), add('teams', -1));
      }
      ctx.delete(TEAMS, d.teamId);
      return;
    }
    case 'TeamMemberAdded': {
      const d = e.data as DataOf<'TeamMemberAdded'>;
      const team = await ctx.get<TeamDoc>(TEAMS, d.teamId);
      if (!team) return;
      ctx.put(TEAM_MEMBERS, {
        id: teamMemberId(d.teamId, d.userId),
        organizationId: d.organizationId,
        teamId: d.teamId,
        userId: d.userId,
        role: d.role,
        seq: e.position,
        teamTitle: team.title,
        teamSeq: team.seq,
      });
      ctx.put(TEAMS, { ...team, members: team.members + 1 });
      await ctx.update<MemberDoc>(MEMBERS, memberId(d.organizationId, d.userId), add('teams', 1));
      return;
    }
    case 'TeamMemberRoleChanged': {
      const d = e.data as DataOf<'TeamMemberRoleChanged'>;
      await ctx.update<TeamMemberDoc>(TEAM_MEMBERS, teamMemberId(d.teamId, d.userId), (m) => ({ ...m, role: d.role }));
      return;
    }
    case 'TeamMemberRemoved': {
      const d = e.data as DataOf<'TeamMemberRemoved'>;
      if (!(await ctx.get(TEAM_MEMBERS, teamMemberId(d.teamId, d.userId)))) return;
      ctx.delete(TEAM_MEMBERS, teamMemberId(d.teamId, d.userId));
      await ctx.update<TeamDoc>(TEAMS, d.teamId, add('members', -1));
      await ctx.update<MemberDoc>(MEMBERS, memberId(d.organizationId, d.userId), add('teams', -1));
      return;
    }
  }
}
