import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EventSourcing, ManualClock, NewEvent, SqliteEventStore } from '@app/platform';
import { changeRequestDecider } from '../domain/change-request.decider';
import { changeRequestStream } from '../domain/change-request.events';
import { ContentWriter } from './content-writer';

/*
 * Issue 20: a content write must not fold the change request's ever-growing stream. The writer's
 * FoldedStates (EventSourcing's `cache` option) fold each stream once per process; later loads
 * read only the events after what was folded — including events other processes appended, so
 * the state is never stale.
 */
describe('content writer: change request state without refolding the stream', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-writer-'));
  const file = path.join(dir, 'events.sqlite');
  const store = new SqliteEventStore(file);
  const other = new SqliteEventStore(file); // another process on the same data folder
  const clock = new ManualClock();
  const es = new EventSourcing(store, clock);
  const noUse = {} as never;
  const writer = new ContentWriter(es, noUse, noUse, clock, noUse);
  const id = 'cr-1';
  const stream = changeRequestStream(id);
  const ids = { spaceId: 'space-1', changeRequestId: id };
  let n = 0;
  const event = (type: string, data: object): NewEvent => ({
    id: `e-${++n}`,
    type,
    data,
    metadata: { actor: null, occurredAt: clock.now().toISOString(), correlationId: 'c', causationId: null, schemaVersion: 1 },
  });
  const updated = (i: number) =>
    event('ChangeRequestContentUpdated', { ...ids, revision: `r${i}`, root: `root${i}`, parents: [`r${i - 1}`], author: 'u', createdAt: '' });

  afterAll(async () => {
    await store.close();
    await other.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads only the events appended since its last read', async () => {
    await store.append(
      stream,
      [
        event('ChangeRequestCreated', {
          ...ids,
          organizationId: 'o',
          number: 1,
          status: 'open',
          subject: 's',
          createdBy: 'u',
          createdAt: '',
          base: { revision: 'r0', root: 'root0' },
          conversationsIssuesCluster: null,
        }),
        ...Array.from({ length: 149 }, (_, i) => updated(i + 1)),
      ],
      'no_stream',
    );
    const read = jest.spyOn(store, 'readStream');
    const eventsRead = async () =>
      (await Promise.all(read.mock.results.map((r) => r.value as Promise<unknown[]>))).reduce((sum, events) => sum + events.length, 0);

    expect((await writer.changeRequestState(id)).head).toEqual({ revision: 'r149', root: 'root149' });
    expect(await eventsRead()).toBe(150);

    read.mockClear();
    expect((await writer.changeRequestState(id)).head.revision).toBe('r149');
    expect(await eventsRead()).toBe(0);

    await other.append(stream, [updated(150)], 149);
    read.mockClear();
    expect((await writer.changeRequestState(id)).head.revision).toBe('r150');
    expect(await eventsRead()).toBe(1);
    read.mockRestore();
  });

  it('appends at the revision it folded to, and re-decides when another process appended first', async () => {
    let decisions = 0;
    await es.execute(
      stream,
      changeRequestDecider,
      async (s) => {
        // The first decision races with another process, whose append wins.
        if (decisions++ === 0) await other.append(stream, [updated(151)], 150);
        return { type: 'UpdateChangeRequestContent' as const, ...ids, from: s.head.revision, revision: 'mine', root: 'root-mine', author: 'u' };
      },
      { cache: writer.folded },
    );
    expect(decisions).toBe(2);
    const events = await store.readStream(stream);
    expect(events.slice(-2).map((e) => (e.data as { revision: string }).revision)).toEqual(['r151', 'mine']);
    expect((events[events.length - 1].data as { parents: string[] }).parents).toEqual(['r151']);
    // What the writer keeps equals a full fold of the stream.
    expect((await es.load(stream, changeRequestDecider, writer.folded)).state).toEqual((await es.load(stream, changeRequestDecider)).state);
  });
});
