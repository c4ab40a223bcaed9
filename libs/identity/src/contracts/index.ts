import { Query } from '@nestjs/cqrs';

/**
 * What the identity context publishes to the contexts above it. Other contexts import this
 * file (`@app/identity/contracts`) or the index, nothing else.
 */
export const IdentityEvents = {
  /** A user account exists; its display name and email. */
  UserRegistered: 'UserRegistered',
  /** A user changed their display name or photo (payload: UserProfileUpdatedPayload). */
  UserProfileUpdated: 'UserProfileUpdated',
} as const;

export interface UserRegisteredPayload {
  userId: string;
  email: string;
  displayName: string;
  registeredAt: string;
}

/** Only the fields that changed are in `changes`; `photoURL` null: the photo was removed. */
export interface UserProfileUpdatedPayload {
  userId: string;
  changes: { displayName?: string; photoURL?: string | null };
  updatedAt: string;
}

/*
 * What the identity context needs from the contexts above it, asked through the QueryBus.
 * Identity declares these queries; the context that owns the facts registers the handler.
 */

/**
 * Why `userId` may not be issued a new API token, or null when they may. Asked before every
 * token is issued; answered by the sso context (an organization that enforces single sign-on
 * lets its members get tokens only by signing in through it, as SSO members).
 */
export class TokenIssueRefusalQuery extends Query<string | null> {
  constructor(readonly userId: string) {
    super();
  }
}
export * from './audit-actions';
