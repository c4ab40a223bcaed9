import { Doc, ProjectionContext, RecordedEvent } from '@app/platform';
import { DataOf } from '../../domain/organization';
import { MEMBERS, MemberDoc, memberId, TEAM_MEMBERS, TEAM_SPACES, TeamDoc, TeamMemberDoc, teamMemberId, TEAMS, teamSpaceId } from './read-models';

/**
 * Team events of this context, plus the spaces context's integration events about team grants
 * (matched by type string: organizations never imports spaces).
 */
export const TEAM_EVENTS = [
  'TeamCreated', 'TeamRenamed', 'TeamDeleted', 'TeamMemberAdded', 'TeamMemberRoleChanged', 'TeamMemberRemoved',
  'SpaceTeamPermissionGranted', 'SpaceTeamPermissionRevoked', 'SpacePurged',
] as const;

/** Counter change that never goes below zero (a replayed removal must not make it negative). */
const add = (field: string, n: number) => <T extends Doc>(doc: T): T => ({ ...doc, [field]: Math.max(0, Number(doc[field] ?? 0) + n) });

async function dropTeamSpaces(ctx: ProjectionContext, filter: Record<string, unknown>): Promise<void> {
  for (const g of await ctx.find<{ id: string; teamId: string }>(TEAM_SPACES, filter)) {
    ctx.delete(TEAM_SPACES, g.id);
    await ctx.update<TeamDoc>(TEAMS, g.teamId, add('spaces', -1));
  }
}

export async function applyTeamEvent(e: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  switch (e.type) {
    case 'TeamCreated': {
      const d = e.data as DataOf<'TeamCreated'>;
      ctx.put(TEAMS, { id: d.teamId, organizationId: d.organizationId, title: d.title, createdAt: d.createdAt, seq: e.position, members: 0, spaces: 0 });
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
      await dropTeamSpaces(ctx, { teamId: d.teamId });
      ctx.delete(TEAMS, d.teamId);
      return;
    }
    case 'TeamMemberAdded': {
      const d = e.data as DataOf<'TeamMemberAdded'>;
      const team = await ctx.get<TeamDoc>(TEAMS, d.teamId);
      if (!team) return;
      ctx.put(TEAM_MEMBERS, { id: teamMemberId(d.teamId, d.userId), organizationId: d.organizationId, teamId: d.teamId, userId: d.userId, role: d.role, seq: e.position, teamTitle: team.title, teamSeq: team.seq });
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
    case 'SpaceTeamPermissionGranted': {
      // A second grant for the same space (a role change) does not count the space twice.
      const d = e.data as { spaceId: string; organizationId: string; teamId: string };
      const id = teamSpaceId(d.teamId, d.spaceId);
      const team = await ctx.get<TeamDoc>(TEAMS, d.teamId);
      if (!team || (await ctx.get(TEAM_SPACES, id))) return;
      ctx.put(TEAM_SPACES, { id, organizationId: d.organizationId, teamId: d.teamId, spaceId: d.spaceId });
      ctx.put(TEAMS, { ...team, spaces: team.spaces + 1 });
      return;
    }
    case 'SpaceTeamPermissionRevoked': {
      const d = e.data as { spaceId: string; teamId: string };
      return dropTeamSpaces(ctx, { id: teamSpaceId(d.teamId, d.spaceId) });
    }
    case 'SpacePurged':
      // A purged space is gone for good, whether or not its grants were revoked first.
      return dropTeamSpaces(ctx, { spaceId: (e.data as { spaceId: string }).spaceId });
  }
}
