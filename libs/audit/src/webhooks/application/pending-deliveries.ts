import { ReadStore } from '@app/platform';
import { DELIVERIES, DeliveryDoc } from './webhook-dispatch.read-models';

/** Pending deliveries held per endpoint (the oldest first); the rest is read as these go. */
const HELD = 200;

/** What the worker holds of one endpoint's pending deliveries. */
interface Held {
  /** Oldest first (by seq). */
  docs: DeliveryDoc[];
  /** Every pending delivery of the endpoint with seq ≤ readTo is in docs, or ended here. */
  readTo: number;
  /** The store may hold pending deliveries after readTo that did not fit. */
  more: boolean;
  /** Read from the start at the next look (deliveries older than readTo became pending again). */
  stale: boolean;
}

/**
 * The worker's memory of the pending deliveries, per endpoint: read once, then only what the
 * dispatcher recorded after what was read (one indexed read of the new ones, not the whole
 * batch again on every pass). Ended deliveries leave at once; a retried one stays with its next
 * attempt. An endpoint whose older deliveries changed (a redelivery, enabled again, an outcome
 * that could not be recorded) is read from the start again, and so is every endpoint now and
 * then (see `rereadAll`), so the read model stays the truth.
 */
export class PendingDeliveries {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly store: ReadStore,
    private readonly cap = HELD,
  ) {}

  /** The endpoint's deliveries are read from the start at the next look. */
  reread(endpointId: string): void {
    const h = this.held.get(endpointId);
    if (h) h.stale = true;
  }

  rereadAll(): void {
    for (const h of this.held.values()) h.stale = true;
  }

  /** Whether a look at the endpoint would read the store (so a pass must look at it). */
  wantsRead(endpointId: string, recordedUpTo = 0): boolean {
    const h = this.held.get(endpointId);
    return !h || h.stale || recordedUpTo > h.readTo || (h.more && this.runningLow(h));
  }

  /** Half of what may be held is gone: time to read on past what is held. */
  private runningLow(h: Held): boolean {
    return h.docs.length <= this.cap / 2;
  }

  /**
   * The endpoint's pending deliveries, oldest first, up to what the dispatcher committed
   * (`applied`, its checkpoint) or more: the store is read only for what is not held yet.
   */
  async of(endpointId: string, applied: number): Promise<readonly DeliveryDoc[]> {
    let h = this.held.get(endpointId);
    if (!h) this.held.set(endpointId, (h = { docs: [], readTo: 0, more: false, stale: true }));
    if (h.stale) {
      h.docs = [];
      h.readTo = 0;
      h.more = false;
      h.stale = false;
      await this.read(endpointId, h, applied);
    } else if (h.readTo < applied && (!h.more || this.runningLow(h))) await this.read(endpointId, h, applied);
    return h.docs;
  }

  private async read(endpointId: string, h: Held, applied: number): Promise<void> {
    const room = this.cap - h.docs.length;
    const found = await this.store.find<DeliveryDoc>(
      DELIVERIES,
      { webhookId: endpointId, status: 'pending', seq: { $gt: h.readTo } },
      { sort: [['seq', 1]], limit: room },
    );
    h.docs.push(...found);
    h.more = found.length === room;
    // All pending ones up to the checkpoint read before this were committed with it.
    h.readTo = h.more ? found[found.length - 1].seq : Math.max(applied, found.at(-1)?.seq ?? 0);
  }

  /** A delivery delivered or failed: it leaves (it is no longer pending). */
  ended(endpointId: string, deliveryId: string): void {
    const h = this.held.get(endpointId);
    if (!h) return;
    const i = h.docs.findIndex((d) => d.id === deliveryId);
    if (i >= 0) h.docs.splice(i, 1);
  }

  /** Endpoints held that are not among `ids` (deleted or disabled since). */
  forgetOthers(ids: ReadonlySet<string>): void {
    for (const id of this.held.keys()) if (!ids.has(id)) this.held.delete(id);
  }
}
