import {
  ANY,
  AllStreamResolvedEvent,
  AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  Position,
  ReadPosition,
  RecordedEvent as EsdbRecordedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  Subscription,
  SubscriptionHandler,
  WrongExpectedRevisionError,
} from './event-store.port';

const PAGE = 500;
const NO_POSITION = 2n ** 63n;

/**
 * The global position is the event's commit position in the transaction log. Every gRPC append
 * is an implicit transaction whose events are each written as their own committed record, so
 * commit == prepare == the record's byte offset: unique per event and strictly increasing in
 * commit order (only the legacy TCP explicit transactions shared a commit position, and this
 * adapter never creates them). Byte offsets stay far below 2^53 (8 PiB), so Number() is exact.
 * Stream reads may carry no commit position (sent as ulong max); the prepare position is then the
 * same value.
 */
function toPosition(p: Position | undefined): number | undefined {
  if (!p) return undefined;
  if (p.commit >= 0n && p.commit < NO_POSITION) return Number(p.commit);
  if (p.prepare >= 0n && p.prepare < NO_POSITION) return Number(p.prepare);
  return undefined;
}

const fromPosition = (after: number): ReadPosition => (after > 0 ? { commit: BigInt(after), prepare: BigInt(after) } : START);

/** The event unless it is a system event ($-prefixed type: stats, epochs, links, metadata). */
const userEvent = (r: AllStreamResolvedEvent) => (r.event && !r.event.type.startsWith('$') ? r.event : undefined);

function toEvent(e: EsdbRecordedEvent, position = toPosition(e.position)): RecordedEvent {
  return {
    id: e.id,
    type: e.type,
    stream: e.streamId,
    revision: Number(e.revision),
    position: position ?? -1,
    data: e.data,
    metadata: e.metadata as unknown as EventMetadata,
  };
}

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

/**
 * EventStoreDB adapter. Idempotent retries are native: event ids become ESDB event ids, and the
 * server acknowledges a re-sent batch whose ids are already at the expected place without
 * writing it again.
 */
export class EventStoreDbEventStore extends EventStore {
  private readonly subscriptions = new Set<Subscription>();

  private constructor(private readonly client: EventStoreDBClient) {
    super();
  }

  static async connect(connectionString: string): Promise<EventStoreDbEventStore> {
    const client = EventStoreDBClient.connectionString(connectionString);
    const store = new EventStoreDbEventStore(client);
    // Fail at startup, not at the first request, when the server is unreachable or $all is not readable.
    await store.headPosition().catch(async (e) => {
      await client.dispose();
      throw e;
    });
    return store;
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const data = events.map((e) =>
      // JSON.stringify accepts any value; the client's JSON type is narrower than the port's `unknown`.
      jsonEvent({ id: e.id, type: e.type, data: e.data as never, metadata: e.metadata as unknown as Record<string, unknown> }),
    );
    try {
      const result = await this.client.appendToStream(stream, data, { expectedRevision: toExpected(expected) });
      const nextRevision = Number(result.nextExpectedRevision);
      // An idempotent retry is acknowledged without a position: look the original one up.
      const position = toPosition(result.position) ?? (await this.positionOf(stream, nextRevision));
      return { nextRevision, position };
    } catch (e) {
      if (e instanceof WrongExpectedVersionError) {
        const actual = e.actualVersion === NO_STREAM ? 'no_stream' : Number(e.actualVersion);
        throw new WrongExpectedRevisionError(stream, expected, actual);
      }
      throw e;
    }
  }

  private async positionOf(stream: string, revision: number): Promise<number> {
    const [event] = await this.readStream(stream, { direction: 'backwards', fromRevision: revision, maxCount: 1 });
    // The head is at or after the event: waiting for it is slower but never reads stale data.
    return event && event.position >= 0 ? event.position : this.headPosition();
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision !== undefined ? BigInt(options.fromRevision) : backwards ? END : START,
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        if (resolved.event) out.push(toEvent(resolved.event));
      }
    } catch (e) {
      if (e instanceof StreamNotFoundError) return [];
      throw e;
    }
    return out;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const max = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const prefix = options.streamPrefix;
    const out: RecordedEvent[] = [];
    let last = options.after ?? 0;
    // Plain $all reads cannot filter server-side, so system events and other streams are
    // skipped here, page by page, until enough events are collected.
    for (;;) {
      let seen = 0;
      for await (const resolved of this.client.readAll({ fromPosition: fromPosition(last), maxCount: PAGE, direction: FORWARDS })) {
        seen++;
        const position = toPosition(resolved.event?.position);
        // Reads are inclusive of their start position; `after` is exclusive.
        if (position === undefined || position <= last) continue;
        last = position;
        const event = userEvent(resolved);
        if (!event || (prefix && !event.streamId.startsWith(prefix))) continue;
        out.push(toEvent(event, position));
        if (out.length >= max) return out;
      }
      if (seen < PAGE) return out;
    }
  }

  async headPosition(): Promise<number> {
    let from: ReadPosition = END;
    for (;;) {
      let seen = 0;
      for await (const resolved of this.client.readAll({ fromPosition: from, maxCount: PAGE, direction: BACKWARDS })) {
        seen++;
        const event = userEvent(resolved);
        if (event) return toPosition(event.position) ?? 0;
        if (resolved.event?.position) from = resolved.event.position;
      }
      if (seen < PAGE) return 0;
    }
  }

  subscribeToAll(after: number, handler: SubscriptionHandler, onError?: (e: Error) => void): Subscription {
    const source = this.client.subscribeToAll({ fromPosition: fromPosition(after), filter: excludeSystemEvents() });
    const queue: RecordedEvent[] = [];
    let last = after;
    let closed = false;
    let running = false;
    let idle: Promise<void> = Promise.resolve();

    const stop = async () => {
      closed = true;
      this.subscriptions.delete(subscription);
      await source.unsubscribe().catch(() => undefined);
    };
    const fail = (e: Error) => {
      if (closed) return;
      void stop();
      onError?.(e);
    };
    // One batch at a time: whatever arrived while the previous batch was being handled.
    const pump = () => {
      if (running || closed) return;
      running = true;
      idle = (async () => {
        try {
          while (queue.length > 0 && !closed) {
            await handler(queue.splice(0, PAGE));
            if (source.isPaused() && queue.length < PAGE) source.resume();
          }
        } catch (e: unknown) {
          fail(e instanceof Error ? e : new Error(String(e)));
        } finally {
          running = false;
        }
      })();
    };
    source.on('data', (resolved: AllStreamResolvedEvent) => {
      const event = userEvent(resolved);
      const position = toPosition(event?.position);
      if (closed || !event || position === undefined || position <= last) return;
      last = position;
      queue.push(toEvent(event, position));
      // Backpressure: stop reading from the server while the handler lags behind.
      if (queue.length >= 2 * PAGE) source.pause();
      pump();
    });
    source.on('error', (e: Error) => fail(e));
    source.on('end', () => fail(new Error('EventStoreDB subscription ended')));

    const subscription: Subscription = {
      close: async () => {
        await stop();
        await idle;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }
}
