/**
 * One contract for every ReadStore adapter: SQLite always, MongoDB when MONGODB_URI points at a
 * replica set. Projection and collection names carry a random suffix so the suite can share a
 * server with other runs; `matches()` and `compare()` are the reference semantics.
 */
import { spawn } from 'child_process';
import { randomBytes, randomUUID } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as readline from 'readline';
import { SqliteEventStore } from '@app/platform/event-store/sqlite-event-store';
import {
  CollectionDefinition,
  Doc,
  Filter,
  ParkedEvent,
  ReadStore,
  SortSpec,
  Write,
  compare,
  getPath,
  matches,
} from '@app/platform/read-store/read-store.port';
import { SqliteReadStore } from '@app/platform/read-store/sqlite-read-store';

const ROOT = path.resolve(__dirname, '..', '..');

export interface ReadStoreHarness {
  /** A new store instance over the same storage. */
  open(): Promise<ReadStore>;
  cleanup(): Promise<void>;
  /** Embedded stores only: a scratch folder for the crash test's files. */
  dir?: string;
}

export interface ReadStoreContractOptions {
  /** Embedded stores: run a projection in a child process, SIGKILL it mid-way and resume it. */
  crashTest?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ids = (docs: Doc[]) => docs.map((d) => d.id);

/** The order find() must produce: compare() on each sort field, then id ascending. */
function sortedIds(docs: Doc[], sort: SortSpec): string[] {
  const keys: SortSpec = [...sort, ['id', 1]];
  return [...docs]
    .sort((a, b) => {
      for (const [field, dir] of keys) {
        const c = compare(getPath(a, field), getPath(b, field));
        if (c !== 0) return c * dir;
      }
      return 0;
    })
    .map((d) => d.id);
}

export function runReadStoreContract(name: string, factory: () => Promise<ReadStoreHarness>, options: ReadStoreContractOptions = {}): void {
  describe(`${name} read store contract`, () => {
    const run = randomBytes(3).toString('hex');
    let counter = 0;
    let harness: ReadStoreHarness;
    let store: ReadStore;

    beforeAll(async () => {
      harness = await factory();
      store = await harness.open();
    });
    afterAll(async () => {
      await store?.close();
      await harness?.cleanup();
    });

    /** A projection with one collection, both named uniquely for this test and run. */
    async function define(label: string, indexes?: CollectionDefinition['indexes']) {
      const projection = `rs_${run}_${label}_${++counter}`;
      const collection = `${projection}_docs`;
      await store.defineProjection(projection, [{ name: collection, indexes }]);
      const put = (doc: Doc): Write => ({ kind: 'put', collection, doc });
      const del = (id: string): Write => ({ kind: 'delete', collection, id });
      return { projection, collection, put, del };
    }

    async function seeded(label: string, docs: Doc[], indexes?: CollectionDefinition['indexes']) {
      const p = await define(label, indexes);
      expect(await store.commit(p.projection, 1, 0, 1, docs.map(p.put))).toBe(true);
      return p;
    }

    async function expectSameAsMatches(collection: string, docs: Doc[], filters: Filter[]) {
      for (const filter of filters) {
        const expected = sortedIds(
          docs.filter((d) => matches(d, filter)),
          [],
        );
        // The filter is part of the compared value so a failure names it.
        expect({ filter, found: ids(await store.find(collection, filter)) }).toEqual({ filter, found: expected });
        expect({ filter, count: await store.count(collection, filter) }).toEqual({ filter, count: expected.length });
      }
    }

    it('get, find and count agree with matches() for every operator, including null and missing values', async () => {
      const docs: Doc[] = [
        { id: 'd01', score: 10, tag: 'red', flag: true, name: 'Alpha Centauri', nested: { x: 1, y: 'a' } },
        { id: 'd02', score: 20, tag: null, flag: false, name: 'beta', nested: { x: null } },
        { id: 'd03', score: 20, name: 'Gamma ray', nested: { y: 'b' } },
        { id: 'd04', score: 'n/a', tag: 'blue', flag: null, name: '100% [literal] (chars)', nested: 'flat' },
        { id: 'd05', score: -5.5, tag: 'red', flag: true, name: 'ALPHA' },
        { id: 'd06', score: 'abc', tag: 'green', name: 'a.b*c', nested: { x: 'str' } },
        { id: 'd07', score: 0, tag: 'Red', flag: false, name: 'zeta_z', list: [1, 2] },
      ];
      const { collection } = await seeded('filters', [...docs].reverse(), [['tag'], ['score', 'tag'], ['nested.x']]);
      expect(await store.get(collection, 'd04')).toEqual(docs[3]);
      expect(await store.get(collection, 'missing')).toBeNull();
      expect(await store.find(collection)).toEqual(docs);
      await expectSameAsMatches(collection, docs, [
        {},
        { tag: 'red' },
        { tag: 'Red' },
        { tag: null },
        { tag: undefined },
        { tag: 'red', flag: true },
        { tag: { $ne: 'red' } },
        { tag: { $ne: null } },
        { tag: { $in: ['red', 'blue'] } },
        { tag: { $in: ['red', null] } },
        { tag: { $in: [] } },
        { tag: { $nin: ['red'] } },
        { tag: { $nin: ['red', null] } },
        { tag: { $nin: [] } },
        { tag: { $exists: true } },
        { tag: { $exists: false } },
        { flag: { $exists: true } },
        { flag: true },
        { flag: false },
        { flag: null },
        { flag: { $ne: true } },
        { flag: { $in: [false, null] } },
        { score: 20 },
        { score: 'abc' },
        { score: { $in: [20, 'abc'] } },
        { score: { $ne: 20 } },
        { score: { $gt: 10 } },
        { score: { $gte: 10 } },
        { score: { $lt: 20 } },
        { score: { $lte: 0 } },
        { score: { $gt: 'a' } },
        { score: { $lt: 'abc' } },
        { score: { $gte: 0, $lt: 'b' } },
        { score: { $gt: -100, $lte: 10 } },
        { name: { $contains: 'alpha' } },
        { name: { $contains: 'ALPHA' } },
        { name: { $contains: '%' } },
        { name: { $contains: '[literal]' } },
        { name: { $contains: '.b*' } },
        { name: { $contains: '_z' } },
        { name: { $contains: 'nowhere' } },
        { 'nested.x': 1 },
        { 'nested.x': null },
        { 'nested.x': { $exists: true } },
        { 'nested.x': { $ne: null } },
        { 'nested.y': { $in: ['a', 'b'] } },
        { 'nested.y': { $nin: ['a'] } },
        { id: 'd03' },
        { id: { $in: ['d01', 'd09'] } },
        { id: { $gt: 'd04' } },
        { id: { $ne: 'd01' }, tag: 'red' },
      ]);
    });

    it('range operators order null and missing values first, as compare() does', async () => {
      const docs: Doc[] = [
        { id: 'r1', rank: 3 },
        { id: 'r2', rank: null },
        { id: 'r3' },
        { id: 'r4', rank: 7 },
        { id: 'r5', rank: 'x' },
        { id: 'r6', rank: -1 },
      ];
      const { collection } = await seeded('ranges', docs);
      await expectSameAsMatches(collection, docs, [
        { rank: { $lt: 5 } },
        { rank: { $lte: 3 } },
        { rank: { $lt: 'm' } },
        { rank: { $gt: null } },
        { rank: { $gte: null } },
        { rank: { $lte: null } },
        { rank: { $lt: null } },
      ]);
    });

    it('$contains matches string values only', async () => {
      const docs: Doc[] = [
        { id: 'c1', code: 123 },
        { id: 'c2', code: '123' },
        { id: 'c3', code: 'A2' },
        { id: 'c4', code: null },
      ];
      const { collection } = await seeded('contains', docs);
      await expectSameAsMatches(collection, docs, [{ code: { $contains: '2' } }]);
    });

    it('sorts ascending and descending, and keyset paging visits every document exactly once', async () => {
      const docs: Doc[] = [];
      for (let i = 0; i < 23; i++) {
        const doc: Doc = { id: `s${String((i * 7) % 23).padStart(2, '0')}` };
        const group = ['b', 'a', null, undefined, 'c'][i % 5];
        if (group !== undefined) doc.group = group;
        if (i % 4 === 0) doc.score = null;
        else if (i % 7 === 0) {
          /* score missing */
        } else doc.score = i % 6 === 0 ? `text${i % 3}` : (i * 7) % 10;
        if (i % 3) doc.nested = { v: i % 3 };
        docs.push(doc);
      }
      const { collection } = await seeded('paging', docs, [['group', 'score']]);
      const sorts: SortSpec[] = [
        [['score', 1]],
        [['score', -1]],
        [
          ['group', 1],
          ['score', -1],
        ],
        [
          ['group', -1],
          ['score', 1],
        ],
        [
          ['nested.v', -1],
          ['group', 1],
        ],
        [],
      ];
      const cases: Array<[SortSpec, Filter]> = [...sorts.map((s): [SortSpec, Filter] => [s, {}]), [[['score', -1]], { group: { $ne: null } }]];
      for (const [sort, filter] of cases) {
        const expected = sortedIds(
          docs.filter((d) => matches(d, filter)),
          sort,
        );
        expect({ sort, found: ids(await store.find(collection, filter, { sort })) }).toEqual({ sort, found: expected });
        for (const limit of [1, 4, 7]) {
          const visited: string[] = [];
          let after: unknown[] | undefined;
          for (let page = 0; page < docs.length + 1; page++) {
            const docsOfPage = await store.find(collection, filter, { sort, limit, after });
            expect(docsOfPage.length).toBeLessThanOrEqual(limit);
            if (docsOfPage.length === 0) break;
            visited.push(...ids(docsOfPage));
            const last = docsOfPage[docsOfPage.length - 1];
            after = [...sort.map(([field]) => getPath(last, field)), last.id];
          }
          expect({ sort, limit, visited }).toEqual({ sort, limit, visited: expected });
        }
      }
      expect(await store.find(collection, {}, { limit: 0 })).toEqual([]);
    });

    it('an explicit sort on id is honoured, descending too', async () => {
      const docs: Doc[] = ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id, group: i % 2 }));
      const { collection } = await seeded('id-sort', docs);
      for (const sort of [
        [['id', -1]],
        [
          ['group', 1],
          ['id', -1],
        ],
      ] as SortSpec[]) {
        const expected = sortedIds(docs, sort);
        expect({ sort, found: ids(await store.find(collection, {}, { sort })) }).toEqual({ sort, found: expected });
        const first = await store.find(collection, {}, { sort, limit: 2 });
        const last = first[first.length - 1];
        const rest = await store.find(collection, {}, { sort, after: sort.map(([field]) => getPath(last, field)) });
        expect({ sort, paged: ids([...first, ...rest]) }).toEqual({ sort, paged: expected });
      }
    });

