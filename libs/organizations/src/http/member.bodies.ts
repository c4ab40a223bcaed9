import { IsBoolean } from 'class-validator';
import { IfPresent, isPlainObject, IsRefused, IsRoleOrNull, Role, roleOrNullProblem, Satisfies, unknownKeyProblem } from '@app/platform';
import { EmailInvite } from '../application/commands/invite-members.command';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_INVITES = 1000;

/** Body of PATCH /orgs/{organizationId}/members/{userId}: `{role}` (Role or null); no role changes nothing. */
export class UpdateMemberBody {
  @IfPresent()
  @IsRoleOrNull()
  role?: Role | null;
}

const normalize = (email: string) => email.trim().toLowerCase();

function emailProblem(field: string, v: unknown): string | null {
  return typeof v === 'string' && v.length <= 254 && EMAIL.test(normalize(v)) ? null : `${field}: must be an email address`;
}

/** An email, or `{email, role}` with an explicit role (a role or null). */
function inviteProblem(field: string, v: unknown): string | null {
  if (typeof v === 'string') return emailProblem(field, v);
  if (!isPlainObject(v)) return `${field}: must be an email or an {email, role} object`;
  return (
    unknownKeyProblem(v, ['email', 'role'], field) ??
    ('role' in v ? roleOrNullProblem(v.role, `${field}.role`) : `${field}.role: is required (a role or null) when an invite is an object`) ??
    emailProblem(`${field}.email`, v.email)
  );
}

function emailInvitesProblem(v: unknown, field: string): string | null {
  if (!Array.isArray(v)) return `${field}: is required and must be an array of emails or {email, role} objects`;
  if (v.length > MAX_INVITES) return `${field}: at most ${MAX_INVITES} per request`;
  for (const [i, e] of v.entries()) {
    const p = inviteProblem(`${field}[${i}]`, e);
    if (p) return p;
  }
  return null;
}

/** Body of POST /orgs/{organizationId}/invites (reference InviteUsersToOrganization). */
export class InviteUsersBody {
  @Satisfies('isEmailInvites', emailInvitesProblem)
  emails!: Array<string | { email: string; role: Role | null }>;

  @IfPresent()
  @IsRoleOrNull()
  role?: Role | null;

  @IfPresent()
  @IsBoolean()
  sso?: boolean;

  invites(): EmailInvite[] {
    return this.emails.map((e) => (typeof e === 'string' ? { email: normalize(e), role: undefined } : { email: normalize(e.email), role: e.role }));
  }
}

const requiredRoleOrNull = (v: unknown, field: string) => (v === undefined ? `${field}: is required (a role or null for guests)` : roleOrNullProblem(v, field));

/** Body of POST /orgs/{organizationId}/link-invites: only the organization variant `{role}`. */
export class CreateInviteLinkBody {
  @Satisfies('isRoleOrNull', requiredRoleOrNull)
  role!: Role | null;

  // Their answer embeds a full Space or Collection, which only the spaces context can render.
  @IsRefused('invite links to a space are not supported; create an organization invite link with {role}')
  space?: unknown;

  @IsRefused('invite links to a collection are not supported; create an organization invite link with {role}')
  collection?: unknown;
}

/** Body of PATCH /orgs/{organizationId}/link-invites/{inviteId}: `{role}` (`level` is for content invites). */
export class UpdateInviteLinkBody {
  @Satisfies('isRoleOrNull', requiredRoleOrNull)
  role!: Role | null;

  @IsRefused('applies to space and collection invites; an organization invite changes with {role}')
  level?: unknown;
}
