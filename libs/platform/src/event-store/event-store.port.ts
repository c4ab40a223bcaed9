/**
 * The event store port. Two adapters implement it: the embedded SQLite store (default) and
 * EventStoreDB. Both pass test/contract/event-store.contract-spec.ts.
 */
export interface EventMetadata {
  actor: string | null;
  occurredAt: string;
  correlationId: string;
  causationId: string | null;
  schemaVersion: number;
  /** W3C `traceparent` of the span that appended the event, when tracing is on (observability/tracing.ts). */
  traceparent?: string;
}

export interface NewEvent<T = unknown> {
  /** Unique id of the event; appending the same ids again is a no-op (idempotent retry). */
  id: string;
  type: string;
  data: T;
  metadata: EventMetadata;
}

export interface RecordedEvent<T = unknown> extends NewEvent<T> {
  stream: string;
  /** 0-based index of the event in its stream. */
  revision: number;
  /** Global position: strictly increasing in commit order across all streams. */
  position: number;
}

/** `no_stream`: the stream must not exist; `stream_exists`: it must; a number: its last revision. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last event of the stream after the append. */
  nextRevision: number;
  /** Global position of the last appended event. */
  position: number;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive start revision (forwards: from it up; backwards: from it down). */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Defaults to the start. */
  after?: number;
  maxCount?: number;
  /** Only events of streams with this prefix. */
  streamPrefix?: string;
}

export interface Subscription {
  close(): Promise<void>;
}

export type SubscriptionHandler = (events: RecordedEvent[]) => Promise<void>;

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Concurrency conflict on stream "${stream}": expected revision ${expected}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export abstract class EventStore {
  abstract append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream; an unknown stream reads as empty. */
  abstract readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  abstract readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the last committed event, 0 when the store is empty. */
  abstract headPosition(): Promise<number>;
  /**
   * Catch-up subscription: delivers every event after `after`, in order, once, then keeps
   * delivering new events (also those appended by other processes). The handler's batch is
   * awaited before the next is delivered; a throwing handler closes the subscription and the
   * error goes to `onError`.
   */
  abstract subscribeToAll(after: number, handler: SubscriptionHandler, onError?: (e: Error) => void): Subscription;
  abstract close(): Promise<void>;
}
