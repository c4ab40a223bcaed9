import { ProjectionContext, ProjectionDefinition, RecordedEvent } from '@app/platform';
import { AuditEvent, AuditEventSource } from '../../ports';
import { subscribes, WEBHOOK_EVENT_TYPES, WebhookEvent } from '../domain/webhook';
import { AttemptOutcome, DeliveryStatus, WEBHOOK_DELIVERY_EVENT_TYPES, WebhookDeliveryEvent } from '../domain/webhook-delivery';
import { DELIVERIES, DELIVERY_RETENTION_MS, deliveryIdOf, DeliveryDoc, DISPATCHER, ENDPOINTS, EndpointDoc } from './webhook-dispatch.read-models';

export * from './webhook-dispatch.read-models';

export interface DispatcherOptions {
  source: AuditEventSource;
  /** The domain event types the audit log maps (the dispatcher handles those). */
  auditedEventTypes: readonly string[];
  disableAfterFailures: number;
  /** Told when a delivery was recorded for an endpoint, at a position (it goes out once that commits). */
  recorded?: (webhookId: string, position: number) => void;
  /** Told when older deliveries of an endpoint became pending again (a redelivery, the endpoint enabled), at a position. */
  reopened?: (webhookId: string, position: number) => void;
}

/** Endpoints that collect deliveries: active ones, and those the worker disabled (they resume when enabled). */
const collecting = (e: EndpointDoc) => e.active || e.disabledReason !== null;

/**
 * The durable subscription of webhooks to the global stream. It runs after the query-serving
 * read models (afterReadModels), so the audit log already holds each event it sees; for every
 * audit event of an organization with matching endpoints it records a pending delivery, written
 * with its checkpoint: a crash replays the events after the checkpoint and records the same
 * deliveries again (ids are deterministic), so none is lost and none doubled. It also folds the
 * worker's attempt outcomes into the deliveries, so the deliveries list and the worker read one
 * model with one writer.
 */
export function webhookDispatcher(o: DispatcherOptions): ProjectionDefinition {
  const own = new Set<string>([...WEBHOOK_EVENT_TYPES, ...WEBHOOK_DELIVERY_EVENT_TYPES]);
  return {
    name: DISPATCHER,
    servesQueries: false,
    afterReadModels: true,
    collections: [
      { name: ENDPOINTS, indexes: [['organizationId']] },
      { name: DELIVERIES, indexes: [['webhookId', 'seq'], ['webhookId', 'status', 'seq'], ['createdAt']] },
    ],
    handles: [...new Set([...own, ...o.auditedEventTypes])],
    async apply(event, ctx) {
      if (own.has(event.type)) await applyOwn(event, ctx, o);
      if (event.type !== 'WebhookPinged' && event.type !== 'WebhookDeliveryAttempted') await fanOut(event, ctx, o);
    },
  };
}

async function applyOwn(event: RecordedEvent, ctx: ProjectionContext, o: DispatcherOptions): Promise<void> {
  const e = event as RecordedEvent & (WebhookEvent | WebhookDeliveryEvent);
  switch (e.type) {
    case 'WebhookCreated': {
      const { webhookId, organizationId, url, events, description, active, sealedSecret } = e.data;
      const doc: EndpointDoc = {
        id: webhookId,
        organizationId,
        url,
        events,
        description,
        active,
        disabledReason: null,
        sealedSecret,
        previousSealedSecret: null,
        previousValidUntil: null,
        consecutiveFailures: 0,
        disableDue: null,
      };
      return ctx.put(ENDPOINTS, doc);
    }
    case 'WebhookUpdated': {
      const { active } = e.data.changes;
      const enabled = active === true ? { disabledReason: null, consecutiveFailures: 0, disableDue: null } : active === false ? { disableDue: null } : {};
      await ctx.update<EndpointDoc>(ENDPOINTS, e.data.webhookId, (d) => ({ ...d, ...e.data.changes, ...enabled }));
      if (active === true) o.reopened?.(e.data.webhookId, e.position);
      return;
    }
    case 'WebhookSecretRotated': {
      const { sealedSecret, previousSealedSecret, previousValidUntil } = e.data;
      return ctx.update<EndpointDoc>(ENDPOINTS, e.data.webhookId, (d) => ({ ...d, sealedSecret, previousSealedSecret, previousValidUntil }));
    }
    case 'WebhookDisabled':
      return ctx.update<EndpointDoc>(ENDPOINTS, e.data.webhookId, (d) => ({ ...d, active: false, disabledReason: e.data.reason, disableDue: null }));
    case 'WebhookDeleted':
      return ctx.delete(ENDPOINTS, e.data.webhookId);
    case 'WebhookPinged': {
      const endpoint = await ctx.get<EndpointDoc>(ENDPOINTS, e.data.webhookId);
      if (!endpoint) return;
      const audit = (await o.source.get(e.data.organizationId, e.id))?.event ?? pingEvent(e);
      return record(ctx, endpoint, audit, e, o);
    }
    case 'WebhookDeliveryAttempted':
      for (const a of e.data.attempts) await applyAttempt(a, ctx, o);
      return;
    case 'WebhookRedeliveryRequested':
      // Due at once: retry times are the worker's (wall clock), not the events' clock.
      await ctx.update<DeliveryDoc>(DELIVERIES, e.data.deliveryId, (d) => ({ ...d, status: 'pending', nextAttemptAt: 0, retryFrom: d.attempts.length }));
      return o.reopened?.(e.data.webhookId, e.position);
  }
}

