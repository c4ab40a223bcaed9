import { Injectable, Logger } from '@nestjs/common';
import { EventSourcing, LanePacer, OutboundHttp, PlatformConfig } from '@app/platform';
import { webhook, webhookStream } from '../domain/webhook';
import { AttemptOutcome, DeliveryAttempt, retryDelayMs } from '../domain/webhook-delivery';
import { DeliveryOutcomes, FLUSH_MS, KnownOutcome } from './delivery-outcomes';
import { DeliveryDoc, DISPATCHER, ENDPOINTS, EndpointDoc } from './webhook-dispatcher.projection';
import { WebhookPayloads } from './webhook-payloads';
import { DeliveryStore } from './delivery-store';
import { PendingDeliveries } from './pending-deliveries';
import { signedHeaders } from './webhook-signature';

/** Every endpoint's deliveries are read from the start this often (the read model is the truth). */
const REREAD_MS = 10_000;
/** Attempts in flight per endpoint (at most one per resource: their order is kept) and in all. */
const PER_ENDPOINT = 8;
const IN_FLIGHT = 64;
/** Passes when nothing happens (retries coming due, deliveries of another process)… */
const IDLE_MS = 250;
/** …and soon after something did (a delivery recorded, an attempt ended). */
const SOON_MS = 5;
/** Bytes of a receiver's answer read (and dropped): enough to see it answered. */
const ANSWER_BYTES = 64 * 1024;

/**
 * Sends the pending deliveries the dispatcher recorded, through the guarded outbound client,
 * signed per Standard Webhooks. Per endpoint and resource the oldest pending delivery goes first
 * and the next waits for its outcome (order per resource); endpoints never wait for each other.
 * Outcomes are recorded as events (`WebhookDeliveryAttempted`, a batch per organization and
 * pass), which the dispatcher folds into the deliveries; until it has, the worker goes by the
 * outcomes it remembers. Wall-clock time drives retries (they are about the receiver, not the
 * domain's history).
 */
@Injectable()
export class WebhookDeliveryWorker {
  private readonly logger = new Logger('WebhookDelivery');
  private readonly outbound: OutboundHttp;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private passing: Promise<void> | null = null;
  private again = false;
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly inFlightOf = new Map<string, number>();
  private readonly outcomes: DeliveryOutcomes;
  private readonly disabling = new Set<string>();
  /** Endpoints with deliveries recorded at a position (looked at once the dispatcher committed it); the others wait for a full pass. */
  private readonly dirty = new Map<string, number>();
  /**
   * Endpoints where an attempt ended: looked at in the next pass whatever `dirty` says (the
   * delivery it frees is in the read model already; waiting for newer ones to commit stalled
   * an endpoint until the next full pass while events kept coming).
   */
  private readonly freed = new Set<string>();
  private lastFullPass = 0;
  private lastReread = 0;
  private readonly pending: PendingDeliveries;
  /** Endpoints whose older deliveries became pending again at a position (read again once it is committed). */
  private readonly reopen = new Map<string, number>();
  /** Endpoints with pending deliveries behind the ones sent: an ended attempt may free the next. */
  private readonly backlog = new Set<string>();

  constructor(
    private readonly store: DeliveryStore,
    private readonly es: EventSourcing,
    private readonly payloads: WebhookPayloads,
    private readonly config: PlatformConfig,
    private readonly pacer: LanePacer,
  ) {
    // Keep-alive: an endpoint gets a delivery per event; a connection each would cost more than the delivery.
    this.outbound = new OutboundHttp(config, undefined, { keepAlive: true, maxSocketsPerHost: PER_ENDPOINT });
    this.pending = new PendingDeliveries(store);
    // Outcomes that could not be recorded: their deliveries are pending again.
    this.outcomes = new DeliveryOutcomes(es, this.logger, (webhookId) => this.pending.reread(webhookId));
  }

