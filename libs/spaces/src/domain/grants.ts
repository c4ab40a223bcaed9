import { Role } from '@app/platform';

/** Roles granted on one space or collection to users and to teams of its organization. */
export interface Grants {
  users: Record<string, Role>;
  teams: Record<string, Role>;
}
export type PrincipalKind = 'user' | 'team';

export const noGrants = (): Grants => ({ users: {}, teams: {} });

/**
 * What setting `role` for these principals changes: one entry per principal whose grant
 * differs (role null revokes: the principal keeps only what other sources give them).
 */
export function grantChanges(g: Grants, kind: PrincipalKind, ids: readonly string[], role: Role | null): Array<{ id: string; role: Role | null }> {
  const current = kind === 'user' ? g.users : g.teams;
  return [...new Set(ids)].filter((id) => (current[id] ?? null) !== role).map((id) => ({ id, role }));
}

export function applyGrant(g: Grants, kind: PrincipalKind, id: string, role: Role | null): Grants {
  const key = kind === 'user' ? 'users' : 'teams';
  const next = { ...g[key] };
  if (role) next[id] = role;
  else delete next[id];
  return { ...g, [key]: next };
}
