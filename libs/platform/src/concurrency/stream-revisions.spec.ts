import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EventStore, NewEvent, ReadStreamOptions, RecordedEvent } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { newEventId } from '../ids/ids';
import { streamRevisionAt } from './stream-revisions';

const event = (type: string): NewEvent => ({
  id: newEventId(),
  type,
  data: {},
  metadata: { actor: null, occurredAt: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: null, schemaVersion: 1 },
});

/** The port without the embedded store's revision lookup: the generic path pages backwards. */
const portOnly = (store: EventStore): EventStore => {
  const reads: ReadStreamOptions[] = [];
  return Object.assign(Object.create(EventStore.prototype) as EventStore, {
    reads,
    readStream: (stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> => {
      reads.push(options ?? {});
      return store.readStream(stream, options);
    },
  });
};

describe('streamRevisionAt (the revision behind an ETag)', () => {
  let dir: string;
  let store: SqliteEventStore;
  /** Global positions of the events of stream "a", by revision. */
  const positions: number[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stream-revisions-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    // Stream "a" gets 20 events, interleaved with stream "b", so positions and revisions differ.
    for (let i = 0; i < 20; i++) {
      positions.push((await store.append('a', [event('A')], 'any')).position);
      await store.append('b', [event('B')], 'any');
    }
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const [name, adapter] of [
    ['the embedded store', () => store],
    ['any adapter (through readStream)', () => portOnly(store)],
  ] as const) {
    it(`is the revision of the stream's last event at or before the position, from ${name}`, async () => {
      const events = adapter();
      expect(await streamRevisionAt(events, 'a', positions[19])).toBe(19);
      expect(await streamRevisionAt(events, 'a', positions[19] + 1000)).toBe(19);
      expect(await streamRevisionAt(events, 'a', positions[7])).toBe(7);
      // Between two events of the stream: the earlier one.
      expect(await streamRevisionAt(events, 'a', positions[3] + 1)).toBe(3);
      // Far back (more than one page of the generic path behind the head).
      expect(await streamRevisionAt(events, 'a', positions[0])).toBe(0);
      expect(await streamRevisionAt(events, 'a', positions[0] - 1)).toBeNull();
      expect(await streamRevisionAt(events, 'missing', positions[19])).toBeNull();
    });
  }

  it('reads one page backwards when the read models are at the head (the usual case)', async () => {
    const events = portOnly(store) as EventStore & { reads: ReadStreamOptions[] };
    expect(await streamRevisionAt(events, 'a', positions[19])).toBe(19);
    expect(events.reads).toHaveLength(1);
    expect(events.reads[0]).toMatchObject({ direction: 'backwards' });
  });
});
