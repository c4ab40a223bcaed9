import fc from 'fast-check';
import { applyBatch } from './content-batch';
import { keyBetween } from './fractional-index';
import { PageEntry, sortSiblings, Structure } from './page';
import { fixtureContext, insert } from './test-fixtures';
import { WorkingTree } from './tree';

/*
 * Issue 20: placing a page must cost what its own parent costs, not what the whole space does.
 * Over a 5,000-page space (50 sections of 100 pages), an insert into one section reads the
 * order keys of that section's pages only: other sections are grouped but never sorted.
 */
function space(reads: Map<string | null, number>): Structure {
  const pages = new Map<string, PageEntry>();
  const add = (id: string, parent: string | null, order: string) => {
    const entry = { id, parent, title: id, slug: id, doc: 'h:', createdAt: '', updatedAt: '' } as PageEntry;
    // Counts every read of the order key, by the parent of the page it belongs to.
    Object.defineProperty(entry, 'order', {
      enumerable: true,
      get: () => {
        reads.set(parent, (reads.get(parent) ?? 0) + 1);
        return order;
      },
    });
    pages.set(id, entry);
  };
  let section: string | null = null;
  for (let s = 0; s < 50; s++) {
    section = keyBetween(section, null);
    add(`s${s}`, null, section);
    let key: string | null = null;
    for (let p = 0; p < 99; p++) add(`s${s}-p${p}`, `s${s}`, (key = keyBetween(key, null)));
  }
  return { pages, files: new Map() };
}

describe('placing a page in a large space', () => {
  it('appends into one section reading only that section’s order keys', () => {
    const reads = new Map<string | null, number>();
    const structure = space(reads);
    const r = applyBatch(structure, [insert('New', '', { into: 's7' })], fixtureContext('n'));
    expect([...reads.keys()]).toEqual(['s7']);
    const kids = new WorkingTree(r.structure.pages).children('s7');
    expect(kids.length).toBe(100);
    expect(kids[99].title).toBe('New');
  });

  it('places at an index among the section’s siblings as before', () => {
    const reads = new Map<string | null, number>();
    const r = applyBatch(space(reads), [insert('Third', '', { into: 's3', at: 2 })], fixtureContext('n'));
    expect([...reads.keys()]).toEqual(['s3']);
    expect(
      new WorkingTree(r.structure.pages)
        .children('s3')
        .map((p) => p.title)
        .slice(0, 4),
    ).toEqual(['s3-p0', 's3-p1', 'Third', 's3-p2']);
  });
});

/** The list-based tree this one replaced: children by filtering and sorting every page. */
class NaiveTree {
  readonly pages = new Map<string, PageEntry>();
  children(parent: string | null) {
    return [...this.pages.values()].filter((p) => p.parent === parent).sort(sortSiblings);
  }
  keyAt(parent: string | null, index: number | undefined, exclude?: string) {
    const sibs = this.children(parent).filter((p) => p.id !== exclude);
    const i = index === undefined ? sibs.length : Math.min(index, sibs.length);
    const prev = sibs[i - 1]?.order ?? null;
    const next = sibs[i]?.order ?? null;
    if (prev !== null && next !== null && next <= prev) {
      let j = i;
      while (j < sibs.length && sibs[j].order <= prev) j++;
      const bound = sibs[j]?.order ?? null;
      const first = keyBetween(prev, bound);
      let low = first;
      const rekeyed = sibs.slice(i, j).map((p) => ({ ...p, order: (low = keyBetween(low, bound)) }));
      return { key: first, rekeyed };
    }
    return { key: keyBetween(prev, next), rekeyed: [] };
  }
}

describe('working tree (persistent children index)', () => {
  const pool: string[] = [];
  for (let k: string | null = null, i = 0; i < 6; i++) pool.push((k = keyBetween(k, null)));
  const ids = Array.from({ length: 24 }, (_, i) => `p${i}`);
  const parents = [null, 'p0', 'p1'];
  const slugs = ['x', 'y', 'z'];
  const op = fc.oneof(
    fc.record({
      kind: fc.constant('put' as const),
      id: fc.constantFrom(...ids),
      parent: fc.constantFrom(...parents),
      order: fc.constantFrom(...pool),
      slug: fc.constantFrom(...slugs),
    }),
    fc.record({ kind: fc.constant('remove' as const), id: fc.constantFrom(...ids) }),
    fc.record({
      kind: fc.constant('check' as const),
      parent: fc.constantFrom(...parents),
      index: fc.option(fc.nat(30), { nil: undefined }),
      exclude: fc.option(fc.constantFrom(...ids), { nil: undefined }),
      slug: fc.constantFrom(...slugs),
    }),
  );

  it('answers children, slugs, counts and order keys exactly as the list-based tree, across derived trees', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 30, maxLength: 120, size: 'max' }), fc.boolean(), (ops, indexFirst) => {
        const model = new NaiveTree();
        let tree = new WorkingTree(new Map());
        if (indexFirst) tree.children(null);
        ops.forEach((o, n) => {
          if (o.kind === 'put') {
            const entry = { id: o.id, parent: o.parent, order: o.order, title: o.id, slug: o.slug, doc: '', createdAt: '', updatedAt: '' };
            model.pages.set(o.id, entry);
            tree.put(entry);
          } else if (o.kind === 'remove') {
            model.pages.delete(o.id);
            tree.remove(o.id);
          } else {
            expect(tree.children(o.parent)).toEqual(model.children(o.parent));
            expect(tree.withSlug(o.parent, o.slug)).toEqual(model.children(o.parent).filter((p) => p.slug === o.slug));
            expect(tree.childCount(o.parent, o.exclude)).toBe(model.children(o.parent).filter((p) => p.id !== o.exclude).length);
            expect(tree.keyAt(o.parent, o.index, o.exclude)).toEqual(model.keyAt(o.parent, o.index, o.exclude));
          }
          // Every so often continue on a tree derived from this one's page table, as the next batch does.
          if (n % 17 === 16) tree = new WorkingTree(tree.pages);
        });
        expect(new Map(tree.pages)).toEqual(model.pages);
        for (const p of parents) expect(tree.children(p)).toEqual(model.children(p));
      }),
      { numRuns: 150 },
    );
  });
});
