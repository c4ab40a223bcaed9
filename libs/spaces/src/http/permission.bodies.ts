import { BadRequest, check, parseRoleOrNull, Role } from '@app/platform';

const ids = (field: string, v: unknown): string[] => {
  const list = check.stringArray(field, v);
  if (list.length === 0) throw new BadRequest(`${field}: must list at least one id (minItems 1)`);
  list.forEach((x, i) => check.string(`${field}[${i}]`, x, { min: 1 }));
  return list;
};

/** Reference InviteUsersAndTeams: `role` (required, a role or null) with `users` and/or `teams`. */
export function parseInvite(body: unknown): { role: Role | null; users: string[]; teams: string[] } {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['role', 'users', 'teams']);
  if (!('role' in b)) throw new BadRequest('role: is required (a role, or null for guest)');
  if (!('users' in b) && !('teams' in b)) throw new BadRequest('body: give users or teams to invite');
  return {
    role: parseRoleOrNull('role', b.role),
    users: 'users' in b ? ids('users', b.users) : [],
    teams: 'teams' in b ? ids('teams', b.teams) : [],
  };
}

/** Body of PATCH .../permissions/users/{userId} and .../teams/{teamId}: `{role}`, null for guest. */
export function parseRole(body: unknown): Role | null {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['role']);
  if (!('role' in b)) throw new BadRequest('role: is required (a role, or null for guest)');
  return parseRoleOrNull('role', b.role);
}
