import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PlatformConfig } from '../config/platform-config';
import { ServiceUnavailable } from '../ddd/errors';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { ticks } from '../testing/ticks';
import { ProjectionEngine } from './projection-engine';

/**
 * A projection with consistency 'own' (the audit log) serves queries that wait for it
 * themselves: the read models every request waits for, and readiness, do not include it, so a
 * slow one cannot hold the API; its own queries still see every earlier write, or get a 503.
 */
describe("projections with consistency 'own'", () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let engine: ProjectionEngine;
  let released = false;
  const release = () => {
    released = true;
  };

  const append = (n: number) => events.appendBatch(ticks(n));

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'own-consistency-'));
    events = new SqliteEventStore(path.join(dir, 'e.sqlite'));
    reads = new SqliteReadStore(path.join(dir, 'r.sqlite'));
    engine = new ProjectionEngine(
      events,
      reads,
      // The held projection's handler fails until released and is retried every 50 ms (for longer
      // than a test lasts): it stays behind without keeping the other runners from their turns.
      PlatformConfig.fromEnv({}, { dataDir: dir, retryDelaysMs: Array<number>(200).fill(50), readyMaxLagEvents: 50, consistencyTimeoutMs: 2000 }),
    );
    released = false;
    engine.registerProjection({
      name: 'fast',
      collections: [{ name: 'fast_docs' }],
      handles: ['Ticked'],
      apply: async (e, ctx) => ctx.put('fast_docs', { id: e.id }),
    });
    engine.registerProjection({
      name: 'held',
      consistency: 'own',
      collections: [{ name: 'held_docs' }],
      handles: ['Ticked'],
      async apply(e, ctx) {
        if (!released) throw new Error('held');
        ctx.put('held_docs', { id: e.id });
      },
    });
  });
  afterEach(async () => {
    release();
    await engine.stop();
    await events.close();
    await reads.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is not waited for by read-your-writes nor readiness; its own queries wait for it', async () => {
    await engine.start();
    await append(10);
    const head = await events.headPosition();
    // Every request's wait and the serving state ignore the held projection.
    await engine.waitFor(head);
    expect(await engine.queryPosition()).toBe(head);
    expect((await engine.servingState()).behind).toBe(false);
    expect((await engine.status()).find((s) => s.name === 'held')!.servesQueries).toBe(false);
    expect(await engine.positionOf(['held'])).toBeLessThan(head);
    // Its own query waits until it includes what the others include.
    let answered = false;
    const query = engine.awaitProjection('held').then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    await query;
    expect(await engine.positionOf(['held'])).toBeGreaterThanOrEqual(head);
  });

  it('answers 503 with Retry-After while it is far behind', async () => {
    await append(200);
    await engine.start();
    await engine.waitFor(await events.headPosition());
    const far = await engine.awaitProjection('held').catch((e: unknown) => e);
    expect(far).toBeInstanceOf(ServiceUnavailable);
    expect((far as ServiceUnavailable).message).toMatch(/held read model is catching up \(\d+ events behind\)/);
    expect((far as ServiceUnavailable).retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });
});
