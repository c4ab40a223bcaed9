import { DomainEvent, Evolver, BadRequest, registerUpcaster } from '@app/platform';

/**
 * `emailVerified`: users are created only by the operator (CLI) and by an admin's invitation,
 * both of which we treat as proof of the address; a self-signup path would register false.
 */
export type UserEvent = DomainEvent<'UserRegistered', { userId: string; email: string; displayName: string; registeredAt: string; emailVerified: boolean }>;

// Version 1 had no emailVerified; those users all came from the CLI, hence verified.
registerUpcaster('UserRegistered', 1, (data) => ({ emailVerified: true, ...(data as object) }));
export interface UserState { exists: boolean; email: string | null }

export const userStream = (id: string) => `identity.user-${id}`;
export const user: Evolver<UserState, UserEvent> = {
  initialState: { exists: false, email: null },
  evolve: (_s, e) => ({ exists: true, email: e.data.email }),
};

/** One stream per normalized email reserves it for one user (uniqueness without a query). */
export type EmailEvent = DomainEvent<'UserEmailClaimed', { email: string; userId: string }>;
export const emailStream = (email: string) => `identity.email-${normalizeEmail(email)}`;
export const emailClaim: Evolver<{ userId: string | null }, EmailEvent> = {
  initialState: { userId: null },
  evolve: (_s, e) => ({ userId: e.data.userId }),
};

export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)) throw new BadRequest(`email: "${email}" is not an email address`);
  return e;
}

export function validateDisplayName(name: string): string {
  const n = name.trim();
  if (n.length < 1 || n.length > 100) throw new BadRequest('name: must be 1 to 100 characters');
  return n;
}
