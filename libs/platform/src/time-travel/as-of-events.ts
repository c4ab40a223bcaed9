import { Injectable } from '@nestjs/common';
import { upcast } from '../ddd/domain-event';
import { EventStore, RecordedEvent } from '../event-store/event-store.port';
import { ProjectionDefinition } from '../projections/projection';
import { AsOfPoint, includesEvent } from './as-of';
import { MemoryReadStore } from './memory-read-store';

/** Events kept in memory across requests, at most (whole streams are evicted, least recently read first). */
const CACHED_EVENTS = 200_000;
const BATCH = 5_000;
/** A fold of a stream's first N events is kept every this many events (see foldStream). */
const SNAPSHOT_EVERY = 500;

interface CachedStream {
  events: RecordedEvent[];
  /** How many leading events occurred in nondecreasing order: an instant including the last of them includes them all. */
  ordered: number;
  /** Folds of the first `count` events, per projection, oldest first. */
  snapshots: Map<string, Array<{ count: number; store: MemoryReadStore }>>;
}

/**
 * The events of a point in the past, for time travel: a few streams (a space and the collections
 * above it, an organization) read up to the point, upcast as the projections see them. A
 * stream's events never change once appended, so the ones already read stay in a bounded cache
 * and a request reads only what was appended since; folds of a stream's first events are kept
 * beside them (snapshots: a cache of what folding those facts gives, never a read model of its
 * own), so an `asOf` on a stream of 10,000 events folds a few hundred.
 */
@Injectable()
export class AsOfEvents {
  private readonly cache = new Map<string, CachedStream>();
  private cached = 0;

  constructor(private readonly store: EventStore) {}

  /** One stream's events included by the point, in stream order. */
  async stream(stream: string, point: AsOfPoint): Promise<RecordedEvent[]> {
    return (await this.entry(stream)).events.filter((e) => includesEvent(point, e));
  }

  /** Several streams' events included by the point, in global (commit) order. */
  async streams(streams: Iterable<string>, point: AsOfPoint): Promise<RecordedEvent[]> {
    const lists = await Promise.all([...new Set(streams)].map((s) => this.stream(s, point)));
    return lists.flat().sort((a, b) => a.position - b.position);
  }

  /** Events of every stream whose name starts with `prefix`, included by the point, in global order (a scan: for rare questions). */
  async prefixed(streamPrefix: string, point: AsOfPoint): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    for (let after = 0; ;) {
      const batch = await this.store.readAll({ after, maxCount: BATCH, streamPrefix });
      for (const e of batch) {
        if (point.position !== undefined && e.position > point.position) return out;
        if (includesEvent(point, e)) out.push(upcast(e));
      }
      if (batch.length < BATCH) return out;
      after = batch[batch.length - 1].position;
    }
  }

  /**
   * One stream folded alone with a projection up to the point (streams write only their own
   * documents, so a few streams' folds add up with MemoryReadStore.absorb). Starts from the
   * latest snapshot the point includes whole.
   */
  async foldStream(def: ProjectionDefinition, stream: string, point: AsOfPoint): Promise<MemoryReadStore> {
    const entry = await this.entry(stream);
    const { events } = entry;
    let snapshots = entry.snapshots.get(def.name);
    if (!snapshots) entry.snapshots.set(def.name, (snapshots = []));
    // The events before `count` are all included when the last of them is, and they are in order.
    const whole = (count: number) => count === 0 || (includesEvent(point, events[count - 1]) && (point.position !== undefined || count <= entry.ordered));
    let from = snapshots.length ? snapshots.filter((s) => whole(s.count)).pop() : undefined;
    const store = from ? from.store.copy() : new MemoryReadStore();
    let count = from?.count ?? 0;
    const handles = new Set(def.handles);
    for (; count < events.length; count++) {
      const e = events[count];
      if (!includesEvent(point, e)) break;
      if (handles.has(e.type)) await def.apply(e, store);
      const done = count + 1;
      if (done % SNAPSHOT_EVERY === 0 && (!from || from.count < done) && !snapshots.some((s) => s.count === done) && whole(done)) {
        from = { count: done, store: store.copy() };
        snapshots.push(from);
        snapshots.sort((a, b) => a.count - b.count);
      }
    }
    // Past the first event the point excludes, only events out of order can still be included
    // (a clock set back): none for a position, none before the end of the ordered run for an instant.
    if (point.position !== undefined) return store;
    for (count = Math.max(count, entry.ordered); count < events.length; count++)
      if (includesEvent(point, events[count]) && handles.has(events[count].type)) await def.apply(events[count], store);
    return store;
  }

  private async entry(stream: string): Promise<CachedStream> {
    const known = this.cache.get(stream);
    const have = known?.events.length ?? 0;
    const fresh = (await this.store.readStream(stream, { fromRevision: have })).map((e) => upcast(e));
    // Another request may have extended the entry meanwhile: both are prefixes of one stream.
    const current = this.cache.get(stream);
    let entry = current ?? known ?? { events: [], ordered: 0, snapshots: new Map() };
    if (fresh.length && have + fresh.length > entry.events.length) {
      const events = entry.events.slice(0, have).concat(fresh);
      entry = { events, ordered: orderedPrefix(events, entry.ordered), snapshots: entry.snapshots };
    }
    this.cache.delete(stream); // re-inserted last: the Map's order is the recency order
    this.cache.set(stream, entry);
    this.cached += entry.events.length - (current?.events.length ?? 0);
    this.evict(stream);
    return entry;
  }

  private evict(keep: string): void {
    for (const [stream, entry] of this.cache) {
      if (this.cached <= CACHED_EVENTS) return;
      if (stream === keep) continue;
      this.cache.delete(stream);
      this.cached -= entry.events.length;
    }
    if (this.cached > CACHED_EVENTS) {
      // One stream larger than the whole budget: read it again next time rather than hold it.
      this.cached -= this.cache.get(keep)?.events.length ?? 0;
      this.cache.delete(keep);
    }
  }
}

function orderedPrefix(events: RecordedEvent[], from: number): number {
  let n = Math.max(1, from);
  if (from < events.length && from > 0 && events[from].metadata.occurredAt < events[from - 1].metadata.occurredAt) return from;
  while (n < events.length && events[n].metadata.occurredAt >= events[n - 1].metadata.occurredAt) n++;
  return Math.min(n, events.length);
}

/**
 * Folds events into a store of the past with a projection's own `apply` (only the types it
 * handles, in the order given), as the projection engine would have applied them.
 */
export async function foldProjection(def: ProjectionDefinition, events: readonly RecordedEvent[], into = new MemoryReadStore()): Promise<MemoryReadStore> {
  const handles = new Set(def.handles);
  for (const e of events) if (handles.has(e.type)) await def.apply(e, into);
  return into;
}
