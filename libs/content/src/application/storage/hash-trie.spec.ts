import fc from 'fast-check';
import { diffKeys, entries, hashEmptyLeaf, lookup, update } from './hash-trie';
import { PendingNodes } from './memory-nodes';

/** An in-memory node store: every node ever written stays readable. */
function memory() {
  const all = new PendingNodes(async (h) => {
    throw new Error(`missing ${h}`);
  });
  return all;
}

describe('hash trie (persistent page table)', () => {
  it('behaves like a Map, and equal maps have equal roots whatever the history', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 0, max: 120 }), fc.option(fc.nat(5), { nil: undefined })), { maxLength: 300 }), async (ops) => {
        const store = memory();
        const model = new Map<string, unknown>();
        let root = hashEmptyLeaf();
        for (let i = 0; i < ops.length; i += 7) {
          const changes = new Map(ops.slice(i, i + 7).map(([k, v]) => [`key-${k}`, v]));
          for (const [k, v] of changes) {
            if (v === undefined) model.delete(k);
            else model.set(k, v);
          }
          root = await update(store, root, changes);
        }
        expect(new Map(await entries(store, root))).toEqual(model);
        const fresh = await update(store, hashEmptyLeaf(), new Map([...model].sort(() => Math.random() - 0.5)));
        expect(fresh).toBe(root);
        for (const k of [...model.keys()].slice(0, 5)) expect(await lookup(store, root, k)).toEqual(model.get(k));
      }),
      { numRuns: 60 },
    );
  });

  it('a one-key change to a 5,000-key map writes a handful of nodes, and the diff finds exactly that key', async () => {
    const store = memory();
    const big = new Map(Array.from({ length: 5000 }, (_, i) => [`page-${i}`, { title: `Page ${i}`, doc: `h${i}` }]));
    const root = await update(store, hashEmptyLeaf(), big);
    const before = store.pending.size;
    const next = await update(store, root, new Map([['page-42', { title: 'Changed', doc: 'h42b' }]]));
    expect(store.pending.size - before).toBeLessThanOrEqual(4);
    expect([...(await diffKeys(store, root, next))]).toEqual(['page-42']);
    const removed = await update(
      store,
      next,
      new Map([
        ['page-7', undefined],
        ['page-9000', { title: 'New' }],
      ]),
    );
    expect([...(await diffKeys(store, root, removed))].sort()).toEqual(['page-42', 'page-7', 'page-9000']);
  });
});
