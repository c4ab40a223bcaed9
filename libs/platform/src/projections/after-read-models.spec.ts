import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PlatformConfig } from '../config/platform-config';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { ticks } from '../testing/ticks';
import { ProjectionEngine } from './projection-engine';

const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* busy */
  }
};

/**
 * A projection that reads other read models through queries (the search index) applies an event
 * only once the query-serving read models include it, as sagas do.
 */
describe('projections with afterReadModels', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let engine: ProjectionEngine;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'after-read-models-'));
    events = new SqliteEventStore(path.join(dir, 'e.sqlite'));
    reads = new SqliteReadStore(path.join(dir, 'r.sqlite'));
    engine = new ProjectionEngine(events, reads, PlatformConfig.fromEnv({}, { dataDir: dir, retryDelaysMs: [1] }));
    await events.appendBatch(ticks(400));
  });
  afterEach(async () => {
    await engine.stop();
    await events.close();
    await reads.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A slow query-serving projection (behind the head it commits about once a second), and a reader of it. */
  async function run(afterReadModels: boolean): Promise<boolean[]> {
    engine.registerProjection({
      name: 'slow',
      collections: [{ name: 'slow_docs' }],
      handles: ['Ticked'],
      async apply(e, ctx) {
        spin(2);
        ctx.put('slow_docs', { id: 'last', position: e.position });
      },
    });
    const included: boolean[] = [];
    engine.registerProjection({
      name: 'reader',
      collections: [],
      handles: ['Ticked'],
      async apply(e) {
        included.push((await engine.queryPosition()) >= e.position);
      },
      servesQueries: false,
      afterReadModels,
    });
    await engine.start();
    await engine.drain(30_000);
    return included;
  }

  it('applies each event only once the query-serving read models include it', async () => {
    const included = await run(true);
    expect(included).toHaveLength(400);
    expect(included.every((x) => x)).toBe(true);
  }, 60_000);

  it('(without it, a projection runs ahead of the read models it would read)', async () => {
    const included = await run(false);
    expect(included.some((x) => !x)).toBe(true);
  }, 60_000);

  it('refuses a projection that would wait for itself', () => {
    expect(() => engine.registerProjection({ name: 'self', collections: [], handles: [], apply: async () => undefined, afterReadModels: true })).toThrow(
      /afterReadModels needs servesQueries: false/,
    );
  });
});
