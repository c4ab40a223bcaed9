import type { AppendResult, EventStore, ExpectedRevision, NewEvent } from '../event-store/event-store.port';
import type { Metrics } from './metrics.service';

type BatchAppend = Array<{ stream: string; events: NewEvent[]; expected: ExpectedRevision }>;

/**
 * The event store as the application sees it, with its appends counted and timed. Every write
 * goes through the one EventStore provider (EventSourcing's handle and appendNew, sagas, timers,
 * the content object store's batches, token usage), so this is the one place that sees them all.
 *
 * A proxy rather than a subclass: the adapters' optional extras (the embedded store's
 * `appendBatch`, which callers detect by its presence) stay exactly as present as before, and
 * every other call goes straight to the adapter.
 */
export function instrumentEventStore(store: EventStore, metrics: Metrics): EventStore {
  const timed = async <T>(streams: number, events: number, run: () => Promise<T>): Promise<T> => {
    const end = metrics.appendDuration.startTimer();
    try {
      const result = await run();
      metrics.appends.inc(streams);
      metrics.appendedEvents.inc(events);
      return result;
    } finally {
      end();
    }
  };
  const append = (stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> =>
    timed(1, events.length, () => store.append(stream, events, expected));
  const batchOf = (store as Partial<{ appendBatch(a: BatchAppend): Promise<AppendResult[]> }>).appendBatch;
  const appendBatch = batchOf
    ? (appends: BatchAppend): Promise<AppendResult[]> =>
        timed(
          appends.length,
          appends.reduce((n, a) => n + a.events.length, 0),
          () => batchOf.call(store, appends),
        )
    : undefined;
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'append') return append;
      if (prop === 'appendBatch') return appendBatch;
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      // Bound to the adapter, so its own internal calls are not counted twice.
      if (!bound.has(prop)) bound.set(prop, (value as (...a: unknown[]) => unknown).bind(target));
      return bound.get(prop);
    },
  });
}
