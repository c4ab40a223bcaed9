import { BadRequest, Forbidden } from '@app/platform';
import { organizationAllows } from './organization-permissions';
import { actorRole, isMember, OrganizationEvent, OrganizationState, requireAdmin, TeamNotFound, TeamRole, TeamState } from './organization';

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

export function validateTeamTitle(field: string, title: unknown): string {
  if (typeof title !== 'string') throw new BadRequest(`${field}: must be a string`);
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

export function decideCreateTeam(s: OrganizationState, id: string, actorId: string, teamId: string, title: string, members: string[], now: Date): OrganizationEvent[] {
  requireAdmin(s, id, actorId, 'create teams');
  const at = now.toISOString();
  members.forEach((userId, i) => { if (!isMember(s, userId)) throw new NotAnOrganizationMember(`members[${i}]`, userId, id); });
  return [
    { type: 'TeamCreated', data: { organizationId: id, teamId, title: validateTeamTitle('title', title), createdAt: at, createdBy: actorId } },
    ...[...new Set(members)].map((userId): OrganizationEvent => ({ type: 'TeamMemberAdded', data: { organizationId: id, teamId, userId, role: 'member', addedAt: at } })),
  ];
}

export function decideRenameTeam(s: OrganizationState, id: string, actorId: string, teamId: string, title: string): OrganizationEvent[] {
  const t = requireManager(s, id, actorId, teamId);
  const next = validateTeamTitle('title', title);
  return next === t.title ? [] : [{ type: 'TeamRenamed', data: { organizationId: id, teamId, title: next, from: t.title } }];
}

/** Deleting a team that does not exist decides nothing (204). */
export function decideDeleteTeam(s: OrganizationState, id: string, actorId: string, teamId: string, now: Date): OrganizationEvent[] {
  requireAdmin(s, id, actorId, 'delete teams');
  if (!s.teams[teamId]) return [];
  return [{ type: 'TeamDeleted', data: { organizationId: id, teamId, deletedAt: now.toISOString() } }];
}

export interface TeamMembershipChange {
  /** userId → role to set (added when not in the team yet). */
  set: Array<{ field: string; userId: string; role: TeamRole | undefined }>;
  remove: string[];
}

/**
 * Adds, re-roles and removes team members in one decision. A user both set and removed is
 * removed (the reference's rule). Added users must be organization members.
 */
export function decideChangeTeamMembers(s: OrganizationState, id: string, actorId: string, teamId: string, change: TeamMembershipChange, now: Date): OrganizationEvent[] {
  const t = requireManager(s, id, actorId, teamId);
  const removed = new Set(change.remove);
  const events: OrganizationEvent[] = [];
  const members = { ...t.members };
  for (const { field, userId, role } of change.set) {
    if (removed.has(userId)) continue;
    if (!isMember(s, userId)) throw new NotAnOrganizationMember(field, userId, id);
    const from = members[userId];
    if (!from) {
      members[userId] = role ?? 'member';
      events.push({ type: 'TeamMemberAdded', data: { organizationId: id, teamId, userId, role: role ?? 'member', addedAt: now.toISOString() } });
    } else if (role && role !== from) {
      members[userId] = role;
      events.push({ type: 'TeamMemberRoleChanged', data: { organizationId: id, teamId, userId, role, from } });
    }
  }
  for (const userId of removed) {
    if (members[userId]) events.push({ type: 'TeamMemberRemoved', data: { organizationId: id, teamId, userId } });
  }
  return events;
}
