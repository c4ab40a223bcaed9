import { Conflict, Role } from '@app/platform';
import { adminCount, isMember, MemberNotFound, MemberSource, OrganizationEvent, OrganizationNotFound, OrganizationState, requireAdmin } from './organization';

/** Demoting or removing the last admin would leave nobody able to administrate the organization. */
export class LastAdmin extends Conflict {
  constructor(userId: string, orgId: string) {
    super(`Member ${userId} is the last admin of organization ${orgId}: promote another member to admin first (rule: an organization keeps at least one admin)`);
  }
}

/**
 * Operator action (CLI) and email invites: adds a user, or changes the role of an existing one;
 * the same role again is a no-op.
 */
export function decideAddMember(
  s: OrganizationState, id: string, userId: string, role: Role | null, now: Date,
  extra: { source?: MemberSource; sso?: boolean; addedBy?: string } = {},
): OrganizationEvent[] {
  if (!s.exists) throw new OrganizationNotFound(id);
  if (isMember(s, userId)) {
    const from = s.members[userId];
    if (from === role) return [];
    if (from === 'admin' && adminCount(s) === 1) throw new LastAdmin(userId, id);
    return [{ type: 'OrganizationMemberRoleChanged', data: { organizationId: id, userId, role, from } }];
  }
  return [{ type: 'OrganizationMemberAdded', data: { organizationId: id, userId, role, joinedAt: now.toISOString(), ...extra } }];
}

/**
 * Invites by email add the users right away (the reference answers with the ids "added to the
 * organization"). Existing members keep their role: an invite never demotes anyone.
 */
export function decideInviteMembers(
  s: OrganizationState, id: string, actorId: string, invites: Array<{ userId: string; role: Role | null; sso: boolean }>, now: Date,
): OrganizationEvent[] {
  requireAdmin(s, id, actorId, 'invite members');
  const seen = new Set<string>();
  return invites.flatMap((i) => {
    if (isMember(s, i.userId) || seen.has(i.userId)) return [];
    seen.add(i.userId);
    return decideAddMember(s, id, i.userId, i.role, now, { source: 'email-invite', sso: i.sso, addedBy: actorId });
  });
}

/** `role` undefined (a PATCH without it) changes nothing, but is still only for admins. */
export function decideChangeMemberRole(s: OrganizationState, id: string, actorId: string, userId: string, role: Role | null | undefined): OrganizationEvent[] {
  requireAdmin(s, id, actorId, "change members' roles");
  if (!isMember(s, userId)) throw new MemberNotFound(userId, id);
  const from = s.members[userId];
  if (role === undefined || from === role) return [];
  if (from === 'admin' && adminCount(s) === 1) throw new LastAdmin(userId, id);
  return [{ type: 'OrganizationMemberRoleChanged', data: { organizationId: id, userId, role, from } }];
}

/** Removing someone who is not a member decides nothing (204); their team seats go with them. */
export function decideRemoveMember(s: OrganizationState, id: string, actorId: string, userId: string, now: Date): OrganizationEvent[] {
  requireAdmin(s, id, actorId, 'remove members');
  if (!isMember(s, userId)) return [];
  const role = s.members[userId];
  if (role === 'admin' && adminCount(s) === 1) throw new LastAdmin(userId, id);
  const teamSeats: OrganizationEvent[] = Object.entries(s.teams)
    .filter(([, t]) => userId in t.members)
    .map(([teamId]) => ({ type: 'TeamMemberRemoved', data: { organizationId: id, teamId, userId } }));
  return [...teamSeats, { type: 'OrganizationMemberRemoved', data: { organizationId: id, userId, role, removedAt: now.toISOString() } }];
}
