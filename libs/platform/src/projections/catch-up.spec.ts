import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PlatformConfig } from '../config/platform-config';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { NewEvent } from '../event-store/event-store.port';
import { newEventId } from '../ids/ids';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { ProjectionEngine } from './projection-engine';
import { TurnQueue } from './turn-queue';

const tick = (i: number): NewEvent => ({
  id: newEventId(),
  type: i % 2 === 0 ? 'Ticked' : 'Tocked',
  data: { i },
  metadata: { actor: null, occurredAt: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: null, schemaVersion: 1 },
});

/** Busy work standing in for an expensive handler (the embedded stores are synchronous too). */
const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* busy */
  }
};

describe('turns', () => {
  it('go round-robin: a runner that takes a turn again queues behind the others', async () => {
    const turns = new TurnQueue(1_000);
    const order: string[] = [];
    const worker = async (name: string) => {
      for (let i = 0; i < 3; i++) {
        await turns.acquire(name);
        order.push(name);
        await Promise.resolve();
        turns.release();
      }
    };
    await Promise.all([worker('a'), worker('b'), worker('c')]);
    expect(order).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b', 'c']);
    expect(Object.fromEntries(turns.granted)).toEqual({ a: 3, b: 3, c: 3 });
  });

  it('leave the event loop a turn at least every yieldEveryMs', async () => {
    const turns = new TurnQueue(5);
    let timerFired = 0;
    const t = setTimeout(() => {
      timerFired = performance.now();
    }, 0);
    const started = performance.now();
    // 40 ms of work in 2 ms turns: without yields the timer would fire only at the end.
    while (performance.now() - started < 40) {
      await turns.acquire('w');
      spin(2);
      turns.release();
    }
    clearTimeout(t);
    expect(timerFired).toBeGreaterThan(0);
    expect(timerFired - started).toBeLessThan(25);
  });
});

describe('catching up from a backlog', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let engine: ProjectionEngine;
  const BACKLOG = 20_000;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catch-up-'));
    events = new SqliteEventStore(path.join(dir, 'e.sqlite'));
    reads = new SqliteReadStore(path.join(dir, 'r.sqlite'));
    engine = new ProjectionEngine(events, reads, PlatformConfig.fromEnv({}, { dataDir: dir, retryDelaysMs: [1], readyMaxLagEvents: 100 }));
    for (let from = 0; from < BACKLOG; from += 5000) {
      await events.appendBatch(
        Array.from({ length: 5000 }, (_, k) => ({ stream: `ticks-${(from + k) % 50}`, events: [tick(from + k)], expected: 'any' as const })),
      );
    }
  });
  afterEach(async () => {
    await engine.stop();
    await events.close();
    await reads.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const counter = (name: string, handles: string[], costMs: number) =>
    engine.registerProjection({
      name,
      collections: [{ name: `${name}_counts` }],
      handles,
      async apply(e, ctx) {
        if (costMs) spin(costMs);
        const doc = (await ctx.get<{ id: string; n: number; last: number }>(`${name}_counts`, 'all')) ?? { id: 'all', n: 0, last: 0 };
        ctx.put(`${name}_counts`, { id: 'all', n: doc.n + 1, last: e.position });
      },
    });

  it('gives every runner turns (a slow projection does not starve, nor hold up the others) and leaves the event loop free', async () => {
    counter('slow', ['Ticked'], 0.2);
    counter('fast', ['Tocked'], 0);
    counter('idle', ['NeverWritten'], 0);
    const delays: number[] = [];
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      delays.push(now - last);
      last = now;
    }, 5);
    await engine.start();
    // Behind the head, runners commit about once a second: wait until each has committed
    // once. The slow projection needs 10,000 x 0.2 ms = 2 s of handler time alone, so it is
    // still under way then: the others did not wait for it to finish.
    let early: Record<string, number> = {};
    for (let i = 0; i < 600 && !['slow', 'fast', 'idle'].every((n) => early[n] > 0); i++) {
      await new Promise((r) => setTimeout(r, 50));
      early = Object.fromEntries((await engine.status()).map((s) => [s.name, s.position]));
    }
    expect(early.slow).toBeGreaterThan(0);
    expect(early.slow).toBeLessThan(BACKLOG - 1);
    expect(early.fast).toBeGreaterThan(0);
    expect(early.idle).toBeGreaterThan(0);
    await engine.drain(60_000);
    clearInterval(probe);
    const granted = engine.turns.granted;
    expect(granted.get('slow')).toBeGreaterThan(1);
    // While behind, the event loop ran the 5 ms probe timer without long stalls.
    expect(Math.max(...delays)).toBeLessThan(100);
    expect(await reads.get('slow_counts', 'all')).toMatchObject({ n: BACKLOG / 2, last: BACKLOG - 1 });
    expect(await reads.get('fast_counts', 'all')).toMatchObject({ n: BACKLOG / 2, last: BACKLOG });
    expect(engine.turns.granted.get('idle')).toBeGreaterThan(0);
  });

  it('reports the lag, the rate and an estimate of the time to catch up, and gates reads until caught up', async () => {
    counter('slow', ['Ticked', 'Tocked'], 0.05);
    await engine.start();
    await new Promise((r) => setTimeout(r, 400));
    const [s] = await engine.status();
    expect(s).toMatchObject({ name: 'slow', head: BACKLOG, lag: BACKLOG - s.position });
    expect(s.lag).toBeGreaterThan(0);
    expect(s.eventsPerSecond).toBeGreaterThan(0);
    expect(s.etaSeconds).toBeGreaterThan(0);
    const serving = await engine.servingState();
    expect(serving.behind).toBe(true);
    const refused = await engine.ensureServing(0).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(refused).toMatchObject({ status: 503, retryAfterSeconds: expect.any(Number) });
    expect(refused?.message).toMatch(/catching up/);
    await engine.drain(60_000);
    await expect(engine.ensureServing(0)).resolves.toBeUndefined();
    const [done] = await engine.status();
    expect(done).toMatchObject({ lag: 0, etaSeconds: 0 });
  });

  it('rebuilds beside the live read model at the same result', async () => {
    counter('fast', ['Ticked', 'Tocked'], 0);
    await engine.start();
    await engine.drain(60_000);
    const live = await reads.get('fast_counts', 'all');
    const report = await engine.rebuild('fast');
    expect(report).toMatchObject({ events: BACKLOG, position: BACKLOG, generation: 2 });
    expect(await reads.get('fast_counts', 'all')).toEqual(live);
  });
});
