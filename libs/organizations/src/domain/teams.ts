import { BadRequest, Forbidden } from '@app/platform';
import { organizationAllows } from './organization-permissions';
import { actorRole, CommandOf, isMember, OrganizationEvent, OrganizationState, requireAdmin, TeamNotFound, TeamRole, TeamState } from './organization';

export class NotAnOrganizationMember extends BadRequest {
  constructor(field: string, userId: string, orgId: string) {
    super(`${field}: user ${userId} is not a member of organization ${orgId} (rule: only organization members can be team members)`);
  }
}

/**
 * Who manages a team (renames it, changes its members): organization admins manage every team;
 * a team owner manages their own team, unless they are a guest (guests cannot even see teams).
 * Creating and deleting teams is for admins only.
 */
export const canManageTeam = (s: OrganizationState, userId: string, team: TeamState): boolean => {
  const caller = { member: isMember(s, userId), role: s.members[userId] ?? null, ownsTeam: team.members[userId] === 'owner' };
  return organizationAllows('admin', caller) || organizationAllows('ownTeam', caller);
};

/** A team's title: trimmed, 1 to 64 characters. */
export function validateTeamTitle(field: string, title: string): string {
  const t = title.trim();
  if ([...t].length < 1 || [...t].length > 64) throw new BadRequest(`${field}: must be 1 to 64 characters`);
  return t;
}

function team(s: OrganizationState, id: string, teamId: string): TeamState {
  const t = s.teams[teamId];
  if (!t) throw new TeamNotFound(teamId, id);
  return t;
}

function requireManager(s: OrganizationState, id: string, actorId: string, teamId: string): TeamState {
  actorRole(s, id, actorId);
  const t = team(s, id, teamId);
  if (!canManageTeam(s, actorId, t)) throw new Forbidden(`Only organization admins and owners of team ${teamId} can manage it`);
  return t;
}

/** At most this many member changes in one decision (one request). */
export const MAX_TEAM_CHANGES = 1000;

export function decideCreateTeam(c: CommandOf<'CreateTeam'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  const { organizationId, teamId } = c;
  requireAdmin(s, organizationId, c.actorId, 'create teams');
  const at = now.toISOString();
  if (c.members.length > MAX_TEAM_CHANGES) throw new BadRequest(`members: at most ${MAX_TEAM_CHANGES}`);
  c.members.forEach((userId, i) => {
    if (!isMember(s, userId)) throw new NotAnOrganizationMember(`members[${i}]`, userId, organizationId);
  });
  return [
    { type: 'TeamCreated', data: { organizationId, teamId, title: validateTeamTitle('title', c.title), createdAt: at, createdBy: c.actorId } },
    ...[...new Set(c.members)].map((userId): OrganizationEvent => ({
      type: 'TeamMemberAdded',
      data: { organizationId, teamId, userId, role: 'member', addedAt: at },
    })),
  ];
}

export function decideRenameTeam(c: CommandOf<'RenameTeam'>, s: OrganizationState): OrganizationEvent[] {
  const t = requireManager(s, c.organizationId, c.actorId, c.teamId);
  const next = validateTeamTitle('title', c.title);
  return next === t.title ? [] : [{ type: 'TeamRenamed', data: { organizationId: c.organizationId, teamId: c.teamId, title: next, from: t.title } }];
}

/** Deleting a team that does not exist decides nothing (204). */
export function decideDeleteTeam(c: CommandOf<'DeleteTeam'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  requireAdmin(s, c.organizationId, c.actorId, 'delete teams');
  if (!s.teams[c.teamId]) return [];
  return [{ type: 'TeamDeleted', data: { organizationId: c.organizationId, teamId: c.teamId, deletedAt: now.toISOString() } }];
}

/**
 * Adds, re-roles and removes team members in one decision. A user both set and removed is
 * removed (the reference's rule). Added users must be organization members; a user named by an
 * email no user has is a 400 when added, and removes nobody when removed (like a non-member id).
 */
export function decideChangeTeamMembers(c: CommandOf<'ChangeTeamMembers'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  const { organizationId, teamId } = c;
  const t = requireManager(s, organizationId, c.actorId, teamId);
  if (c.set.length + c.remove.length > MAX_TEAM_CHANGES) throw new BadRequest(`body: at most ${MAX_TEAM_CHANGES} changes per request`);
  const unknown = c.set.find((u) => u.userId === null);
  if (unknown) throw new BadRequest(`${unknown.field}: no user with email ${unknown.ref}`);
  const removed = new Set(c.remove.flatMap((u) => (u.userId === null ? [] : [u.userId])));
  const events: OrganizationEvent[] = [];
  const members = { ...t.members };
  for (const { field, userId, role } of c.set as Array<{ field: string; userId: string; role: TeamRole | undefined }>) {
    if (removed.has(userId)) continue;
    if (!isMember(s, userId)) throw new NotAnOrganizationMember(field, userId, organizationId);
    const from = members[userId];
    if (!from) {
      members[userId] = role ?? 'member';
      events.push({ type: 'TeamMemberAdded', data: { organizationId, teamId, userId, role: role ?? 'member', addedAt: now.toISOString() } });
    } else if (role && role !== from) {
      members[userId] = role;
      events.push({ type: 'TeamMemberRoleChanged', data: { organizationId, teamId, userId, role, from } });
    }
  }
  for (const userId of removed) {
    if (members[userId]) events.push({ type: 'TeamMemberRemoved', data: { organizationId, teamId, userId } });
  }
  return events;
}
