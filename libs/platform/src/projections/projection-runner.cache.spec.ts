import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NewEvent } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { newEventId } from '../ids/ids';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { Doc } from '../read-store/read-store.port';
import { CacheInvalidator } from '../cache/invalidating-cache';
import { ProjectionRunner, RunnerTarget } from './projection-runner';

const event = (type: string, i: number): NewEvent => ({
  id: newEventId(),
  type,
  data: { i },
  metadata: { actor: null, occurredAt: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: null, schemaVersion: 1 },
});

interface Last extends Doc {
  last: number;
}

const until = async (what: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

/** Invalidation of cached answers by the runner that keeps the read model they come from. */
describe('projection runner and the cache', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let runner: ProjectionRunner | null;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-cache-'));
    events = new SqliteEventStore(path.join(dir, 'e.sqlite'));
    reads = new SqliteReadStore(path.join(dir, 'r.sqlite'));
    await reads.defineProjection('lasts', [{ name: 'lasts' }]);
    runner = null;
  });
  afterEach(async () => {
    await runner?.stop();
    await events.close();
    await reads.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Keeps each stream's last position; `Ticked` events are tagged by stream, `Failing` ones throw. */
  const target: RunnerTarget = {
    name: 'lasts',
    handles: new Set(['Ticked', 'Failing']),
    async apply(e, ctx) {
      if (e.type === 'Failing') throw new Error('cannot apply');
      ctx.put('lasts', { id: e.stream, last: e.position });
    },
    invalidates: (e) => [`stream:${e.stream}`],
  };

  it('invalidates the tags of the events a commit wrote after the commit and before the position shows it', async () => {
    const seen: Array<{ tags: string[]; position: number; inStore: Promise<Last | null> }> = [];
    const cache: CacheInvalidator & { cleared: number } = {
      cleared: 0,
      invalidate(tags) {
        const list = [...tags];
        // What a query would read right now (the embedded store reads synchronously).
        seen.push({ tags: list, position: runner!.position, inStore: reads.get<Last>('lasts', list[0].slice('stream:'.length)) });
      },
      clear() {
        this.cleared++;
      },
    };
    const shown: Array<{ position: number; invalidations: number }> = [];
    runner = new ProjectionRunner(events, reads, target, { retryDelaysMs: [1], cache });
    runner.onProgress(() => shown.push({ position: runner!.position, invalidations: seen.length }));
    await runner.start();
    // Loading the checkpoint clears whatever was cached (nothing is known of what changed before).
    expect(cache.cleared).toBe(1);

    const positions: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await events.append(`s-${i % 2}`, [event('Ticked', i)], 'any');
      positions.push(r.position);
      await until(() => runner!.position >= r.position);
      // The position shows the event only once its tags were invalidated (while it did not yet)...
      const at = seen.findIndex((s) => s.tags.includes(`stream:s-${i % 2}`) && s.position < r.position && s.position >= (positions[i - 1] ?? 0));
      expect(at).toBeGreaterThanOrEqual(0);
      const firstShown = shown.find((s) => s.position >= r.position)!;
      expect(firstShown.invalidations).toBeGreaterThan(at);
    }
    // ... and each invalidation came after its commit: the store already held the write.
    for (const s of seen) {
      const doc = await s.inStore;
      expect(doc).not.toBeNull();
      expect(doc!.last).toBeGreaterThan(s.position);
    }
    expect(seen.flatMap((s) => s.tags).sort()).toEqual(['stream:s-0', 'stream:s-0', 'stream:s-0', 'stream:s-1', 'stream:s-1']);
    expect(cache.cleared).toBe(1);
  });

  it('gives no tags for an event that was parked (nothing of it was written)', async () => {
    const tags: string[] = [];
    runner = new ProjectionRunner(events, reads, target, { retryDelaysMs: [1], cache: { invalidate: (t) => tags.push(...t), clear: () => undefined } });
    await runner.start();
    await events.append('bad', [event('Failing', 0)], 'any');
    const last = await events.append('good', [event('Ticked', 1)], 'any');
    await until(() => runner!.position >= last.position);
    expect(tags).toEqual(['stream:good']);
    expect(await reads.listParked('lasts')).toHaveLength(1);
  });

  it('clears the cache when another process changes its read models: a generation switch, a replayed parked event', async () => {
    let cleared = 0;
    runner = new ProjectionRunner(events, reads, target, { retryDelaysMs: [1], cache: { invalidate: () => undefined, clear: () => cleared++ } });
    await runner.start();
    const first = await events.append('s', [event('Ticked', 0)], 'any');
    await until(() => runner!.position >= first.position);
    expect(cleared).toBe(1);

    // A rebuild elsewhere (the CLI) switches generations: nothing this runner commits tells it.
    const generation = await reads.createGeneration('lasts');
    await reads.commit('lasts', generation, 0, first.position, [{ kind: 'put', collection: 'lasts', doc: { id: 's', last: first.position } }]);
    expect(await reads.activateGeneration('lasts', generation)).toBe(true);
    await until(() => cleared === 2);
    expect(runner.generation).toBe(generation);

    // A parked event replayed elsewhere rewrites documents without moving the checkpoint.
    const cp = await reads.checkpoint('lasts');
    const parked = {
      projection: 'lasts',
      position: cp.position,
      eventId: 'e',
      eventType: 'Ticked',
      stream: 's',
      error: 'x',
      parkedAt: '2026-01-01T00:00:00.000Z',
    };
    await reads.commit('lasts', cp.generation, cp.position, cp.position, [], { park: [parked] });
    await new Promise((r) => setTimeout(r, 1500));
    // A newly parked event changes nothing.
    expect(cleared).toBe(2);
    const [p] = await reads.listParked('lasts');
    await reads.commit('lasts', cp.generation, cp.position, cp.position, [{ kind: 'put', collection: 'lasts', doc: { id: 's', last: 0 } }], {
      unpark: [p.id],
    });
    await until(() => cleared === 3);
  });
});
