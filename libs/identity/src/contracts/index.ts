/**
 * What the identity context publishes to the contexts above it. Other contexts import this
 * file (`@app/identity/contracts`) or the index, nothing else.
 */
export const IdentityEvents = {
  /** A user account exists; its display name and email. */
  UserRegistered: 'UserRegistered',
} as const;

export interface UserRegisteredPayload {
  userId: string;
  email: string;
  displayName: string;
  registeredAt: string;
}
