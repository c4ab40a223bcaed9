import { Logger } from '@nestjs/common';
import { EventSourcing } from '@app/platform';
import { AttemptOutcome, DeliveryStatus, webhookDeliveriesStream, WebhookDeliveryEvent } from '../domain/webhook-delivery';

/**
 * Outcomes are recorded at most this often (or once this many wait): every event appended costs
 * each projection of the process a turn and a checkpoint, so one event per batch, not per attempt.
 */
export const FLUSH_MS = 100;
const FLUSH_MAX = 500;

/** An outcome the dispatcher has not folded into the deliveries yet. */
export interface KnownOutcome {
  status: DeliveryStatus | 'retrying';
  attempts: number;
  nextAttemptAt: number;
  /** Position of its event once appended. */
  position?: number;
}

/**
 * The worker's memory of its attempts: remembered at once (so the next delivery of a resource may
 * go without waiting for the read model), recorded in batches as `WebhookDeliveryAttempted`
 * events (one per organization and flush), forgotten once the dispatcher has folded them in.
 */
export class DeliveryOutcomes {
  private readonly known = new Map<string, KnownOutcome>();
  private readonly outbox: Array<{ organizationId: string; outcome: AttemptOutcome }> = [];
  private flushedAt = 0;

  constructor(
    private readonly es: EventSourcing,
    private readonly logger: Logger,
    /** Told of the endpoints whose outcomes could not be recorded (their deliveries are pending again). */
    private readonly lost: (webhookId: string) => void = () => undefined,
  ) {}

  get(deliveryId: string): KnownOutcome | undefined {
    return this.known.get(deliveryId);
  }

  get waiting(): number {
    return this.outbox.length;
  }

  remember(organizationId: string, outcome: AttemptOutcome, attempts: number, nextAttemptAt: number): void {
    this.known.set(outcome.deliveryId, { status: outcome.outcome, attempts, nextAttemptAt });
    this.outbox.push({ organizationId, outcome });
  }

  /** Drops what the dispatcher has applied (its checkpoint passed the outcome's event). */
  forget(applied: number): void {
    for (const [id, o] of this.known) if (o.position !== undefined && o.position <= applied) this.known.delete(id);
  }

  due(): boolean {
    return this.outbox.length >= FLUSH_MAX || (this.outbox.length > 0 && performance.now() - this.flushedAt >= FLUSH_MS);
  }

  /** Records the outcomes gathered since the last flush: one append per organization. */
  async flush(): Promise<void> {
    this.flushedAt = performance.now();
    const byOrg = new Map<string, AttemptOutcome[]>();
    for (const { organizationId, outcome } of this.outbox.splice(0)) {
      const list = byOrg.get(organizationId);
      if (list) list.push(outcome);
      else byOrg.set(organizationId, [outcome]);
    }
    for (const [organizationId, attempts] of byOrg) {
      try {
        const event: WebhookDeliveryEvent = { type: 'WebhookDeliveryAttempted', data: { organizationId, attempts } };
        const position = await this.es.appendNew(webhookDeliveriesStream(organizationId), [event]);
        for (const a of attempts) {
          const o = this.known.get(a.deliveryId);
          if (o) o.position = position;
        }
      } catch (e) {
        // Not recorded: the attempt counts as not made, the delivery stays pending and goes again.
        for (const a of attempts) {
          this.known.delete(a.deliveryId);
          this.lost(a.webhookId);
        }
        this.logger.error(`cannot record delivery outcomes: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
}
