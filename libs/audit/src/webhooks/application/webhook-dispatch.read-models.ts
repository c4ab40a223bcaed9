import { deterministicId } from '@app/platform';
import { AuditEvent } from '../../ports';
import { WebhookFields } from '../domain/webhook';
import { DeliveryAttempt, DeliveryStatus } from '../domain/webhook-delivery';

/** The dispatcher's read models: endpoints with what sending needs, and the deliveries. */
export const DISPATCHER = 'audit-webhook-dispatcher';
export const ENDPOINTS = 'audit_webhook_endpoints';
export const DELIVERIES = 'audit_webhook_deliveries';
/** Deliveries are kept this long after their event (the list shows 30 days). */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3600 * 1000;

/** An endpoint as the dispatcher and the worker need it: with its sealed secrets (never served). */
export interface EndpointDoc extends WebhookFields {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  disabledReason: string | null;
  sealedSecret: string;
  previousSealedSecret: string | null;
  previousValidUntil: string | null;
  /** Deliveries failed in a row (after all their retries); reset by a success or by enabling. */
  consecutiveFailures: number;
  /** Set when consecutiveFailures reaches the limit: the worker disables the endpoint with it. */
  disableDue: string | null;
}

export interface DeliveryDoc {
  [key: string]: unknown;
  id: string;
  webhookId: string;
  organizationId: string;
  eventId: string;
  /** Global position of the event: the order of deliveries per endpoint and resource. */
  seq: number;
  type: string;
  /** `type:id` of the audit event's target: deliveries of one target go out in order. */
  target: string;
  auditEvent: AuditEvent;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** Epoch ms of the next try while pending. */
  nextAttemptAt: number;
  /** Attempts made before the last redelivery: the retry schedule starts again after them. */
  retryFrom?: number;
  createdAt: string;
}

/** The delivery id: stable for one event and endpoint, across retries and replays (the `webhook-id`). */
export const deliveryIdOf = (eventId: string, webhookId: string) => `msg_${deterministicId('webhook-delivery', eventId, webhookId).replace(/-/g, '')}`;
