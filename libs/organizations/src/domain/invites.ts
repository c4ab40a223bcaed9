import { BadRequest, PreconditionFailed, Role } from '@app/platform';
import { InviteNotFound, isMember, OrganizationEvent, OrganizationNotFound, OrganizationState, requireAdmin } from './organization';

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

export function decideCreateInviteLink(s: OrganizationState, id: string, actorId: string, inviteId: string, role: Role | null, now: Date): OrganizationEvent[] {
  requireAdmin(s, id, actorId, 'create invite links');
  if (!s.inviteLinks) throw new InviteLinksDisabled(id);
  return [{ type: 'OrganizationInviteCreated', data: { organizationId: id, inviteId, role, createdAt: now.toISOString(), createdBy: actorId } }];
}

export function decideChangeInviteRole(s: OrganizationState, id: string, actorId: string, inviteId: string, role: Role | null): OrganizationEvent[] {
  requireAdmin(s, id, actorId, 'update invite links');
  if (!(inviteId in s.invites)) throw new InviteNotFound(inviteId, id);
  const from = s.invites[inviteId];
  return from === role ? [] : [{ type: 'OrganizationInviteRoleChanged', data: { organizationId: id, inviteId, role, from } }];
}

/** Deleting an invite that does not exist decides nothing (204). */
export function decideDeleteInviteLink(s: OrganizationState, id: string, actorId: string, inviteId: string, now: Date): OrganizationEvent[] {
  requireAdmin(s, id, actorId, 'delete invite links');
  if (!(inviteId in s.invites)) return [];
  return [{ type: 'OrganizationInviteDeleted', data: { organizationId: id, inviteId, deletedAt: now.toISOString() } }];
}

/**
 * Joining with a link: the caller (usually not a member yet) gets the invite's role. An unknown
 * invite, or links switched off, is a 404 for the caller: the organization does not leak.
 * Members already in keep their role (a link never demotes or promotes anyone).
 */
export function decideJoinWithInvite(s: OrganizationState, id: string, userId: string, inviteId: string, now: Date): OrganizationEvent[] {
  if (!s.exists) throw new OrganizationNotFound(id);
  if (!(inviteId in s.invites) || !s.inviteLinks) throw new InviteNotFound(inviteId, id);
  if (isMember(s, userId)) return [];
  return [{ type: 'OrganizationJoined', data: { organizationId: id, userId, role: s.invites[inviteId], joinedAt: now.toISOString(), source: 'invite-link', inviteId } }];
}

/** Joining by verified email domain: the member gets the organization's defaultRole (null: guest). */
export function decideJoinByEmailDomain(s: OrganizationState, id: string, userId: string, verifiedEmail: string | null, now: Date): OrganizationEvent[] {
  if (!s.exists) throw new OrganizationNotFound(id);
  if (isMember(s, userId)) return [];
  const domain = verifiedEmail?.split('@').pop()?.toLowerCase() ?? '';
  if (!verifiedEmail) throw new BadRequest('email: joining by email domain needs a verified email address');
  if (!s.emailDomains.includes(domain)) throw new EmailDomainNotAllowed(domain, id);
  return [{ type: 'OrganizationJoined', data: { organizationId: id, userId, role: s.defaultRole, joinedAt: now.toISOString(), source: 'email-domain' } }];
}
