import { AuditActionDefinition } from '@app/platform';

type Data = Record<string, unknown>;
const user = (d: Data) => ({ type: 'user', id: d.userId as string });

/**
 * How identity's events read as audit events. Users and tokens belong to no organization, so
 * these never reach an organization's log; the audit log reads them for actors' display names.
 * `UserEmailClaimed` is not here: the e-mail claim stream is a uniqueness index, not a change.
 */
export const IDENTITY_AUDIT_ACTIONS: AuditActionDefinition[] = [
  { event: 'UserRegistered', action: 'user.created', label: 'User registered', target: user },
  { event: 'UserProfileUpdated', action: 'user.updated', label: 'User profile updated', target: user },
  {
    event: 'ApiTokenIssued',
    action: 'api-token.created',
    label: 'API token created',
    target: (d: Data) => ({ type: 'api-token', id: d.tokenId as string }),
    related: (d: Data) => [user(d)],
    secretFields: ['hash'],
  },
  {
    event: 'ApiTokenRevoked',
    action: 'api-token.revoked',
    label: 'API token revoked',
    target: (d: Data) => ({ type: 'api-token', id: d.tokenId as string }),
    related: (d: Data) => [user(d)],
    secretFields: ['hash'],
  },
  {
    event: 'ApiTokenUsed',
    action: 'api-token.used',
    label: 'API token used',
    target: (d: Data) => ({ type: 'api-token', id: d.tokenId as string }),
    related: (d: Data) => [user(d)],
  },
];

/** Appended by identity, not changes anyone audits (a uniqueness claim). */
export const IDENTITY_BOOKKEEPING_EVENTS = ['UserEmailClaimed'];
