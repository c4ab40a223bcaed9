import { BadRequest, PreconditionFailed } from '@app/platform';
import { CommandOf, InviteNotFound, isMember, OrganizationEvent, OrganizationNotFound, OrganizationState, requireAdmin } from './organization';

export class InviteLinksDisabled extends PreconditionFailed {
  constructor(orgId: string) {
    super(`inviteLinks: invite links are disabled for organization ${orgId}; an admin enables them with PATCH /v1/orgs/${orgId} {"inviteLinks": true}`);
  }
}
export class EmailDomainNotAllowed extends BadRequest {
  constructor(domain: string, orgId: string) {
    super(`email: the domain ${domain} of your verified email is not one of the email domains of organization ${orgId}`);
  }
}

// ——— Link invites (admins manage them; anyone holding the id may join while links are enabled) ———

export function decideCreateInviteLink(c: CommandOf<'CreateInviteLink'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  const { organizationId, actorId } = c;
  requireAdmin(s, organizationId, actorId, 'create invite links');
  if (!s.inviteLinks) throw new InviteLinksDisabled(organizationId);
  return [
    { type: 'OrganizationInviteCreated', data: { organizationId, inviteId: c.inviteId, role: c.role, createdAt: now.toISOString(), createdBy: actorId } },
  ];
}

export function decideChangeInviteRole(c: CommandOf<'ChangeInviteRole'>, s: OrganizationState): OrganizationEvent[] {
  const { organizationId, inviteId, role } = c;
  requireAdmin(s, organizationId, c.actorId, 'update invite links');
  if (!(inviteId in s.invites)) throw new InviteNotFound(inviteId, organizationId);
  const from = s.invites[inviteId];
  return from === role ? [] : [{ type: 'OrganizationInviteRoleChanged', data: { organizationId, inviteId, role, from } }];
}

/** Deleting an invite that does not exist decides nothing (204). */
export function decideDeleteInviteLink(c: CommandOf<'DeleteInviteLink'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  requireAdmin(s, c.organizationId, c.actorId, 'delete invite links');
  if (!(c.inviteId in s.invites)) return [];
  return [{ type: 'OrganizationInviteDeleted', data: { organizationId: c.organizationId, inviteId: c.inviteId, deletedAt: now.toISOString() } }];
}

/**
 * Joining with a link: the caller (usually not a member yet) gets the invite's role. An unknown
 * invite, or links switched off, is a 404 for the caller: the organization does not leak.
 * Members already in keep their role (a link never demotes or promotes anyone).
 */
export function decideJoinWithInvite(c: CommandOf<'JoinWithInvite'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  const { organizationId, userId, inviteId } = c;
  if (!s.exists) throw new OrganizationNotFound(organizationId);
  if (!(inviteId in s.invites) || !s.inviteLinks) throw new InviteNotFound(inviteId, organizationId);
  if (isMember(s, userId)) return [];
  return [
    { type: 'OrganizationJoined', data: { organizationId, userId, role: s.invites[inviteId], joinedAt: now.toISOString(), source: 'invite-link', inviteId } },
  ];
}

/** Joining by verified email domain: the member gets the organization's defaultRole (null: guest). */
export function decideJoinByEmailDomain(c: CommandOf<'JoinByEmailDomain'>, s: OrganizationState, now: Date): OrganizationEvent[] {
  const { organizationId, userId, verifiedEmail } = c;
  if (!s.exists) throw new OrganizationNotFound(organizationId);
  if (isMember(s, userId)) return [];
  if (!verifiedEmail) throw new BadRequest('email: joining by email domain needs a verified email address');
  const domain = verifiedEmail.split('@').pop()!.toLowerCase();
  if (!s.emailDomains.includes(domain)) throw new EmailDomainNotAllowed(domain, organizationId);
  return [{ type: 'OrganizationJoined', data: { organizationId, userId, role: s.defaultRole, joinedAt: now.toISOString(), source: 'email-domain' } }];
}
