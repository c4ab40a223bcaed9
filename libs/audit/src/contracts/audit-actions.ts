import { AuditActionDefinition } from '@app/platform';

type Data = Record<string, unknown>;
const webhook = (d: Data) => ({ type: 'webhook', id: d.webhookId as string });
const inOrg = (def: Omit<AuditActionDefinition, 'organizationId'>): AuditActionDefinition => ({ ...def, organizationId: (d) => d.organizationId as string });

/**
 * How the audit context's own events read as audit events: an organization's webhook endpoints
 * (their secrets are only ever sealed, and `sealedSecret`/`previousSealedSecret` are removed from
 * the details besides). Delivery attempts (`WebhookDeliveryAttempted`) are the worker's
 * bookkeeping, not audit events; a redelivery a user asks for is.
 */
export const AUDIT_AUDIT_ACTIONS: AuditActionDefinition[] = [
  inOrg({ event: 'WebhookCreated', action: 'webhook.created', label: 'Webhook created', target: webhook, secretFields: ['sealedSecret'] }),
  inOrg({ event: 'WebhookUpdated', action: 'webhook.updated', label: 'Webhook updated', target: webhook }),
  inOrg({
    event: 'WebhookSecretRotated',
    action: 'webhook.secret.rotated',
    label: 'Webhook secret rotated',
    target: webhook,
    secretFields: ['sealedSecret', 'previousSealedSecret'],
  }),
  inOrg({ event: 'WebhookDisabled', action: 'webhook.disabled', label: 'Webhook disabled', target: webhook }),
  inOrg({ event: 'WebhookPinged', action: 'webhook.pinged', label: 'Webhook pinged', target: webhook }),
  inOrg({ event: 'WebhookDeleted', action: 'webhook.deleted', label: 'Webhook deleted', target: webhook }),
  inOrg({ event: 'WebhookRedeliveryRequested', action: 'webhook.delivery.redelivered', label: 'Webhook delivery sent again', target: webhook }),
];
