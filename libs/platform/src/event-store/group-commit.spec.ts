import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { newEventId } from '../ids/ids';
import { NewEvent, WrongExpectedRevisionError } from './event-store.port';
import { SqliteEventStore } from './sqlite-event-store';

const event = (n: number): NewEvent => ({
  id: newEventId(),
  type: 'GroupCommitTested',
  data: { n },
  metadata: { actor: 'test', occurredAt: new Date().toISOString(), correlationId: newEventId(), causationId: null, schemaVersion: 1 },
});

describe('embedded event store: group commit', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('appends made in one turn of the event loop share one commit, positions in the order of the calls', async () => {
    const before = store.commitStats();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => store.append(`s-${i}`, [event(i)], 'no_stream')));
    const after = store.commitStats();
    expect(after.appends - before.appends).toBe(50);
    expect(after.commits - before.commits).toBe(1);
    expect(results.map((r) => r.position)).toEqual(Array.from({ length: 50 }, (_, i) => results[0].position + i));
    const all = await store.readAll();
    expect(all.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('a conflicting append in the group fails alone; the others are written', async () => {
    await store.append('taken', [event(0)], 'no_stream');
    const outcomes = await Promise.allSettled([
      store.append('a', [event(1)], 'no_stream'),
      store.append('taken', [event(2)], 'no_stream'),
      store.append('b', [event(3), event(4)], 'no_stream'),
      store.append('taken', [event(5)], 0),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect((await store.readStream('taken')).map((e) => (e.data as { n: number }).n)).toEqual([0, 5]);
    expect((await store.readStream('b')).map((e) => e.revision)).toEqual([0, 1]);
    // Positions stay dense and in call order: the refused append left no gap.
    expect((await store.readAll()).map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 3, 4, 5]);
  });

  it('two appends at one expected revision in one group: the first wins, the second sees its revision', async () => {
    await store.append('one', [event(0)], 'no_stream');
    const [first, second] = await Promise.allSettled([store.append('one', [event(1)], 0), store.append('one', [event(2)], 0)]);
    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('rejected');
    expect(((second as PromiseRejectedResult).reason as WrongExpectedRevisionError).message).toMatch(/one/);
  });

  it('appends awaited one after another each commit at once (no waiting for a group)', async () => {
    const before = store.commitStats();
    for (let i = 0; i < 5; i++) await store.append('seq', [event(i)], i === 0 ? 'no_stream' : i - 1);
    expect(store.commitStats().commits - before.commits).toBe(5);
  });

  it('close commits what is queued', async () => {
    const pending = store.append('late', [event(9)], 'no_stream');
    await store.close();
    await expect(pending).resolves.toMatchObject({ nextRevision: 0 });
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    expect((await store.readStream('late')).length).toBe(1);
  });
});
