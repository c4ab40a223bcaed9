import { Role } from '@app/platform';

/** Roles granted on one space or collection to users and to teams of its organization. */
export interface Grants {
  users: Record<string, Role>;
  teams: Record<string, Role>;
}
export type PrincipalKind = 'user' | 'team';

export const noGrants = (): Grants => ({ users: {}, teams: {} });

/** One grant that a command changes: `role` null revokes, `previousRole` null was no grant. */
export interface GrantChange {
  kind: PrincipalKind;
  id: string;
  role: Role | null;
  previousRole: Role | null;
}

/**
 * What setting `role` for these users and teams changes (users first, then teams): one entry
 * per principal whose grant differs. Role null revokes: the principal keeps only what other
 * sources give them. The same rule for spaces and collections; each maps it to its events.
 */
export function grantChanges(g: Grants, principals: { users?: readonly string[]; teams?: readonly string[] }, role: Role | null): GrantChange[] {
  const of = (kind: PrincipalKind, ids: readonly string[] = []): GrantChange[] => {
    const current = kind === 'user' ? g.users : g.teams;
    return [...new Set(ids)].filter((id) => (current[id] ?? null) !== role).map((id) => ({ kind, id, role, previousRole: current[id] ?? null }));
  };
  return [...of('user', principals.users), ...of('team', principals.teams)];
}

export function applyGrant(g: Grants, kind: PrincipalKind, id: string, role: Role | null): Grants {
  const key = kind === 'user' ? 'users' : 'teams';
  const next = { ...g[key] };
  if (role) next[id] = role;
  else delete next[id];
  return { ...g, [key]: next };
}
