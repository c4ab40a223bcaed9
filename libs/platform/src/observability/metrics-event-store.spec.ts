import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EventStore, NewEvent, WrongExpectedRevisionError } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { instrumentEventStore } from './metrics-event-store';
import { Metrics } from './metrics.service';

const event = (n: number): NewEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'Happened',
  data: { n },
  metadata: { actor: null, occurredAt: '2026-03-01T10:00:00.000Z', correlationId: 'c', causationId: null, schemaVersion: 1 },
});

const value = async (m: { get(): Promise<{ values: Array<{ value: number; metricName?: string }> }> }, name?: string) =>
  (await m.get()).values.find((v) => !name || v.metricName === name)?.value ?? 0;

describe('instrumentEventStore', () => {
  let dir: string;
  let inner: SqliteEventStore;
  let metrics: Metrics;
  let store: EventStore;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-es-'));
    inner = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    metrics = new Metrics();
    store = instrumentEventStore(inner, metrics);
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('counts appends and their events, and times every call (conflicts included)', async () => {
    await store.append('s-1', [event(1), event(2)], 'no_stream');
    await expect(store.append('s-1', [event(3)], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await value(metrics.appends)).toBe(1);
    expect(await value(metrics.appendedEvents)).toBe(2);
    expect(await value(metrics.appendDuration, 'docs_api_event_store_append_duration_seconds_count')).toBe(2);
    // Reads go straight to the adapter.
    expect((await store.readStream('s-1')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await store.headPosition()).toBe(2);
  });

  it('counts each stream of a batch, and keeps the adapter optional batch append detectable', async () => {
    const batch = (store as unknown as { appendBatch?: SqliteEventStore['appendBatch'] }).appendBatch;
    expect(typeof batch).toBe('function');
    await batch!([
      { stream: 'a', events: [event(1)], expected: 'any' },
      { stream: 'b', events: [event(2), event(3)], expected: 'any' },
    ]);
    expect(await value(metrics.appends)).toBe(2);
    expect(await value(metrics.appendedEvents)).toBe(3);
    expect(await value(metrics.appendDuration, 'docs_api_event_store_append_duration_seconds_count')).toBe(1);
  });

  it('adds no batch append to an adapter that has none', () => {
    const plain = Object.assign(Object.create(EventStore.prototype) as EventStore, { append: jest.fn() });
    const wrapped = instrumentEventStore(plain, metrics) as unknown as { appendBatch?: unknown };
    expect(wrapped.appendBatch).toBeUndefined();
    expect(wrapped).toBeInstanceOf(EventStore);
  });
});