async function applyAttempt(
  { webhookId, deliveryId, attempt, outcome, nextAttemptAt }: AttemptOutcome,
  ctx: ProjectionContext,
  o: DispatcherOptions,
): Promise<void> {
  const status: DeliveryStatus = outcome === 'retrying' ? 'pending' : outcome;
  await ctx.update<DeliveryDoc>(DELIVERIES, deliveryId, (d) => ({
    ...d,
    status,
    attempts: [...d.attempts, attempt],
    nextAttemptAt: nextAttemptAt ? Date.parse(nextAttemptAt) : d.nextAttemptAt,
  }));
  if (outcome === 'retrying') return;
  const endpoint = await ctx.get<EndpointDoc>(ENDPOINTS, webhookId);
  // A success on an endpoint with no failures to forget changes nothing: no write.
  if (!endpoint || (outcome === 'delivered' && endpoint.consecutiveFailures === 0)) return;
  const consecutiveFailures = outcome === 'failed' ? endpoint.consecutiveFailures + 1 : 0;
  const due = endpoint.active && consecutiveFailures >= o.disableAfterFailures && !endpoint.disableDue;
  const reason = `${consecutiveFailures} deliveries in a row failed; the last: ${attempt.error ?? 'failed'}`;
  ctx.put(ENDPOINTS, { ...endpoint, consecutiveFailures, ...(due ? { disableDue: reason } : {}) });
}

/** The audit event of a ping when the audit log does not know it (it always should). */
const pingEvent = (e: RecordedEvent & { data: { webhookId: string } }): AuditEvent => ({
  object: 'audit-event',
  id: e.id,
  occurredAt: e.metadata.occurredAt,
  action: 'webhook.pinged',
  actor: { type: 'user', id: e.metadata.actor ?? 'system' },
  source: 'api',
  target: { type: 'webhook', id: e.data.webhookId },
  urls: { location: '' },
});

async function fanOut(event: RecordedEvent, ctx: ProjectionContext, o: DispatcherOptions): Promise<void> {
  const endpoints = (await ctx.find<EndpointDoc>(ENDPOINTS, {})).filter(collecting);
  if (endpoints.length === 0) return;
  const byOrg = new Map<string, EndpointDoc[]>();
  for (const e of endpoints) byOrg.set(e.organizationId, [...(byOrg.get(e.organizationId) ?? []), e]);
  for (const [organizationId, list] of byOrg) {
    const found = await o.source.get(organizationId, event.id);
    if (!found) continue;
    for (const endpoint of list) if (subscribes(endpoint.events, found.event.action)) await record(ctx, endpoint, found.event, event, o);
    return;
  }
}

async function record(ctx: ProjectionContext, endpoint: EndpointDoc, auditEvent: AuditEvent, event: RecordedEvent, o: DispatcherOptions): Promise<void> {
  // Each event is applied once after the checkpoint it commits with: no lookup needed first.
  const id = deliveryIdOf(event.id, endpoint.id);
  const doc: DeliveryDoc = {
    id,
    webhookId: endpoint.id,
    organizationId: endpoint.organizationId,
    eventId: event.id,
    seq: event.position,
    type: auditEvent.action,
    target: `${auditEvent.target.type}:${auditEvent.target.id}`,
    auditEvent,
    status: 'pending',
    attempts: [],
    nextAttemptAt: 0,
    createdAt: event.metadata.occurredAt,
  };
  ctx.put(DELIVERIES, doc);
  // Now and then, by position, so a replay drops the same documents.
  if (event.position % 64 === 0) await expire(ctx, event.metadata.occurredAt);
  o.recorded?.(endpoint.id, event.position);
}

/** Drops deliveries older than the retention, a few at a time (by event time, so a replay drops the same). */
async function expire(ctx: ProjectionContext, now: string): Promise<void> {
  const before = new Date(Date.parse(now) - DELIVERY_RETENTION_MS).toISOString();
  for (const d of await ctx.find<DeliveryDoc>(DELIVERIES, { createdAt: { $lt: before } }, { sort: [['createdAt', 1]], limit: 20 }))
    ctx.delete(DELIVERIES, d.id);
}
