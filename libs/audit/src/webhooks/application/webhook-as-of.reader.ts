import { AsOfPoint, Doc, EventStore, includesEvent, ProjectionContext, upcast, Urls } from '@app/platform';
import { webhookStream } from '../domain/webhook';
import { WebhookDoc, webhooksProjection } from './webhooks.projection';
import { toWebhookView, WebhookView } from './webhook.queries';

/**
 * A webhook as its GET answered at a point (the `object` of `webhook.*` deliveries): its own
 * stream up to the point, through the list's projection, in memory.
 */
export const webhookAsOf =
  (events: EventStore, urls: Urls) =>
  async (id: string, point: AsOfPoint): Promise<WebhookView | null> => {
    const docs = new Map<string, Doc>();
    const ctx: ProjectionContext = {
      get: async <T extends Doc>(_c: string, key: string) => (docs.get(key) as T | undefined) ?? null,
      find: async () => [],
      put: (_c, doc) => void docs.set(doc.id, doc),
      delete: (_c, key) => void docs.delete(key),
      update: async <T extends Doc>(_c: string, key: string, change: (d: T) => T) => {
        const d = docs.get(key) as T | undefined;
        if (d) docs.set(key, change(d));
      },
    };
    for (const e of await events.readStream(webhookStream(id))) if (includesEvent(point, e)) await webhooksProjection.apply(upcast(e), ctx);
    const doc = docs.get(id) as WebhookDoc | undefined;
    return doc ? toWebhookView(doc, urls) : null;
  };
