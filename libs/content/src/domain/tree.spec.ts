import { applyBatch } from './content-batch';
import { keyBetween } from './fractional-index';
import { PageEntry, Structure } from './page';
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
    Object.defineProperty(entry, 'order', { enumerable: true, get: () => { reads.set(parent, (reads.get(parent) ?? 0) + 1); return order; } });
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
    expect(new WorkingTree(r.structure.pages).children('s3').map((p) => p.title).slice(0, 4)).toEqual(['s3-p0', 's3-p1', 'Third', 's3-p2']);
  });
});
