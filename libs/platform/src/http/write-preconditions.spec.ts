import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ManualClock } from '../clock/clock';
import { Decider } from '../ddd/decider';
import { PreconditionFailed } from '../ddd/errors';
import { EventSourcing } from '../ddd/event-sourcing.service';
import { EventStore } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { RequestContext } from './request-context';
import { WritePreconditions } from './write-preconditions';

type E = { type: 'Renamed'; data: { title: string } };
const doc: Decider<{ title: string }, { type: 'Rename'; title: string }, E> = {
  initialState: { title: '' },
  evolve: (_s, e) => ({ title: e.data.title }),
  decide: (c) => [{ type: 'Renamed', data: { title: c.title } }],
};
const rename = (title: string) => ({ type: 'Rename' as const, title });

/** The If-Match race: a write that lands after the check and before the append is never lost. */
describe('WritePreconditions (If-Match against the append)', () => {
  let dir: string;
  let store: EventStore;
  let es: EventSourcing;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preconditions-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    es = new EventSourcing(store, new ManualClock());
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const request = <T>(fn: () => Promise<T>) => RequestContext.run({}, fn);

  it('writes when the stream has not moved since the checked position', async () => {
    await es.execute('doc-1', doc, rename('A'));
    const since = await store.headPosition();
    await request(() => WritePreconditions.run(since, () => es.execute('doc-1', doc, rename('B'))));
    expect((await es.load('doc-1', doc)).state.title).toBe('B');
  });

  it('refuses (412) and appends nothing when another writer moved the stream after the check', async () => {
    await es.execute('doc-1', doc, rename('A'));
    const since = await store.headPosition();
    await es.execute('doc-1', doc, rename('theirs'));
    const head = await store.headPosition();
    await expect(request(() => WritePreconditions.run(since, () => es.execute('doc-1', doc, rename('mine'))))).rejects.toBeInstanceOf(PreconditionFailed);
    expect(await store.headPosition()).toBe(head);
    expect((await es.load('doc-1', doc)).state.title).toBe('theirs');
  });

  it('a writer slipping in between the check and the append is caught on the retry', async () => {
    await es.execute('doc-1', doc, rename('A'));
    const since = await store.headPosition();
    let slipped = false;
    // The command is built after the load and the check, before the append: the other writer
    // (another request) commits right then, so the append fails and the retry reloads.
    const mine = async () => {
      if (!slipped) {
        slipped = true;
        await RequestContext.run({}, () => es.execute('doc-1', doc, rename('theirs')));
      }
      return rename('mine');
    };
    await expect(request(() => WritePreconditions.run(since, () => es.execute('doc-1', doc, mine)))).rejects.toBeInstanceOf(PreconditionFailed);
    expect(slipped).toBe(true);
    expect((await es.load('doc-1', doc)).state.title).toBe('theirs');
  });

  it("the request's own earlier writes do not count, and other requests are not bound", async () => {
    await es.execute('doc-1', doc, rename('A'));
    const since = await store.headPosition();
    await request(() =>
      WritePreconditions.run(since, async () => {
        await es.execute('doc-1', doc, rename('B'));
        await es.execute('doc-1', doc, rename('C'));
        // Work that inherits the async context but runs as another request (a saga step) is free.
        await RequestContext.run({}, () => es.execute('doc-1', doc, rename('D')));
        await es.execute('doc-1', doc, rename('E'));
      }),
    );
    expect((await es.load('doc-1', doc)).state.title).toBe('E');
    // Outside run(), nothing is checked.
    await request(() => es.execute('doc-1', doc, rename('F')));
  });
});