    it('commit moves the checkpoint with its writes; a stale `from` writes nothing and returns false', async () => {
      const { projection, collection, put, del } = await define('commit');
      expect(await store.checkpoint(projection)).toEqual({ generation: 1, position: 0 });
      expect(await store.commit(projection, 1, 0, 10, [put({ id: 'a', v: 1 }), put({ id: 'b', v: 1 })])).toBe(true);
      const parked = { projection, position: 7, eventId: randomUUID(), eventType: 'Failed', stream: 's', error: 'e', parkedAt: new Date(0).toISOString() };
      expect(await store.commit(projection, 1, 0, 20, [put({ id: 'c', v: 1 }), del('a'), put({ id: 'b', v: 2 })], { park: [parked] })).toBe(false);
      expect(await store.dump(collection)).toEqual([
        { id: 'a', v: 1 },
        { id: 'b', v: 1 },
      ]);
      expect(await store.checkpoint(projection)).toEqual({ generation: 1, position: 10 });
      expect(await store.listParked(projection)).toEqual([]);
      expect(await store.commit(projection, 1, 10, 20, [put({ id: 'c', v: 1 }), del('a'), put({ id: 'b', v: 2 })])).toBe(true);
      expect(await store.dump(collection)).toEqual([
        { id: 'b', v: 2 },
        { id: 'c', v: 1 },
      ]);
      // A replay commits at an unchanged checkpoint.
      expect(await store.commit(projection, 1, 20, 20, [del('c')])).toBe(true);
      expect(await store.dump(collection)).toEqual([{ id: 'b', v: 2 }]);
      expect(await store.generationCheckpoint(projection, 1)).toBe(20);
    });

