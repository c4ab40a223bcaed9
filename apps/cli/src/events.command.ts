import { EventStore, RecordedEvent, Subscription, upcast } from '@app/platform';
import { Flags, position, positiveInt, UsageError } from './cli-args';

/** Writes one line; may return a promise to apply backpressure (awaited). */
export type Out = (line: string) => unknown;
const PAGE = 500;

interface EventsOptions {
  after: number;
  limit: number;
  stream?: string;
  types?: Set<string>;
  follow: boolean;
}

export function eventsOptions(flags: Flags): EventsOptions {
  if (flags.stream === '') throw new UsageError('--stream must name a stream');
  const types =
    flags.type === undefined
      ? undefined
      : new Set(
          flags.type
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        );
  if (types && types.size === 0) throw new UsageError('--type must name at least one event type (comma-separated)');
  return {
    after: position(flags, 'after', 'from'),
    limit: positiveInt(flags, 'limit') ?? Infinity,
    stream: flags.stream,
    types,
    follow: flags.follow === 'true',
  };
}

/**
 * The audit view of the event log: every event after `--after`, page by page to the end (or
 * `--limit`), as each context reads it today — upcast, so redacting upcasters apply. With
 * `--follow` it then keeps printing new events until `signal` aborts (Ctrl-C, reader gone).
 */
export async function printEvents(store: EventStore, o: EventsOptions, out: Out, signal?: AbortSignal): Promise<void> {
  let printed = 0;
  const wanted = (e: RecordedEvent) => (!o.stream || e.stream === o.stream) && (!o.types || o.types.has(e.type)) && e.position > o.after;
  /** Prints one event; false once nothing more should be printed. */
  const emit = async (e: RecordedEvent): Promise<boolean> => {
    if (signal?.aborted || printed >= o.limit) return false;
    if (!wanted(e)) return true;
    const u = upcast(e);
    await out(
      JSON.stringify({
        type: u.type,
        stream: u.stream,
        revision: u.revision,
        position: u.position,
        occurredAt: u.metadata.occurredAt,
        actor: u.metadata.actor,
        data: u.data,
      }),
    );
    return ++printed < o.limit;
  };
  if (o.follow) return follow(store, o.after, emit, signal);
  if (o.stream) {
    // A stream is read by revision; --after still filters by global position.
    for (let from = 0; ; from += PAGE) {
      const page = await store.readStream(o.stream, { fromRevision: from, maxCount: PAGE });
      for (const e of page) if (!(await emit(e))) return;
      if (page.length < PAGE) return;
    }
  }
  for (let after = o.after; ;) {
    const page = await store.readAll({ after, maxCount: PAGE });
    for (const e of page) if (!(await emit(e))) return;
    if (page.length < PAGE) return;
    after = page[page.length - 1].position;
  }
}

/** A catch-up subscription: history after `after`, then live events, until aborted or done. */
function follow(store: EventStore, after: number, emit: (e: RecordedEvent) => Promise<boolean>, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let finished = false;
    // eslint-disable-next-line prefer-const -- deliberate: finish() may run (on a synchronous error) before the assignment, and a const would throw there
    let subscription: Subscription | undefined;
    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      signal?.removeEventListener('abort', onAbort);
      // Not awaited inside the handler: closing waits for the handler's batch to end.
      void (subscription?.close() ?? Promise.resolve()).finally(() => (error ? reject(error) : resolve()));
    };
    const onAbort = () => finish();
    subscription = store.subscribeToAll(
      after,
      async (batch) => {
        for (const e of batch) {
          if (finished) return;
          if (!(await emit(e))) return finish();
        }
      },
      (e) => finish(e),
    );
    if (signal?.aborted) finish();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}
