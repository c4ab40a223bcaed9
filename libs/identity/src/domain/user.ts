import { BadRequest, Decider, DomainEvent, registerUpcaster, unreachable } from '@app/platform';
import { checkProfileChanges, ProfileChanges, UpdateUserProfile } from './user-profile';

/**
 * `emailVerified`: users are created only by the operator (CLI) and by an admin's invitation,
 * both of which we treat as proof of the address; a self-signup path would register false.
 */
export type UserEvent =
  | DomainEvent<'UserRegistered', { userId: string; email: string; displayName: string; registeredAt: string; emailVerified: boolean }>
  /** The user changed their own display name or photo (`photoURL` null: removed); only the fields that changed. */
  | DomainEvent<'UserProfileUpdated', { userId: string; changes: ProfileChanges; updatedAt: string }>;

// Version 1 had no emailVerified; those users all came from the CLI, hence verified.
registerUpcaster('UserRegistered', 1, (data) => ({ emailVerified: true, ...(data as object) }));

export type UserCommand = { type: 'RegisterUser'; userId: string; email: string; displayName: string; emailVerified: boolean } | UpdateUserProfile;
export interface UserState {
  exists: boolean;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

export const userStream = (id: string) => `identity.user-${id}`;

/** A user registers once; registering again (a retried or repeated request) changes nothing. */
export const user: Decider<UserState, UserCommand, UserEvent> = {
  initialState: { exists: false, email: null, displayName: null, photoURL: null },
  evolve: (s, e) => {
    switch (e.type) {
      case 'UserRegistered':
        return { exists: true, email: e.data.email, displayName: e.data.displayName, photoURL: null };
      case 'UserProfileUpdated':
        return { ...s, ...e.data.changes };
    }
  },
  decide(c, s, now) {
    switch (c.type) {
      case 'RegisterUser': {
        const data = {
          userId: c.userId,
          email: normalizeEmail(c.email),
          displayName: validateDisplayName(c.displayName),
          registeredAt: now.toISOString(),
          emailVerified: c.emailVerified,
        };
        return s.exists ? [] : [{ type: 'UserRegistered', data }];
      }
      case 'UpdateUserProfile': {
        const changes = checkProfileChanges(c, s);
        return Object.keys(changes).length ? [{ type: 'UserProfileUpdated', data: { userId: c.userId, changes, updatedAt: now.toISOString() } }] : [];
      }
      default:
        return unreachable(c);
    }
  },
};

/** One stream per normalized email reserves it for one user (uniqueness without a query). */
export type EmailEvent = DomainEvent<'UserEmailClaimed', { email: string; userId: string }>;
export type EmailCommand = { type: 'ClaimEmail'; email: string; userId: string };
export const emailStream = (email: string) => `identity.email-${normalizeEmail(email)}`;

/** The first claim wins; later claims decide nothing and read the winner from the state. */
export const emailClaim: Decider<{ userId: string | null }, EmailCommand, EmailEvent> = {
  initialState: { userId: null },
  evolve: (_s, e) => ({ userId: e.data.userId }),
  decide: (c, s) => (s.userId ? [] : [{ type: 'UserEmailClaimed', data: { email: normalizeEmail(c.email), userId: c.userId } }]),
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
