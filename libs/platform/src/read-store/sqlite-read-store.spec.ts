import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Doc, Write } from './read-store.port';
import { SqliteReadStore } from './sqlite-read-store';

const put = (doc: Doc): Write => ({ kind: 'put', collection: 'items', doc });

describe('embedded read store', () => {
  let dir: string;
  let file: string;
  let store: SqliteReadStore;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-store-'));
    file = path.join(dir, 'r.sqlite');
    store = new SqliteReadStore(file);
    await store.defineProjection('p', [{ name: 'items' }]);
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a commit computed from reads made before another process's commit, then reads that commit", async () => {
    expect(await store.commit('p', 1, 0, 1, [put({ id: 'x', v: 1 })])).toBe(true);
    // A runner reads through the cache in its turn.
    store.beginTurn();
    expect(await store.get('items', 'x', 1)).toEqual({ id: 'x', v: 1 });
    store.endTurn();
    const version = store.readVersion();
    // Another process (a parked event replayed from the CLI) changes it, checkpoint unmoved.
    const other = new SqliteReadStore(file);
    await other.defineProjection('p', [{ name: 'items' }]);
    expect(await other.commit('p', 1, 1, 1, [put({ id: 'x', v: 2 })])).toBe(true);
    await other.close();
    // The runner's commit built on v: 1 would undo it: refused, nothing written.
    expect(await store.commit('p', 1, 1, 2, [put({ id: 'x', v: 11 })], { readVersion: version })).toBe(false);
    expect(store.readVersion()).toBeGreaterThan(version);
    expect(await store.checkpoint('p')).toEqual({ generation: 1, position: 1 });
    store.beginTurn();
    expect(await store.get('items', 'x', 1)).toEqual({ id: 'x', v: 2 });
    store.endTurn();
    expect(await store.commit('p', 1, 1, 2, [put({ id: 'x', v: 3 })], { readVersion: store.readVersion() })).toBe(true);
  });

  it('queries read the generation activated here at once, and one activated by another process from the next turn of the event loop', async () => {
    const turn = () => new Promise((r) => setImmediate(r));
    expect(await store.commit('p', 1, 0, 1, [put({ id: 'x', v: 1 })])).toBe(true);
    expect(await store.get('items', 'x')).toEqual({ id: 'x', v: 1 });
    // Rebuilt here: a second generation, activated by this store.
    const g2 = await store.createGeneration('p');
    expect(await store.commit('p', g2, 0, 1, [put({ id: 'x', v: 2 })])).toBe(true);
    expect(await store.activateGeneration('p', g2)).toBe(true);
    expect(await store.get('items', 'x')).toEqual({ id: 'x', v: 2 });
    // Rebuilt by another process (the CLI): seen once this turn of the event loop is over.
    await turn();
    const other = new SqliteReadStore(file);
    await other.defineProjection('p', [{ name: 'items' }]);
    const g3 = await other.createGeneration('p');
    expect(await other.commit('p', g3, 0, 1, [put({ id: 'x', v: 3 })])).toBe(true);
    expect(await other.activateGeneration('p', g3)).toBe(true);
    await other.close();
    await turn();
    expect(await store.get('items', 'x')).toEqual({ id: 'x', v: 3 });
    expect(await store.find('items', {})).toEqual([{ id: 'x', v: 3 }]);
  });

  it('commits a large batch in slices: the event loop runs between them and queries see none of it until it commits', async () => {
    const writes = Array.from({ length: 30_000 }, (_, i) => put({ id: `d${i}`, text: 'x'.repeat(200), i }));
    const seen: number[] = [];
    let turns = 0;
    const probe = () => {
      turns++;
      seen.push(
        (store as unknown as { reader: { prepare(sql: string): { get(): { n: number } } } }).reader.prepare('SELECT COUNT(*) AS n FROM rm_items_g1').get().n,
      );
    };
    const timer = setInterval(probe, 1);
    const committed = store.commit('p', 1, 0, 1, writes);
    await new Promise((resolve) => setImmediate(resolve));
    probe();
    expect(await committed).toBe(true);
    clearInterval(timer);
    expect(turns).toBeGreaterThan(1);
    expect(seen.every((n) => n === 0)).toBe(true);
    expect(await store.count('items')).toBe(30_000);
    expect(await store.checkpoint('p')).toEqual({ generation: 1, position: 1 });
  });

  it('a large commit that fails part-way writes nothing, and later writes go on', async () => {
    const writes = Array.from({ length: 30_000 }, (_, i) => put({ id: `d${i}`, text: 'x'.repeat(200) }));
    writes.push({ kind: 'put', collection: 'missing-collection', doc: { id: 'z' } });
    // (The driver's errors may come from another test file's realm: compare messages.)
    const failure = await store.commit('p', 1, 0, 1, writes).then(
      () => 'committed',
      (e: unknown) => String((e as Error)?.message ?? e),
    );
    expect(failure).toMatch(/no such table/);
    expect(await store.count('items')).toBe(0);
    expect(await store.checkpoint('p')).toEqual({ generation: 1, position: 0 });
    expect(await store.commit('p', 1, 0, 1, [put({ id: 'a' })])).toBe(true);
    expect(await store.count('items')).toBe(1);
  });

  it('moves the checkpoints of commits without writes made in one turn of the event loop in one transaction, each checked on its own', async () => {
    for (const p of ['a', 'b', 'c']) await store.defineProjection(p, []);
    await store.commit('c', 1, 0, 5, []);
    const before = store.commitStats().transactions;
    // c's `from` is stale: refused alone; a and b move.
    const results = await Promise.all([store.commit('a', 1, 0, 7, []), store.commit('b', 1, 0, 7, []), store.commit('c', 1, 0, 7, [])]);
    expect(results).toEqual([true, true, false]);
    expect(store.commitStats().transactions - before).toBe(1);
    expect((await store.checkpoint('a')).position).toBe(7);
    expect((await store.checkpoint('b')).position).toBe(7);
    expect((await store.checkpoint('c')).position).toBe(5);
    // A commit with writes still has its own transaction.
    expect(await store.commit('p', 1, 0, 7, [put({ id: 'x' })])).toBe(true);
    expect(store.commitStats().transactions - before).toBe(2);
  });
});
