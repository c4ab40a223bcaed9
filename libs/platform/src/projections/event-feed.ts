import { Logger } from '@nestjs/common';
import { EventStore, RecordedEvent, Subscription } from '../event-store/event-store.port';

/**
 * One event of a slice: where it is and its type at once; `event()` gives the whole event, a
 * copy of its own to every runner that handles it (as when each runner read for itself).
 */
export interface SliceEvent {
  readonly position: number;
  readonly type: string;
  event(): RecordedEvent;
}

/**
 * An adapter that can read a slice without parsing every event says so with this method (the
 * embedded store does: most runners skip most events by type, and JSON.parse is most of the
 * cost of reading). Other adapters are read with readAll.
 */
interface SliceReader {
  /** At most `maxCount` events with after < position <= until, in order. */
  readSlice(after: number, maxCount: number, until?: number): SliceEvent[];
}
const canReadSlices = (store: unknown): store is SliceReader => typeof (store as Partial<SliceReader>).readSlice === 'function';

const NO_TYPES: ReadonlySet<string> = new Set();

const parsed = (e: RecordedEvent): SliceEvent => ({ position: e.position, type: e.type, event: () => structuredClone(e) });

interface Slice {
  /** The slice holds every event with after < position <= last. */
  after: number;
  last: number;
  events: SliceEvent[];
  usedAt: number;
  /** The event types in it, once a runner has asked (see typesOf). */
  types?: ReadonlySet<string>;
}

/**
 * What `after` answers: events, and every type among them or more (the types of the slice
 * they come from), so a runner that handles none of them passes them all at once.
 */
export interface FeedRead {
  events: SliceEvent[];
  types: ReadonlySet<string>;
}

export interface EventFeedOptions {
  /** Events per read of the store. */
  sliceSize: number;
  /** Slices kept for runners that ask at a position inside one (least recently used goes first). */
  cachedSlices: number;
}

/**
 * The one reader of the global stream for a set of runners. Runners ask for the events after
 * their checkpoint; a slice read for one runner serves every runner at a position inside it,
 * so runners at one checkpoint read and parse each event once between them. `head` is the
 * highest position known; one live subscription from the head keeps it current and wakes
 * idle runners (a feed opened without it, for a rebuild, is polled).
 */
export class EventFeed {
  head = 0;
  private slices: Slice[] = [];
  private readonly waiters = new Set<() => void>();
  private subscription: Subscription | null = null;
  private closed = false;
  private uses = 0;
  private readonly logger = new Logger('EventFeed');

  constructor(
    private readonly events: EventStore,
    private readonly options: EventFeedOptions = { sliceSize: 2000, cachedSlices: 4 },
  ) {}

  /** Reads the head; with `live`, follows the events appended from there on. */
  async open(live: boolean): Promise<void> {
    this.closed = false;
    this.advance(await this.events.headPosition());
    if (live) this.follow(this.head);
  }

  get following(): boolean {
    return this.subscription !== null;
  }

  private follow(after: number): void {
    let last = after;
    this.subscription = this.events.subscribeToAll(
      after,
      async (batch) => {
        const from = last;
        last = batch[batch.length - 1].position;
        // Live events arrive parsed already: keep them for the runners that will ask next.
        this.remember(from, batch.map(parsed));
        this.advance(last);
      },
      (e) => {
        this.subscription = null;
        if (this.closed) return;
        this.logger.warn(`live subscription failed, following again: ${e}`);
        setTimeout(() => {
          if (!this.closed && !this.subscription) this.follow(last);
        }, 200);
      },
    );
  }

  /** Notes that events exist up to `position` and wakes the runners waiting for them. */
  advance(position: number): void {
    if (position <= this.head) return;
    this.head = position;
    for (const w of [...this.waiters]) w();
  }

  /**
   * Events after `position`, at most one slice, from the cache or the store; empty at the end.
   * A read stops where the next cached slice begins: runners that started at different
   * positions then share every read after their first (without it, two groups of runners a
   * slice apart read and parsed every event twice).
   */
  async after(position: number): Promise<FeedRead> {
    for (;;) {
      // Following the live stream, every event up to the head has been announced: a runner at
      // the head has nothing to read (each write woke some forty runners that read the store
      // only to find nothing).
      if (this.subscription && position >= this.head) return { events: [], types: NO_TYPES };
      let until = Number.POSITIVE_INFINITY;
      let covering: Slice | undefined;
      for (const s of this.slices) {
        if (s.after <= position && position < s.last) covering = s;
        else if (s.after > position) until = Math.min(until, s.after);
      }
      if (covering) {
        covering.usedAt = ++this.uses;
        const tail = covering.after === position ? covering.events : covering.events.slice(firstAfter(covering.events, position));
        if (tail.length > 0) return { events: tail, types: typesOf(covering) };
        // A stretch of positions without events (a gap before the next slice): look past it.
        position = covering.last;
        continue;
      }
      const bounded = Number.isFinite(until);
      const events = await this.read(position, bounded ? until : undefined);
      // Fewer than a slice up to `until`: every event of (position, until] is in hand.
      const complete = bounded && events.length < this.options.sliceSize;
      if (events.length === 0 && !complete) return { events, types: new Set() };
      const slice = this.remember(position, events, complete ? until : events[events.length - 1].position);
      if (events.length === 0) {
        position = until;
        continue;
      }
      this.advance(events[events.length - 1].position);
      return { events, types: slice ? typesOf(slice) : new Set(events.map((e) => e.type)) };
    }
  }

  private async read(after: number, until: number | undefined): Promise<SliceEvent[]> {
    if (canReadSlices(this.events)) return this.events.readSlice(after, this.options.sliceSize, until);
    const events = (await this.events.readAll({ after, maxCount: this.options.sliceSize })).map(parsed);
    return until !== undefined && events.length > 0 && events[events.length - 1].position > until ? events.slice(0, firstAfter(events, until)) : events;
  }

  private remember(after: number, events: SliceEvent[], last = events.length > 0 ? events[events.length - 1].position : after): Slice | null {
    if (last <= after) return null;
    const slice: Slice = { after, last, events, usedAt: ++this.uses };
    this.slices.push(slice);
    if (this.slices.length > this.options.cachedSlices) {
      let oldest = 0;
      for (let i = 1; i < this.slices.length; i++) if (this.slices[i].usedAt < this.slices[oldest].usedAt) oldest = i;
      this.slices.splice(oldest, 1);
    }
    return slice;
  }

  /** Resolves once an event after `position` is known to exist, or after `ms`, or at close. */
  waitBeyond(position: number, ms: number): Promise<void> {
    if (this.head > position || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const s = this.subscription;
    this.subscription = null;
    for (const w of [...this.waiters]) w();
    this.slices = [];
    await s?.close();
  }
}

function typesOf(slice: Slice): ReadonlySet<string> {
  slice.types ??= new Set(slice.events.map((e) => e.type));
  return slice.types;
}

/** Index of the first event after `position` (events are in position order). */
function firstAfter(events: SliceEvent[], position: number): number {
  let lo = 0,
    hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (events[mid].position <= position) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
