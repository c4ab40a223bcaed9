import { BadRequest, check, parseRoleOrNull, Role } from '@app/platform';
import { EmailInvite } from '../application/commands/invite-members.command';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_INVITES = 1000;

/** Body of PATCH /orgs/{organizationId}/members/{userId}: `{role}` (Role or null); no role changes nothing. */
export function parseMemberPatch(body: unknown): { role?: Role | null } {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['role']);
  return 'role' in b ? { role: parseRoleOrNull('role', b.role) } : {};
}

/** Body of POST /orgs/{organizationId}/invites (reference InviteUsersToOrganization). */
export function parseInviteUsers(body: unknown): { invites: EmailInvite[]; role: Role | null | undefined; sso: boolean } {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['emails', 'role', 'sso']);
  if (!Array.isArray(b.emails)) throw new BadRequest('emails: is required and must be an array of emails or {email, role} objects');
  if (b.emails.length > MAX_INVITES) throw new BadRequest(`emails: at most ${MAX_INVITES} per request`);
  const invites = b.emails.map((e, i): EmailInvite => {
    const field = `emails[${i}]`;
    if (typeof e === 'string') return { email: email(field, e), role: undefined };
    const o = check.object(field, e);
    check.onlyKeys(field, o, ['email', 'role']);
    if (!('role' in o)) throw new BadRequest(`${field}.role: is required (a role or null) when an invite is an object`);
    return { email: email(`${field}.email`, o.email), role: parseRoleOrNull(`${field}.role`, o.role) };
  });
  if ('sso' in b && typeof b.sso !== 'boolean') throw new BadRequest('sso: must be a boolean');
  return { invites, role: 'role' in b ? parseRoleOrNull('role', b.role) : undefined, sso: b.sso === true };
}

function email(field: string, v: unknown): string {
  const s = check.string(field, v, { max: 254 }).trim().toLowerCase();
  if (!EMAIL.test(s)) throw new BadRequest(`${field}: must be an email address`);
  return s;
}

/** Body of POST /orgs/{organizationId}/link-invites: only the organization variant `{role}`. */
export function parseCreateInviteLink(body: unknown): Role | null {
  const b = check.object('body', body ?? {});
  for (const k of ['space', 'collection'] as const) {
    // Their answer embeds a full Space or Collection, which only the spaces context can render.
    if (k in b) throw new BadRequest(`${k}: invite links to a ${k} are not supported; create an organization invite link with {role}`);
  }
  check.onlyKeys('body', b, ['role']);
  if (!('role' in b)) throw new BadRequest('role: is required (a role or null for guests)');
  return parseRoleOrNull('role', b.role);
}

/** Body of PATCH /orgs/{organizationId}/link-invites/{inviteId}: `{role}` (`level` is for content invites). */
export function parseInviteLinkPatch(body: unknown): Role | null {
  const b = check.object('body', body ?? {});
  if ('level' in b) throw new BadRequest('level: applies to space and collection invites; an organization invite changes with {role}');
  check.onlyKeys('body', b, ['role']);
  if (!('role' in b)) throw new BadRequest('role: is required (a role or null for guests)');
  return parseRoleOrNull('role', b.role);
}
