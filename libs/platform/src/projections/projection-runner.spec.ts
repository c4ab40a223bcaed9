import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NewEvent } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { newEventId } from '../ids/ids';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { Doc, Write } from '../read-store/read-store.port';
import { ProjectionRunner } from './projection-runner';

const tick = (i: number): NewEvent => ({
  id: newEventId(),
  type: 'Ticked',
  data: { i },
  metadata: { actor: null, occurredAt: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: null, schemaVersion: 1 },
});

interface Counter extends Doc {
  n: number;
  last: number;
}

describe('projection runner, catching up', () => {
  const BACKLOG = 20_000;
  const DOCS = 50;
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-'));
    events = new SqliteEventStore(path.join(dir, 'e.sqlite'));
    reads = new SqliteReadStore(path.join(dir, 'r.sqlite'));
    await events.appendBatch(Array.from({ length: BACKLOG }, (_, i) => ({ stream: `s-${i % DOCS}`, events: [tick(i)], expected: 'any' as const })));
    await reads.defineProjection('counts', [{ name: 'counters' }]);
  });
  afterEach(async () => {
    await events.close();
    await reads.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Counts events per stream: every event changes one of DOCS documents. */
  const runner = () =>
    new ProjectionRunner(
      events,
      reads,
      {
        name: 'counts',
        handles: new Set(['Ticked']),
        async apply(e, ctx) {
          const doc = (await ctx.get<Counter>('counters', e.stream)) ?? { id: e.stream, n: 0, last: 0 };
          ctx.put('counters', { id: e.stream, n: doc.n + 1, last: e.position });
        },
      },
      { retryDelaysMs: [1] },
    );

  it('commits the writes of many turns together, each document once, and shows a position only once its writes are in', async () => {
    const commits: Write[][] = [];
    const commit = reads.commit.bind(reads);
    jest.spyOn(reads, 'commit').mockImplementation((p, g, from, to, writes, options) => {
      commits.push(writes);
      return commit(p, g, from, to, writes, options);
    });
    const r = runner();
    const shown: Array<Promise<void>> = [];
    r.onProgress(() => {
      const at = r.position;
      // What a query sees once the position is shown: every event up to it.
      shown.push(
        (async () => {
          const docs = await reads.find<Counter>('counters');
          expect(docs.reduce((n, d) => n + d.n, 0)).toBe(at);
        })(),
      );
    });
    await r.start();
    for (let i = 0; i < 2000 && r.position < BACKLOG; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await r.stop();
    await Promise.all(shown);
    expect(r.position).toBe(BACKLOG);
    const docs = await reads.find<Counter>('counters');
    expect(docs).toHaveLength(DOCS);
    expect(docs.every((d) => d.n === BACKLOG / DOCS)).toBe(true);
    // A turn applies at most one 2,000-event slice: at least 10 turns, in fewer commits, and
    // each commit writes a document once however often its events changed it.
    const writing = commits.filter((w) => w.length > 0);
    expect(writing.length).toBeLessThan(10);
    expect(writing.every((w) => w.length <= DOCS)).toBe(true);
  });
});