  /** Started and stopped by the webhook lane, where deliveries are sent (see deliversHere). */
  start(): void {
    this.running = true;
    this.pending.rereadAll();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.passing;
    await Promise.allSettled([...this.inFlight.values()]);
    await this.outcomes.flush();
    this.outbound.close();
  }

  /** A delivery for the endpoint was recorded at `position` (visible once the dispatcher commits it), or an attempt ended (0). */
  nudge(endpointId?: string, position = 0): void {
    if (endpointId && position === 0) this.freed.add(endpointId);
    else if (endpointId) this.dirty.set(endpointId, Math.max(this.dirty.get(endpointId) ?? 0, position));
    this.schedule(SOON_MS);
  }

  /**
   * Deliveries of the endpoint older than the newest became pending again (a redelivery, the
   * endpoint enabled again), committed at `position`: read from the start.
   */
  reopened(endpointId: string, position: number): void {
    this.reopen.set(endpointId, Math.max(this.reopen.get(endpointId) ?? 0, position));
    this.nudge(endpointId, position);
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    if (this.passing) {
      if (ms <= SOON_MS) this.again = true;
      return;
    }
    const at = performance.now() + ms;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Number.POSITIVE_INFINITY;
      this.passing = this.pass()
        .catch((e: unknown) => this.logger.error(`delivery pass failed: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => {
          this.passing = null;
          const again = this.again;
          this.again = false;
          this.schedule(again ? SOON_MS : IDLE_MS);
        });
    }, ms);
  }

  private async pass(): Promise<void> {
    // While the API is busy, the lane keeps to its budget (LanePacer): sends wait for it.
    await this.pacer.gate();
    if (this.outcomes.due()) await this.outcomes.flush();
    else if (this.outcomes.waiting > 0) this.schedule(FLUSH_MS);
    const applied = (await this.store.checkpoint(DISPATCHER)).position;
    this.outcomes.forget(applied);
    const now = Date.now();
    const full = now - this.lastFullPass >= IDLE_MS;
    if (full) this.lastFullPass = now;
    if (now - this.lastReread >= REREAD_MS) {
      this.lastReread = now;
      this.pending.rereadAll();
    }
    let nextDue = Number.POSITIVE_INFINITY;
    const endpoints = await this.store.find<EndpointDoc>(ENDPOINTS, { active: true });
    this.pending.forgetOthers(new Set(endpoints.map((e) => e.id)));
    // Endpoint by endpoint, so deliveries held for a disabled or slow one never hide another's.
    for (const endpoint of endpoints) {
      if (endpoint.disableDue) {
        void this.disable(endpoint);
        continue;
      }
      // What the dispatcher recorded is in the read model once its checkpoint passed it.
      const news = this.dirty.get(endpoint.id);
      const visible = news !== undefined && news <= applied;
      if (visible) this.dirty.delete(endpoint.id);
      const freed = this.freed.delete(endpoint.id);
      const reopened = this.reopen.get(endpoint.id);
      if (reopened !== undefined && reopened <= applied) {
        this.reopen.delete(endpoint.id);
        this.pending.reread(endpoint.id);
      }
      if (!full && !freed && !this.pending.wantsRead(endpoint.id, visible ? news : 0)) continue;
      this.backlog.delete(endpoint.id);
      const pending = await this.pending.of(endpoint.id, applied);
      const blocked = new Set<string>();
      for (const d of pending) {
        const known = this.outcomes.get(d.id);
        // Delivered or failed since the read model was written: the next of its resource may go.
        if (known && known.status !== 'retrying') continue;
        if (blocked.has(d.target)) {
          this.backlog.add(endpoint.id);
          continue;
        }
        blocked.add(d.target);
        if (this.inFlight.has(d.id)) continue;
        const due = known ? known.nextAttemptAt : d.nextAttemptAt;
        if (due > now) {
          nextDue = Math.min(nextDue, due);
          continue;
        }
        if ((this.inFlightOf.get(endpoint.id) ?? 0) >= PER_ENDPOINT || this.inFlight.size >= IN_FLIGHT) {
          this.backlog.add(endpoint.id);
          break;
        }
        this.send(d, endpoint, Math.max(d.attempts.length, known?.attempts ?? 0));
      }
      if (this.pending.wantsRead(endpoint.id)) this.backlog.add(endpoint.id);
    }
    if (Number.isFinite(nextDue)) this.schedule(Math.max(SOON_MS, nextDue - Date.now()));
    if (this.dirty.size > 0 || this.freed.size > 0 || this.reopen.size > 0) this.again = true;
  }

  private send(d: DeliveryDoc, endpoint: EndpointDoc, attemptsBefore: number): void {
    this.inFlightOf.set(endpoint.id, (this.inFlightOf.get(endpoint.id) ?? 0) + 1);
    const run = this.attempt(d, endpoint, attemptsBefore)
      .catch((e: unknown) => this.logger.error(`delivery ${d.id} failed to run: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        this.inFlight.delete(d.id);
        this.inFlightOf.set(endpoint.id, (this.inFlightOf.get(endpoint.id) ?? 1) - 1);
        // Another pass only when this may free a delivery waiting behind it, or it must be retried.
        if (this.backlog.has(endpoint.id) || this.outcomes.get(d.id)?.status !== 'delivered') this.nudge(endpoint.id);
        else if (this.outcomes.waiting > 0) this.schedule(FLUSH_MS);
      });
    this.inFlight.set(d.id, run);
  }

