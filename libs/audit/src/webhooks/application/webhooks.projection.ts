import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { WEBHOOK_EVENT_TYPES, WebhookEvent, WebhookFields } from '../domain/webhook';

export const WEBHOOKS = 'audit_webhooks';

/** What the list and GET show: never the secret, sealed or not. */
export interface WebhookDoc extends WebhookFields {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt: string | null;
  /** Global position of the creation: the listing's immutable order. */
  seq: number;
}

/** The organizations' webhook endpoints, oldest first; a deleted one is gone. */
export const webhooksProjection: ProjectionDefinition = {
  name: 'audit-webhooks',
  collections: [{ name: WEBHOOKS, indexes: [['organizationId', 'seq']] }],
  handles: [...WEBHOOK_EVENT_TYPES],
  async apply(event, ctx) {
    const e = event as RecordedEvent & WebhookEvent;
    switch (e.type) {
      case 'WebhookCreated': {
        const { webhookId, organizationId, url, events, description, active, createdAt } = e.data;
        const doc: WebhookDoc = {
          id: webhookId,
          organizationId,
          url,
          events,
          description,
          active,
          disabledReason: null,
          createdAt,
          updatedAt: createdAt,
          secretRotatedAt: null,
          seq: e.position,
        };
        ctx.put(WEBHOOKS, doc);
        return;
      }
      case 'WebhookUpdated':
        return ctx.update<WebhookDoc>(WEBHOOKS, e.data.webhookId, (d) => ({
          ...d,
          ...e.data.changes,
          ...(e.data.changes.active === true ? { disabledReason: null } : {}),
          updatedAt: e.data.updatedAt,
        }));
      case 'WebhookSecretRotated':
        return ctx.update<WebhookDoc>(WEBHOOKS, e.data.webhookId, (d) => ({ ...d, secretRotatedAt: e.data.rotatedAt, updatedAt: e.data.rotatedAt }));
      case 'WebhookDisabled':
        return ctx.update<WebhookDoc>(WEBHOOKS, e.data.webhookId, (d) => ({
          ...d,
          active: false,
          disabledReason: e.data.reason,
          updatedAt: e.data.disabledAt,
        }));
      case 'WebhookPinged':
        return;
      case 'WebhookDeleted':
        return ctx.delete(WEBHOOKS, e.data.webhookId);
    }
  },
};
