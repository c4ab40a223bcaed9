import { AuditActionDefinition } from '@app/platform';

type Data = Record<string, unknown>;
const provider = (event: string, action: string, label: string): AuditActionDefinition => ({
  event,
  action,
  label,
  target: (d: Data) => ({ type: 'saml-provider', id: d.providerId as string }),
  organizationId: (d: Data) => d.organizationId as string,
});

/**
 * How the sso context's events read as audit events. `SamlAssertionConsumed` is the replay guard
 * of one sign-in (a stream per assertion), not a change; the member it signs in is audited by
 * the organizations context.
 */
export const SSO_AUDIT_ACTIONS: AuditActionDefinition[] = [
  provider('SamlProviderCreated', 'saml-provider.created', 'SAML provider created'),
  provider('SamlProviderUpdated', 'saml-provider.updated', 'SAML provider updated'),
  provider('SamlProviderDeleted', 'saml-provider.deleted', 'SAML provider deleted'),
];

/** Appended by sso, not changes anyone audits. */
export const SSO_BOOKKEEPING_EVENTS = ['SamlAssertionConsumed'];
