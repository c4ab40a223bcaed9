import { Conflict, Role } from '@app/platform';
import {
  adminCount,
  CommandOf,
  isMember,
  MemberNotFound,
  MemberSource,
  OrganizationEvent,
  OrganizationNotFound,
  OrganizationState,
  requireAdmin,
} from './organization';

/** Demoting or removing the last admin would leave nobody able to administrate the organization. */
export class LastAdmin extends Conflict {
  constructor(userId: string, orgId: string) {
    super(
      `Member ${userId} is the last admin of organization ${orgId}: promote another member to admin first (rule: an organization keeps at least one admin)`,
    );
  }
}

/** An organization keeps at least one admin: the last one may be neither demoted nor removed. */
function requireAnotherAdmin(s: OrganizationState, organizationId: string, userId: string): void {
  if (s.members[userId] === 'admin' && adminCount(s) === 1) throw new LastAdmin(userId, organizationId);
}

/** Every role change of a member: the same role again is a no-op. */
function changeRole(s: OrganizationState, organizationId: string, userId: string, role: Role | null): OrganizationEvent[] {
  const from = s.members[userId];
  if (from === role) return [];
  requireAnotherAdmin(s, organizationId, userId);
  return [{ type: 'OrganizationMemberRoleChanged', data: { organizationId, userId, role, from } }];
}

function addMember(
  s: OrganizationState,
  organizationId: string,
  userId: string,
  role: Role | null,
  now: Date,
  extra: { source: MemberSource; sso?: boolean; addedBy?: string },
): OrganizationEvent[] {
  if (isMember(s, userId)) return changeRole(s, organizationId, userId, role);
  return [{ type: 'OrganizationMemberAdded', data: { organizationId, userId, role, joinedAt: now.toISOString(), ...extra } }];
}

/** Operator action (CLI): adds a user, or changes the role of an existing one. */
export function decideAddMember(c: CommandOf<'AddMember'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  if (!s.exists) throw new OrganizationNotFound(c.organizationId);
  return addMember(s, c.organizationId, c.userId, c.role, now, { source: c.source });
}

/**
 * Invites by email add the users right away (the reference answers with the ids "added to the
 * organization"). Existing members keep their role: an invite never demotes anyone. The role is
 * the invite's own, else the body's, else the organization's defaultRole; SSO membership is only
 * granted to users who belong to no other organization.
 */
export function decideInviteMembers(c: CommandOf<'InviteMembers'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  requireAdmin(s, c.organizationId, c.actorId, 'invite members');
  const seen = new Set<string>();
  return c.invites.flatMap((i) => {
    if (isMember(s, i.userId) || seen.has(i.userId)) return [];
    seen.add(i.userId);
    const role = i.role !== undefined ? i.role : c.role !== undefined ? c.role : s.defaultRole;
    return addMember(s, c.organizationId, i.userId, role, now, { source: 'email-invite', sso: ssoGranted(c.sso, i), addedBy: c.actorId });
  });
}

/** SSO membership, when asked for, is only for users who belong to no other organization. */
export const ssoGranted = (sso: boolean, i: { memberElsewhere: boolean }) => sso && !i.memberElsewhere;

/** `role` undefined (a PATCH without it) changes nothing, but is still only for admins. */
export function decideChangeMemberRole(c: CommandOf<'ChangeMemberRole'>, s: OrganizationState): OrganizationEvent[] {
  requireAdmin(s, c.organizationId, c.actorId, "change members' roles");
  if (!isMember(s, c.userId)) throw new MemberNotFound(c.userId, c.organizationId);
  return c.role === undefined ? [] : changeRole(s, c.organizationId, c.userId, c.role);
}

/** Removing someone who is not a member decides nothing (204); their team seats go with them. */
export function decideRemoveMember(c: CommandOf<'RemoveMember'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  const { organizationId, userId } = c;
  requireAdmin(s, organizationId, c.actorId, 'remove members');
  if (!isMember(s, userId)) return [];
  requireAnotherAdmin(s, organizationId, userId);
  const role = s.members[userId];
  const teamSeats: OrganizationEvent[] = Object.entries(s.teams)
    .filter(([, t]) => userId in t.members)
    .map(([teamId]) => ({ type: 'TeamMemberRemoved', data: { organizationId, teamId, userId } }));
  return [...teamSeats, { type: 'OrganizationMemberRemoved', data: { organizationId, userId, role, removedAt: now.toISOString() } }];
}
