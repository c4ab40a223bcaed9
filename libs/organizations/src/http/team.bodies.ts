import { BadRequest, check } from '@app/platform';
import { UserRef } from '../application/commands/team-members.commands';
import { TEAM_ROLES, TeamRole } from '../domain/organization';
import { validateTeamTitle } from '../domain/teams';

export const MAX_TEAM_CHANGES = 1000;

/** Body of PUT /orgs/{organizationId}/teams: `{title, members?}`. */
export function parseCreateTeam(body: unknown): { title: string; members: string[] } {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['title', 'members']);
  if (!('title' in b)) throw new BadRequest('title: is required (1 to 64 characters)');
  const members = 'members' in b ? check.stringArray('members', b.members) : [];
  if (members.length > MAX_TEAM_CHANGES) throw new BadRequest(`members: at most ${MAX_TEAM_CHANGES}`);
  return { title: validateTeamTitle('title', b.title), members };
}

/** Body of PATCH /orgs/{organizationId}/teams/{teamId}: `{title}` (required). */
export function parseTeamPatch(body: unknown): string {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['title']);
  if (!('title' in b)) throw new BadRequest('title: is required (1 to 64 characters)');
  return validateTeamTitle('title', b.title);
}

const teamRole = (field: string, v: unknown): TeamRole => check.oneOf(field, v, TEAM_ROLES);

/** Body of PUT .../teams/{teamId}/members (reference UpdateMembersInOrganizationTeam); users by id or email. */
export function parseUpdateTeamMembers(body: unknown): { set: Array<UserRef & { role: TeamRole | undefined }>; remove: UserRef[] } {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['add', 'memberships', 'remove']);
  const refs = (field: string) => (field in b ? check.stringArray(field, b[field]).map((ref, i) => ({ field: `${field}[${i}]`, ref: nonEmpty(`${field}[${i}]`, ref) })) : []);
  const add = refs('add').map((u) => ({ ...u, role: undefined }));
  const remove = refs('remove');
  const memberships = 'memberships' in b ? Object.entries(check.object('memberships', b.memberships)).map(([ref, v]) => {
    const m = check.object(`memberships.${ref}`, v);
    check.onlyKeys(`memberships.${ref}`, m, ['role']);
    return { field: `memberships.${ref}`, ref, role: teamRole(`memberships.${ref}.role`, m.role) };
  }) : [];
  if (add.length + remove.length + memberships.length > MAX_TEAM_CHANGES) throw new BadRequest(`body: at most ${MAX_TEAM_CHANGES} changes per request`);
  return { set: [...add, ...memberships], remove };
}

/** Body of PUT .../teams/{teamId}/members/{userId}: optional `{role}` (owner or member). */
export function parseAddTeamMember(body: unknown): TeamRole | undefined {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['role']);
  return 'role' in b ? teamRole('role', b.role) : undefined;
}

function nonEmpty(field: string, v: string): string {
  if (v.trim() === '') throw new BadRequest(`${field}: must be a user id or an email`);
  return v.trim();
}
