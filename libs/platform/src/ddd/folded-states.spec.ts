import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ManualClock } from '../clock/clock';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EventSourcing, FoldedStates } from './event-sourcing.service';
import { Add, Added, listDecider } from '../testing/list-decider';
import { Decider } from './decider';

const list = listDecider;
const added = (item: string, id = `e-${item}`) => ({
  id,
  type: 'Added',
  data: { item },
  metadata: { actor: null, occurredAt: '', correlationId: '', causationId: null, schemaVersion: 1 },
});

describe('EventSourcing with FoldedStates (incremental loads)', () => {
  let dir: string;
  let store: SqliteEventStore;
  let other: SqliteEventStore;
  let es: EventSourcing;
  let cache: FoldedStates;
  const eventsRead = async (spy: jest.SpyInstance) =>
    (await Promise.all(spy.mock.results.map((r) => r.value as Promise<unknown[]>))).reduce((n, events) => n + events.length, 0);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folded-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    other = new SqliteEventStore(path.join(dir, 'events.sqlite')); // another process on the same file
    es = new EventSourcing(store, new ManualClock('2026-01-01T00:00:00.000Z'));
    cache = new FoldedStates(10);
  });
  afterEach(async () => {
    await store.close();
    await other.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('folds a stream once, then reads only the events appended since (also by other processes)', async () => {
    await store.append(
      'list-1',
      Array.from({ length: 50 }, (_, i) => added(`i${i}`)),
      'no_stream',
    );
    const read = jest.spyOn(store, 'readStream');
    expect((await es.load('list-1', list, cache)).revision).toBe(49);
    expect(await eventsRead(read)).toBe(50);
    read.mockClear();
    await other.append('list-1', [added('late')], 49);
    const { state, revision } = await es.load('list-1', list, cache);
    expect(await eventsRead(read)).toBe(1);
    expect(revision).toBe(50);
    expect(state).toEqual((await es.load('list-1', list)).state);
  });

  it('execute keeps what it appended, and a conflicting writer makes it fold just the newer events', async () => {
    await es.execute('list-2', list, { type: 'Add', item: 'a' }, { cache });
    const read = jest.spyOn(store, 'readStream');
    let attempts = 0;
    const r = await es.execute(
      'list-2',
      list,
      async (s) => {
        if (attempts++ === 0) await other.append('list-2', [added('b')], 0);
        return { type: 'Add' as const, item: `c-after-${s.join('+')}` };
      },
      { cache },
    );
    expect(attempts).toBe(2);
    expect(r.state).toEqual(['a', 'b', 'c-after-a+b']);
    expect(await eventsRead(read)).toBe(1); // the first attempt read nothing new, the second only b
    read.mockClear();
    expect((await es.load('list-2', list, cache)).state).toEqual(r.state);
    expect(await eventsRead(read)).toBe(0);
  });

  it('an idempotent replay appends nothing new: the entry is dropped, and the next load refolds', async () => {
    await store.append('list-3', [added('a', 'k-0')], 'no_stream');
    await store.append('list-3', [added('b')], 0);
    // A retried command with the id of an event already written: the store answers its old revision.
    const replay: Decider<string[], Add, Added> = { ...list, decide: (c) => [{ type: 'Added', data: { item: c.item } }] };
    jest.spyOn(es, 'toNew').mockImplementation((e) => ({ ...added((e.data as { item: string }).item), id: 'k-0' }));
    await es.execute('list-3', replay, { type: 'Add', item: 'a' }, { cache });
    expect(cache.get('list-3', list)).toBeUndefined();
    expect((await es.load('list-3', list, cache)).state).toEqual(['a', 'b']);
  });

  it('an entry folded by another evolve does not count', async () => {
    await store.append('list-4', [added('a')], 'no_stream');
    cache.set('list-4', { initialState: 0, evolve: (n: number) => n + 1 }, 1, 0);
    expect((await es.load('list-4', list, cache)).state).toEqual(['a']);
  });

  it('a command built from the state runs after the precondition, on the state of each attempt', async () => {
    const order: string[] = [];
    await es.execute(
      'list-5',
      list,
      (s) => {
        order.push(`build on ${s.length}`);
        return { type: 'Add', item: 'x' };
      },
      {
        precondition: (s) => {
          order.push(`check on ${s.length}`);
        },
      },
    );
    expect(order).toEqual(['check on 0', 'build on 0']);
  });
});
