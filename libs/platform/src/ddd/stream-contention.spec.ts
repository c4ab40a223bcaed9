import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ManualClock } from '../clock/clock';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EventSourcing } from './event-sourcing.service';
import { listDecider } from '../testing/list-decider';

const list = listDecider;

describe('EventSourcing: concurrent commands on one stream', () => {
  let dir: string;
  let store: SqliteEventStore;
  let es: EventSourcing;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contention-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    es = new EventSourcing(store, new ManualClock('2026-03-01T00:00:00Z'));
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('run one after another in one process: 40 at once, every one written, not one conflict or retry', async () => {
    const items = Array.from({ length: 40 }, (_, i) => `item-${i}`);
    // Each precondition awaits a turn of the event loop, as a read-model lookup does: without
    // the stream lock every command would load the same revision and all but one would conflict.
    const results = await Promise.allSettled(
      items.map((item) => es.execute('list-1', list, { type: 'Add', item }, { precondition: () => new Promise((r) => setImmediate(r)) })),
    );
    expect(results.map((r) => r.status)).toEqual(items.map(() => 'fulfilled'));
    expect(es.concurrencyConflicts).toBe(0);
    expect((await store.readStream('list-1')).map((e) => (e.data as { item: string }).item)).toEqual(items);
  });

  it('a writer in another process still meets optimistic concurrency, and the retry decides on fresh state', async () => {
    const other = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    try {
      await es.execute('list-2', list, { type: 'Add', item: 'a' });
      let raced = false;
      await es.execute(
        'list-2',
        list,
        { type: 'Add', item: 'b' },
        {
          precondition: async () => {
            if (raced) return;
            raced = true;
            await other.append('list-2', [{ id: 'other-1', type: 'Added', data: { item: 'c' }, metadata: {} as never }], 0);
          },
        },
      );
      expect(es.concurrencyConflicts).toBe(1);
      expect((await store.readStream('list-2')).map((e) => (e.data as { item: string }).item)).toEqual(['a', 'c', 'b']);
    } finally {
      await other.close();
    }
  });
});
