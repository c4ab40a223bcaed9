import { DomainEvent } from '@app/platform';

/** One try of a delivery, as the deliveries list shows it. */
export interface DeliveryAttempt {
  at: string;
  /** The receiver's status, null when it gave none (timeout, refused, network). */
  statusCode: number | null;
  durationMs: number;
  /** Why it failed, null when it succeeded: never a header value or the body. */
  error: string | null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * What the delivery worker records, appended without folding to one stream per organization
 * (`audit.webhook-deliveries-<organizationId>`, so one append carries a batch of outcomes for all
 * its endpoints): the outcome of each attempt, and a user's request to send again. They are bookkeeping, not audit events (a redelivery request is: it is a user's act).
 */
/** The outcome of one attempt of one delivery. */
export interface AttemptOutcome {
  webhookId: string;
  deliveryId: string;
  attempt: DeliveryAttempt;
  outcome: DeliveryStatus | 'retrying';
  nextAttemptAt: string | null;
}

export type WebhookDeliveryEvent =
  /** The attempts of one pass of the worker for one organization: one event, however many endpoints. */
  | DomainEvent<'WebhookDeliveryAttempted', { organizationId: string; attempts: AttemptOutcome[] }>
  | DomainEvent<'WebhookRedeliveryRequested', { webhookId: string; organizationId: string; deliveryId: string; requestedAt: string }>;

export const WEBHOOK_DELIVERY_EVENT_TYPES: ReadonlyArray<WebhookDeliveryEvent['type']> = ['WebhookDeliveryAttempted', 'WebhookRedeliveryRequested'];

export const webhookDeliveriesStream = (organizationId: string) => `audit.webhook-deliveries-${organizationId}`;

/**
 * The delay before retry number `retry` (1-based) after a failed attempt, or null when the
 * schedule is exhausted (the delivery has failed). Jitter spreads a burst of retries (a receiver
 * that was down for everyone) over ±20% of the step, so they do not all land at once.
 */
export function retryDelayMs(schedule: readonly number[], retry: number, random: () => number = Math.random): number | null {
  const step = schedule[retry - 1];
  if (step === undefined) return null;
  return Math.round(step * (0.8 + 0.4 * random()));
}
