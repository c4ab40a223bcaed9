import { BadRequest } from '../ddd/errors';

/** Roles from most to least powerful; `null` is a guest (no role). */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];

const rank = (r: Role | null | undefined) => (r ? ROLES.length - ROLES.indexOf(r) : 0);

export const atLeast = (role: Role | null | undefined, min: Role): boolean => rank(role) >= rank(min);

/** The highest of several grants (null when none grants anything). */
export const highest = (...roles: Array<Role | null | undefined>): Role | null =>
  roles.reduce<Role | null>((best, r) => (rank(r) > rank(best) ? (r as Role) : best), null);

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);

/** Validates a "Role or null" field of a request body. */
export function parseRoleOrNull(field: string, v: unknown): Role | null {
  if (v === null || isRole(v)) return v;
  throw new BadRequest(`${field}: must be one of ${ROLES.join(', ')} or null`);
}