  /** One attempt; its outcome is remembered at once and recorded with the next flush. */
  private async attempt(d: DeliveryDoc, endpoint: EndpointDoc, attemptsBefore: number): Promise<void> {
    const body = await this.payloads.body(d);
    const at = new Date();
    const started = performance.now();
    const result = await this.outbound.send(endpoint.url, {
      purpose: 'webhook',
      method: 'POST',
      headers: signedHeaders(this.payloads.secretsOf(endpoint), d.id, at, body),
      body,
      timeoutMs: this.config.webhookTimeoutMs,
      // A webhook answers where it was sent: a redirect is a failure, never followed.
      maxRedirects: 0,
      maxBytes: ANSWER_BYTES,
      overflow: 'truncate',
    });
    const attempt: DeliveryAttempt = {
      at: at.toISOString(),
      statusCode: result.ok ? result.status : (result.status ?? null),
      durationMs: Math.round(performance.now() - started),
      error: result.ok ? null : result.message,
    };
    const delay = result.ok ? null : retryDelayMs(this.config.webhookRetryScheduleMs, attemptsBefore + 1 - (d.retryFrom ?? 0));
    const status: KnownOutcome['status'] = result.ok ? 'delivered' : delay === null ? 'failed' : 'retrying';
    const nextAttemptAt = delay === null ? 0 : Date.now() + delay;
    const outcome: AttemptOutcome = {
      webhookId: d.webhookId,
      deliveryId: d.id,
      attempt,
      outcome: status,
      nextAttemptAt: delay === null ? null : new Date(nextAttemptAt).toISOString(),
    };
    this.outcomes.remember(d.organizationId, outcome, attemptsBefore + 1, nextAttemptAt);
    // The held delivery goes by what happened, also once the outcome is folded and forgotten.
    if (status === 'retrying') {
      d.attempts = [...d.attempts, attempt];
      d.nextAttemptAt = nextAttemptAt;
    } else this.pending.ended(d.webhookId, d.id);
  }

  /** An endpoint whose deliveries failed too often in a row is disabled, with the reason. */
  private async disable(e: EndpointDoc): Promise<void> {
    if (!e.disableDue || this.disabling.has(e.id)) return;
    this.disabling.add(e.id);
    try {
      await this.es.execute(webhookStream(e.id), webhook, { type: 'DisableWebhook', webhookId: e.id, organizationId: e.organizationId, reason: e.disableDue });
    } catch (err) {
      this.logger.error(`cannot disable webhook ${e.id}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      // Held until the dispatcher has surely seen it, so it is not disabled twice.
      setTimeout(() => this.disabling.delete(e.id), 5000).unref();
    }
  }
}