    it('a commit that fails part-way writes nothing and keeps the checkpoint', async () => {
      const { projection, collection, put } = await define('atomic');
      expect(await store.commit(projection, 1, 0, 5, [put({ id: 'a' })])).toBe(true);
      const broken: Write = { kind: 'put', collection: 'not a valid name!', doc: { id: 'x' } };
      await expect(store.commit(projection, 1, 5, 9, [put({ id: 'b' }), broken])).rejects.toThrow();
      expect(await store.dump(collection)).toEqual([{ id: 'a' }]);
      expect(await store.checkpoint(projection)).toEqual({ generation: 1, position: 5 });
    });

    it('of concurrent commits from the same checkpoint exactly one applies', async () => {
      const { projection, collection, put } = await define('race');
      const others = await Promise.all([1, 2].map(() => harness.open()));
      try {
        const writers = [store, ...others];
        const results = await Promise.all(
          Array.from({ length: 9 }, (_, i) => writers[i % writers.length].commit(projection, 1, 0, 100 + i, [put({ id: `w${i}` })])),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        const winner = results.indexOf(true);
        expect(await store.dump(collection)).toEqual([{ id: `w${winner}` }]);
        expect(await store.generationCheckpoint(projection, 1)).toBe(100 + winner);
      } finally {
        await Promise.all(others.map((o) => o.close()));
      }
    });

    it('a lease has one holder among instances: renewed by its holder, taken over once it expires or is released', async () => {
      const name = `lease-${Math.random().toString(36).slice(2)}`;
      const others = await Promise.all([1, 2].map(() => harness.open()));
      try {
        const stores = [store, ...others];
        // Three instances race for it: exactly one gets it.
        const first = await Promise.all(stores.map((s, i) => s.acquireLease(name, `holder-${i}`, 60_000)));
        expect(first.filter(Boolean)).toHaveLength(1);
        const winner = first.indexOf(true);
        const loser = (winner + 1) % stores.length;
        expect(await stores[winner].acquireLease(name, `holder-${winner}`, 300)).toBe(true);
        expect(await stores[loser].acquireLease(name, `holder-${loser}`, 60_000)).toBe(false);
        // Not renewed: expired after its 300 ms, another holder takes it, and the old one cannot renew.
        await new Promise((r) => setTimeout(r, 400));
        expect(await stores[loser].acquireLease(name, `holder-${loser}`, 60_000)).toBe(true);
        expect(await stores[winner].acquireLease(name, `holder-${winner}`, 60_000)).toBe(false);
        // Released by someone else: nothing happens; by its holder: free at once.
        await stores[winner].releaseLease(name, `holder-${winner}`);
        expect(await stores[winner].acquireLease(name, `holder-${winner}`, 60_000)).toBe(false);
        await stores[loser].releaseLease(name, `holder-${loser}`);
        expect(await stores[winner].acquireLease(name, `holder-${winner}`, 60_000)).toBe(true);
      } finally {
        await Promise.all(others.map((o) => o.close()));
      }
    });

    it('requireActive refuses commits to a generation that is not, or no longer, active', async () => {
      const { projection, collection, put } = await define('active');
      expect(await store.commit(projection, 1, 0, 5, [put({ id: 'a' })], { requireActive: true })).toBe(true);
      const next = await store.createGeneration(projection);
      expect(next).toBe(2);
      expect(await store.commit(projection, next, 0, 5, [put({ id: 'b' })], { requireActive: true })).toBe(false);
      expect(await store.generationCheckpoint(projection, next)).toBe(0);
      expect(await store.commit(projection, next, 0, 5, [put({ id: 'b' })], { requireActive: false })).toBe(true);
      expect(await store.activateGeneration(projection, next)).toBe(true);
      // A live runner still on generation 1 must notice the switch instead of writing there.
      expect(await store.commit(projection, 1, 5, 6, [put({ id: 'late' })], { requireActive: true })).toBe(false);
      expect(await store.generationCheckpoint(projection, 1)).toBe(5);
      expect(ids(await store.dump(collection, 1))).toEqual(['a']);
      expect(await store.commit(projection, next, 5, 6, [put({ id: 'c' })], { requireActive: true })).toBe(true);
      expect(await store.commit(projection, 1, 5, 6, [put({ id: 'late' })], { requireActive: false })).toBe(true);
      expect(ids(await store.dump(collection))).toEqual(['b', 'c']);
    });

    it('a new generation fills beside the live one and activates only once it has caught up', async () => {
      const { projection, collection, put } = await define('generations', [['v']]);
      expect(await store.commit(projection, 1, 0, 10, [put({ id: 'a', v: 1 })])).toBe(true);
      const next = await store.createGeneration(projection);
      expect(await store.generationCheckpoint(projection, next)).toBe(0);
      expect(await store.find(collection, {}, {}, next)).toEqual([]);
      expect(await store.commit(projection, next, 0, 6, [put({ id: 'b', v: 2 })])).toBe(true);
      // Queries keep reading the live generation while the new one fills.
      expect(ids(await store.find(collection))).toEqual(['a']);
      expect(await store.activateGeneration(projection, next)).toBe(false);
      expect(await store.checkpoint(projection)).toEqual({ generation: 1, position: 10 });
      expect(await store.commit(projection, next, 6, 10, [put({ id: 'c', v: 3 })])).toBe(true);
      expect(await store.activateGeneration(projection, next)).toBe(true);
      expect(await store.checkpoint(projection)).toEqual({ generation: next, position: 10 });
      expect(ids(await store.find(collection, { v: { $gte: 2 } }))).toEqual(['b', 'c']);
      expect(await store.count(collection)).toBe(2);
      expect(ids(await store.dump(collection, 1))).toEqual(['a']); // kept until dropped
      await expect(store.dropGeneration(projection, next)).rejects.toThrow();
      await store.dropGeneration(projection, 1);
      expect(await store.activateGeneration(projection, 99)).toBe(false);
      // Another rebuild replaces an unfinished one instead of piling generations up.
      const third = await store.createGeneration(projection);
      expect(await store.commit(projection, third, 0, 3, [put({ id: 'partial' })])).toBe(true);
      expect(await store.createGeneration(projection)).toBe(third);
      expect(await store.generationCheckpoint(projection, third)).toBe(0);
      expect(await store.find(collection, {}, {}, third)).toEqual([]);
    });

    it('dump returns every document, ordered by id', async () => {
      const docs: Doc[] = ['b', 'a10', 'a2', 'B', 'a1', '_x', 'z', '0'].map((id, i) => ({ id, i, nested: { id } }));
      const { collection } = await seeded('dump', docs);
      const expected = [...docs].sort((x, y) => (x.id < y.id ? -1 : 1));
      expect(await store.dump(collection)).toEqual(expected);
    });

    it('parked events are recorded and removed in the same commit as the checkpoint', async () => {
      const { projection, collection, put } = await define('parked');
      const parked = (position: number): Omit<ParkedEvent, 'id'> => ({
        projection,
        position,
        eventId: randomUUID(),
        eventType: 'Broken',
        stream: `stream-${position}`,
        error: `failed at ${position}`,
        parkedAt: new Date(position).toISOString(),
      });
      const [late, early] = [parked(5), parked(3)];
      expect(await store.commit(projection, 1, 0, 5, [put({ id: 'a' })], { park: [late, early] })).toBe(true);
      const listed = await store.listParked(projection);
      expect(listed).toEqual([
        { ...early, id: expect.any(String) },
        { ...late, id: expect.any(String) },
      ]);
      expect((await store.listParked()).filter((p) => p.projection === projection)).toEqual(listed);
      expect(await store.commit(projection, 1, 4, 6, [], { unpark: [listed[0].id] })).toBe(false);
      expect(await store.listParked(projection)).toEqual(listed);
      expect(await store.commit(projection, 1, 5, 5, [put({ id: 'b' })], { requireActive: true, unpark: [listed[0].id] })).toBe(true);
      expect(await store.listParked(projection)).toEqual([listed[1]]);
      expect(ids(await store.dump(collection))).toEqual(['a', 'b']);
    });

    if (!options.crashTest) return;

    it('a projection killed with SIGKILL mid-way resumes from its checkpoint: nothing applied twice, nothing lost', async () => {
      const dir = harness.dir!;
      const eventsFile = path.join(dir, 'crash-events.sqlite');
      const readFile = path.join(dir, 'crash-read-models.sqlite');
      const total = 4000;
      const events = new SqliteEventStore(eventsFile);
      const metadata = { actor: null, occurredAt: new Date(0).toISOString(), correlationId: 'c', causationId: null, schemaVersion: 1 };
      for (let s = 0; s < total / 100; s++) {
        const batch = Array.from({ length: 100 }, (_, i) => ({ id: randomUUID(), type: 'Counted', data: { i }, metadata }));
        await events.append(`counted-${s}`, batch, 'no_stream');
        await events.append(`ignored-${s}`, [{ id: randomUUID(), type: 'Ignored', data: {}, metadata }], 'no_stream');
      }
      const head = await events.headPosition();
      await events.close();

      const child = (delayMs: number) => {
        const proc = spawn(
          process.execPath,
          ['-r', './test/support/register-ts.js', 'test/contract/fixtures/project-in-child.ts', eventsFile, readFile, String(delayMs)],
          {
            cwd: ROOT,
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let stderr = '';
        proc.stderr!.on('data', (d) => (stderr += d));
        const committed = new Promise<number>((resolve) =>
          readline.createInterface({ input: proc.stdout! }).on('line', (line) => {
            const m = /^progress (\d+)$/.exec(line);
            if (m && Number(m[1]) > 0) resolve(Number(m[1]));
          }),
        );
        const exited = new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) =>
          proc.on('exit', (code, signal) => resolve({ code, signal, stderr })),
        );
        return { proc, committed, exited };
      };

      const first = child(1);
      const firstCommit = await Promise.race([first.committed, first.exited.then((r) => Promise.reject(new Error(`child exited early: ${r.stderr}`)))]);
      expect(firstCommit).toBeLessThan(head);
      await sleep(Math.floor(Math.random() * 300)); // somewhere inside a later batch
      first.proc.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');

      const readModels = new SqliteReadStore(readFile);
      try {
        await readModels.defineProjection('crash_counter', [{ name: 'crash_counters' }]);
        const atCrash = await readModels.checkpoint('crash_counter');
        expect(atCrash.position).toBeGreaterThan(0);
        expect(atCrash.position).toBeLessThan(head); // really killed mid-way
        const counted = (await readModels.get<Doc & { count: number; lastPosition: number }>('crash_counters', 'total'))!;
        // Committed state is exactly the events up to the checkpoint: 100 counted per 101 positions.
        expect(counted.count).toBe(atCrash.position - Math.floor(atCrash.position / 101));

        const second = child(0);
        const { code, stderr } = await second.exited;
        if (code !== 0) throw new Error(`the resumed projection exited with ${code}: ${stderr}`);
        expect(await readModels.checkpoint('crash_counter')).toEqual({ generation: 1, position: head });
        expect(await readModels.get('crash_counters', 'total')).toEqual({ id: 'total', count: total, lastPosition: head - 1 });
      } finally {
        await readModels.close();
      }
    });
  });
}

runReadStoreContract(
  'SQLite',
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-store-contract-'));
    const file = path.join(dir, 'read-models.sqlite');
    return { dir, open: async () => new SqliteReadStore(file), cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  },
  {
    crashTest: true,
    // sqlite-read-store.ts compares with SQL `<`/`>`, which are never true for NULL; lower()s
    // numbers into text for $contains; and drops an `id` entry from the sort, so id descending
    // comes back ascending.
  },
);

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  // A database of its own per run, dropped afterwards, on a server others may share.
  const database = `read_store_contract_${randomBytes(4).toString('hex')}`;
  runReadStoreContract('MongoDB', async () => {
    const { MongoReadStore } = await import('@app/platform/read-store/mongo-read-store');
    const { MongoClient } = await import('mongodb');
    return {
      open: () => MongoReadStore.connect(mongoUri, database),
      cleanup: async () => {
        const client = await MongoClient.connect(mongoUri);
        await client.db(database).dropDatabase();
        await client.close();
      },
    };
  });
} else {
  it('MongoDB contract: SKIPPED — MONGODB_URI is not set', () => {
    console.warn('MongoDB contract: SKIPPED — MONGODB_URI is not set');
  });
}
