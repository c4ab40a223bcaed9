import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { upcast } from '../ddd/domain-event';
import { RecordedEvent } from '../event-store/event-store.port';
import { ProjectionDefinition } from '../projections/projection';
import { UnitOfWork } from '../projections/unit-of-work';
import { Doc, ReadStore } from '../read-store/read-store.port';
import { SqliteReadStore } from '../read-store/sqlite-read-store';

/** An event as a projection test writes it: type and data, the rest defaulted. */
export type GivenEvent = { type: string; data: unknown } & Partial<Omit<RecordedEvent, 'type' | 'data'>>;

let seq = 0;
const recorded = (e: GivenEvent, position: number): RecordedEvent => ({
  id: e.id ?? `evt-${++seq}`,
  stream: e.stream ?? 'test-stream',
  revision: e.revision ?? position - 1,
  position,
  type: e.type,
  data: e.data,
  metadata: { actor: 'tester', occurredAt: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: null, schemaVersion: 1, ...e.metadata },
});

/**
 * Given events → documents: applies the events to a projection the way the engine does (its
 * `handles` filter, upcasting, one unit of work committed with the checkpoint) on the given read
 * store, and answers every collection of the projection, sorted by id. Used by the projection
 * unit tests (embedded store) and by the contract suite (every adapter).
 */
export async function projectEvents(def: ProjectionDefinition, events: GivenEvent[], store: ReadStore): Promise<Record<string, Doc[]>> {
  await store.defineProjection(def.name, def.collections);
  const { generation, position } = await store.checkpoint(def.name);
  const uow = new UnitOfWork(store, generation);
  const handles = new Set(def.handles);
  const list = events.map((e, i) => recorded(e, position + i + 1));
  for (const e of list) if (handles.has(e.type)) await def.apply(upcast(e), uow);
  const to = list.length ? list[list.length - 1].position : position;
  if (!(await store.commit(def.name, generation, position, to, uow.writes()))) throw new Error(`checkpoint of ${def.name} moved during the test`);
  const out: Record<string, Doc[]> = {};
  for (const c of def.collections) out[c.name] = (await store.dump(c.name)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return out;
}

/** Runs `fn` with a fresh embedded read store in a temp folder, closed and removed afterwards. */
export async function withEmbeddedReadStore<T>(fn: (store: ReadStore) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'projection-spec-'));
  const store = new SqliteReadStore(path.join(dir, 'read-models.sqlite'));
  try {
    return await fn(store);
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Given events → documents, and the same again in one more batch (a replay of a rebuild must
 * give the same documents): returns the documents after the first run.
 */
export async function projectionOf(def: ProjectionDefinition, events: GivenEvent[]): Promise<Record<string, Doc[]>> {
  const first = await withEmbeddedReadStore((store) => projectEvents(def, events, store));
  const again = await withEmbeddedReadStore((store) => projectEvents(def, events, store));
  expect(again).toEqual(first);
  return first;
}
