import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NewEvent } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { ProjectionDefinition } from '../projections/projection';
import { AsOfPoint } from './as-of';
import { AsOfEvents, foldProjection } from './as-of-events';

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const event = (id: string, type: string, data: object, minute: number): NewEvent => ({
  id,
  type,
  data,
  metadata: { actor: 'u', occurredAt: at(minute), correlationId: 'c', causationId: null, schemaVersion: 1 },
});

/** A tiny projection: a counter per stream name, and a title. */
const counter: ProjectionDefinition = {
  name: 'counter',
  collections: [{ name: 'things' }],
  handles: ['ThingCreated', 'ThingRenamed'],
  async apply(e, ctx) {
    const d = e.data as { id: string; title: string };
    if (e.type === 'ThingCreated') ctx.put('things', { id: d.id, title: d.title, changes: 0 });
    else await ctx.update<{ id: string; changes: number }>('things', d.id, (t) => ({ ...t, title: d.title, changes: t.changes + 1 }));
  },
};

describe('AsOfEvents and foldProjection (time travel)', () => {
  let dir: string;
  let store: SqliteEventStore;
  let events: AsOfEvents;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'as-of-events-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    events = new AsOfEvents(store);
    await store.append('things-1', [event('e1', 'ThingCreated', { id: '1', title: 'one' }, 1)], 'no_stream');
    await store.append('things-2', [event('e2', 'ThingCreated', { id: '2', title: 'two' }, 2)], 'no_stream');
    await store.append('things-1', [event('e3', 'ThingRenamed', { id: '1', title: 'uno' }, 3), event('e4', 'Ignored', {}, 3)], 0);
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const instant = (minute: number): AsOfPoint => ({ label: at(minute), instant: at(minute) });

  it('keeps the events that occurred at or before an instant', async () => {
    expect((await events.stream('things-1', instant(2))).map((e) => e.id)).toEqual(['e1']);
    expect((await events.stream('things-1', instant(3))).map((e) => e.id)).toEqual(['e1', 'e3', 'e4']);
    expect(await events.stream('things-1', instant(0))).toEqual([]);
  });

  it('keeps the events at or before a position (just after an audit event)', async () => {
    const e2 = (await store.readStream('things-2'))[0];
    expect((await events.streams(['things-1', 'things-2'], { label: 'e2', position: e2.position })).map((e) => e.id)).toEqual(['e1', 'e2']);
  });

  it('merges several streams in commit order, and scans a prefix the same way', async () => {
    expect((await events.streams(['things-2', 'things-1'], instant(9))).map((e) => e.id)).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect((await events.prefixed('things-', instant(2))).map((e) => e.id)).toEqual(['e1', 'e2']);
  });

  it('reads what was appended after a cached read (the cache holds facts, never state)', async () => {
    await events.stream('things-2', instant(9));
    await store.append('things-2', [event('e5', 'ThingRenamed', { id: '2', title: 'dos' }, 5)], 0);
    expect((await events.stream('things-2', instant(9))).map((e) => e.id)).toEqual(['e2', 'e5']);
  });

  it('folds one stream from its snapshots exactly as folding all its events, also when the clock went back', async () => {
    const second = (i: number) => new Date(Date.parse(at(10)) + i * 1000).toISOString();
    const renames: NewEvent[] = Array.from({ length: 1_200 }, (_, i) => ({
      ...event(`r${i}`, 'ThingRenamed', { id: '3', title: `t${i}` }, 10),
      // Event 700 says it occurred before 600 others: an instant between them includes it alone.
      metadata: { actor: 'u', occurredAt: i === 700 ? second(100) : second(i), correlationId: 'c', causationId: null, schemaVersion: 1 },
    }));
    await store.append('things-3', [event('c3', 'ThingCreated', { id: '3', title: 'three' }, 9), ...renames], 'no_stream');
    const positions = (await store.readStream('things-3')).map((e) => e.position);
    const points: AsOfPoint[] = [
      ...[0, 99, 100, 499, 500, 650, 699, 701, 1_199].map((i) => ({ label: second(i), instant: second(i) })),
      ...[1, 500, 501, 1_000, 1_201].map((i) => ({ label: 'event', position: positions[i - 1] })),
    ];
    // Twice: the first pass makes the snapshots, the second starts from them.
    for (const pass of [1, 2])
      for (const p of points) {
        const expected = await (await foldProjection(counter, await events.stream('things-3', p))).dump('things');
        expect({ pass, p, docs: await (await events.foldStream(counter, 'things-3', p)).dump('things') }).toEqual({ pass, p, docs: expected });
      }
  });

  it('folds with the projection’s own apply, only the types it handles', async () => {
    const folded = await foldProjection(counter, await events.streams(['things-1', 'things-2'], instant(4)));
    expect(await folded.dump('things')).toEqual([
      { id: '1', title: 'uno', changes: 1 },
      { id: '2', title: 'two', changes: 0 },
    ]);
  });
});
