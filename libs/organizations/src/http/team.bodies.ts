import { IsIn, IsString } from 'class-validator';
import { IfPresent, IsArrayOf, isPlainObject, Satisfies, unknownKeyProblem } from '@app/platform';
import { UserRef } from '../application/commands/team-members.commands';
import { TEAM_ROLES, TeamRole } from '../domain/organization';

/** The title's length (1 to 64 after trimming) is the decider's rule (domain/teams.ts). */
const TITLE = { message: '$property: is required, a string of 1 to 64 characters' };
const userRef = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const USER_REF = 'must be a user id or an email';

/** Body of PUT /orgs/{organizationId}/teams: `{title, members?}` (member ids). */
export class CreateTeamBody {
  @IsString(TITLE)
  title!: string;

  @IfPresent()
  @IsArrayOf((v) => typeof v === 'string', 'must be a user id')
  members?: string[];
}

/** Body of PATCH /orgs/{organizationId}/teams/{teamId}: `{title}` (required). */
export class UpdateTeamBody {
  @IsString(TITLE)
  title!: string;
}

function membershipsProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object`;
  for (const [ref, m] of Object.entries(v)) {
    const f = `${field}.${ref}`;
    const p = !isPlainObject(m)
      ? `${f}: must be an object`
      : (unknownKeyProblem(m, ['role'], f) ?? (TEAM_ROLES.includes(m.role as TeamRole) ? null : `${f}.role: must be one of ${TEAM_ROLES.join(', ')}`));
    if (p) return p;
  }
  return null;
}

/** Body of PUT .../teams/{teamId}/members (reference UpdateMembersInOrganizationTeam); users by id or email. */
export class UpdateTeamMembersBody {
  @IfPresent()
  @IsArrayOf(userRef, USER_REF)
  add?: string[];

  @IfPresent()
  @Satisfies('isTeamMemberships', membershipsProblem)
  memberships?: Record<string, { role: TeamRole }>;

  @IfPresent()
  @IsArrayOf(userRef, USER_REF)
  remove?: string[];

  /** Users to add or re-role (added ones first), and users to remove, each with its field. */
  change(): { set: Array<UserRef & { role: TeamRole | undefined }>; remove: UserRef[] } {
    const refs = (field: string, list: string[] = []) => list.map((ref, i) => ({ field: `${field}[${i}]`, ref: ref.trim() }));
    const memberships = Object.entries(this.memberships ?? {}).map(([ref, m]) => ({ field: `memberships.${ref}`, ref, role: m.role }));
    return { set: [...refs('add', this.add).map((u) => ({ ...u, role: undefined })), ...memberships], remove: refs('remove', this.remove) };
  }
}

/** Body of PUT .../teams/{teamId}/members/{userId}: optional `{role}` (owner or member). */
export class AddTeamMemberBody {
  @IfPresent()
  @IsIn(TEAM_ROLES)
  role?: TeamRole;
}
