import { PreconditionFailed } from '@app/platform';
import { CommandOf, isMember, MemberNotFound, OrganizationEvent, OrganizationNotFound, OrganizationState, requireAdmin } from './organization';

/**
 * An SSO member signs in through the organization's identity provider, which then vouches for
 * their whole account (an API token is user-wide): so only a user who belongs to no other
 * organization may be one, the same rule as SSO invites (`ssoGranted`).
 */
export class MemberOfOtherOrganizations extends PreconditionFailed {
  constructor(userId: string) {
    super(
      `User ${userId} belongs to other organizations too: an SSO member belongs to one organization only (its identity provider vouches for the whole account)`,
    );
  }
}

/** setUserAsSSOMemberForOrganization: admins only; a member who already is one is a no-op. */
export function decideGrantMemberSso(c: CommandOf<'GrantMemberSso'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  const { organizationId, userId } = c;
  requireAdmin(s, organizationId, c.actorId, 'make members SSO members');
  if (!isMember(s, userId)) throw new MemberNotFound(userId, organizationId);
  if (s.ssoMembers[userId]) return [];
  if (c.memberElsewhere) throw new MemberOfOtherOrganizations(userId);
  return [{ type: 'OrganizationMemberSsoGranted', data: { organizationId, userId, grantedAt: now.toISOString(), grantedBy: c.actorId } }];
}

/**
 * A verified SAML sign-in. A new user joins as an SSO member with the provider's default role,
 * and into its default team when that team still exists; a member keeps their role and becomes
 * an SSO member; an SSO member signing in again changes nothing.
 */
export function decideJoinWithSso(c: CommandOf<'JoinWithSso'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  const { organizationId, userId, providerId } = c;
  if (!s.exists) throw new OrganizationNotFound(organizationId);
  if (c.memberElsewhere) throw new MemberOfOtherOrganizations(userId);
  const at = now.toISOString();
  if (isMember(s, userId)) {
    return s.ssoMembers[userId] ? [] : [{ type: 'OrganizationMemberSsoGranted', data: { organizationId, userId, grantedAt: at, providerId } }];
  }
  const events: OrganizationEvent[] = [
    { type: 'OrganizationMemberAdded', data: { organizationId, userId, role: c.role, joinedAt: at, source: 'sso', sso: true } },
  ];
  if (c.teamId && s.teams[c.teamId]) {
    events.push({ type: 'TeamMemberAdded', data: { organizationId, teamId: c.teamId, userId, role: 'member', addedAt: at } });
  }
  return events;
}
