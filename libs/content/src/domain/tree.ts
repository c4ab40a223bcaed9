import { keyBetween } from './fractional-index';
import { PageEntry, sortSiblings } from './page';
import { PersistentMap } from './persistent-map';
import { SortedSeq } from './sorted-seq';

/**
 * One parent's children, sorted; and their ids by slug (several only after a clash a merge
 * kept), built when a slug is first looked up among them and maintained from then on.
 */
interface Siblings {
  seq: SortedSeq<PageEntry>;
  slugs?: PersistentMap<readonly string[]>;
}
/** Per parent: sorted siblings, or (before anyone asked) the unsorted group of a cold index. */
type Kids = PersistentMap<Siblings | PageEntry[]>;

const ROOT = '';
const keyOf = (parent: string | null) => parent ?? ROOT;
const NO_SIBLINGS: Siblings = { seq: SortedSeq.empty(sortSiblings), slugs: PersistentMap.empty() };

/**
 * Children indexes of page tables, by page table: a batch registers the index of the table it
 * produces, so the next batch on that revision starts from it instead of grouping the pages
 * again. Both are immutable and share structure with their ancestors; entries go when the
 * table is no longer referenced.
 */
const indexes = new WeakMap<PersistentMap<PageEntry>, Kids>();

function slugIndex(seq: SortedSeq<PageEntry>): PersistentMap<readonly string[]> {
  const slugs = new Map<string, string[]>();
  for (const p of seq.toArray()) {
    const ids = slugs.get(p.slug);
    if (ids) ids.push(p.id);
    else slugs.set(p.slug, [p.id]);
  }
  return PersistentMap.of(slugs);
}

/**
 * A working copy of a page tree: a persistent page table plus a persistent children index
 * (per parent, a sorted sequence of siblings and their slugs). A change copies only the paths
 * to the entries it touches, O(log n), so a batch costs what its changes cost, not what the
 * space holds: appending to a parent with 5,000 children reads its last key, its slug bucket and
 * a few tree nodes. The index comes from the revision the batch starts from (registered by the
 * batch that produced it); a revision read cold groups its pages by parent once, and sorts a
 * parent's children only when first asked for. Entries themselves are immutable values; every
 * change puts a new entry.
 */
export class WorkingTree {
  private map: PersistentMap<PageEntry>;
  private readonly base: PersistentMap<PageEntry>;
  private kids: Kids | null;
  /** children() arrays handed out, by parent key, until that parent changes. */
  private readonly lists = new Map<string, PageEntry[]>();

  constructor(pages: ReadonlyMap<string, PageEntry>) {
    this.map = this.base = PersistentMap.of(pages);
    this.kids = indexes.get(this.map) ?? null;
  }

  /** The page table as changed so far (immutable; later changes make a new one). */
  get pages(): PersistentMap<PageEntry> {
    return this.map;
  }

  get(id: string): PageEntry | undefined {
    return this.map.get(id);
  }

  private index(): Kids {
    if (!this.kids) {
      const groups = new Map<string, PageEntry[]>();
      for (const p of this.map.values()) {
        const list = groups.get(keyOf(p.parent));
        if (list) list.push(p);
        else groups.set(keyOf(p.parent), [p]);
      }
      this.kids = PersistentMap.of<Siblings | PageEntry[]>(groups);
      if (this.map === this.base) indexes.set(this.base, this.kids);
    }
    return this.kids;
  }

  private siblings(parent: string | null): Siblings {
    const key = keyOf(parent);
    const kids = this.index();
    const v = kids.get(key);
    if (!v) return NO_SIBLINGS;
    if (!Array.isArray(v)) return v;
    const sorted: Siblings = { seq: SortedSeq.fromSorted([...v].sort(sortSiblings), sortSiblings) };
    this.kids = kids.set(key, sorted);
    // Sorted before any change to this parent: the revision this tree started from can keep it.
    const baseKids = indexes.get(this.base);
    if (baseKids?.get(key) === v) indexes.set(this.base, baseKids.set(key, sorted));
    return sorted;
  }

  private setSiblings(parent: string | null, s: Siblings): void {
    const key = keyOf(parent);
    this.kids = this.kids!.set(key, s);
    this.lists.delete(key);
  }

  children(parent: string | null): readonly PageEntry[] {
    const key = keyOf(parent);
    let list = this.lists.get(key);
    if (!list) {
      list = this.siblings(parent).seq.toArray();
      this.lists.set(key, list);
    }
    return list;
  }

  /** How many children `parent` has, not counting `exclude`. */
  childCount(parent: string | null, exclude?: string): number {
    const { seq } = this.siblings(parent);
    return seq.size - (this.rankOf(parent, exclude) >= 0 ? 1 : 0);
  }

  /** The children of `parent` with this slug, in sibling order (more than one only after a clash). */
  withSlug(parent: string | null, slug: string): PageEntry[] {
    const ids = this.slugs(parent).get(slug) ?? [];
    return ids.map((id) => this.map.get(id)!).sort(sortSiblings);
  }

  private slugs(parent: string | null): PersistentMap<readonly string[]> {
    const s = this.siblings(parent);
    if (s.slugs) return s.slugs;
    const slugs = slugIndex(s.seq);
    // Derived from this parent's children as they are now: right for this tree, and for the
    // revision it started from when this parent is still the one it had.
    this.kids = this.kids!.set(keyOf(parent), { ...s, slugs });
    const baseKids = indexes.get(this.base);
    if (baseKids?.get(keyOf(parent)) === s) indexes.set(this.base, baseKids.set(keyOf(parent), { ...s, slugs }));
    return slugs;
  }

  /** Position of page `id` among `parent`'s children, -1 when it is not one of them. */
  private rankOf(parent: string | null, id: string | undefined): number {
    const entry = id === undefined ? undefined : this.map.get(id);
    if (!entry || entry.parent !== parent) return -1;
    return this.siblings(parent).seq.rank(entry);
  }

  /** Root pages first, each followed by its subtree (the order of the table of contents). */
  *walk(parent: string | null = null): Generator<PageEntry> {
    for (const p of this.children(parent)) {
      yield p;
      yield* this.walk(p.id);
    }
  }

  put(entry: PageEntry): void {
    const before = this.map.get(entry.id);
    this.map = this.map.set(entry.id, entry);
    if (!this.kids) return;
    if (before) this.unlink(before);
    const s = this.siblings(entry.parent);
    const slugs = s.slugs?.set(entry.slug, [...(s.slugs.get(entry.slug) ?? []), entry.id]);
    this.setSiblings(entry.parent, { seq: s.seq.insert(entry), ...(slugs ? { slugs } : {}) });
    indexes.set(this.map, this.kids);
  }

  /** Removes one page (not its children: callers remove subtrees bottom-up). */
  remove(id: string): void {
    const before = this.map.get(id);
    if (!before) return;
    this.map = this.map.delete(id);
    if (!this.kids) return;
    this.unlink(before);
    indexes.set(this.map, this.kids);
  }

  private unlink(entry: PageEntry): void {
    const s = this.siblings(entry.parent);
    const ids = (s.slugs?.get(entry.slug) ?? []).filter((id) => id !== entry.id);
    const slugs = s.slugs && (ids.length ? s.slugs.set(entry.slug, ids) : s.slugs.delete(entry.slug));
    this.setSiblings(entry.parent, { seq: s.seq.remove(entry), ...(slugs ? { slugs } : {}) });
  }

  /** Every page under `id`, deepest first, so removing in this order never orphans a page. */
  descendants(id: string): string[] {
    const out: string[] = [];
    for (const c of this.children(id)) out.push(...this.descendants(c.id), c.id);
    return out;
  }

  isSelfOrDescendant(candidate: string, of: string): boolean {
    for (let cur: string | null = candidate; cur; cur = this.pages.get(cur)?.parent ?? null) {
      if (cur === of) return true;
    }
    return false;
  }

  path(id: string): string {
    const parts: string[] = [];
    for (let p = this.pages.get(id); p; p = p.parent ? this.pages.get(p.parent) : undefined) parts.unshift(p.slug);
    return parts.join('/');
  }

  /** The page at a slug path (`a/b/c`), or undefined. */
  byPath(path: string): PageEntry | undefined {
    let parent: string | null = null;
    let found: PageEntry | undefined;
    for (const slug of path.split('/').filter(Boolean)) {
      found = this.withSlug(parent, slug)[0];
      if (!found) return undefined;
      parent = found.id;
    }
    return found;
  }

  /**
   * Order key for a page placed at `index` among `parent`'s children (excluding the page
   * itself). Siblings that share a key (concurrent inserts merged) get fresh keys first, so
   * the new key sorts strictly between its neighbours; those re-keyed siblings are returned.
   */
  keyAt(parent: string | null, index: number | undefined, exclude?: string): { key: string; rekeyed: PageEntry[] } {
    // Reads only the siblings around the target position (the last one when appending).
    const { seq } = this.siblings(parent);
    const skip = this.rankOf(parent, exclude);
    const n = seq.size - (skip >= 0 ? 1 : 0);
    const sib = (p: number) => (p < 0 || p >= n ? undefined : seq.at(skip >= 0 && p >= skip ? p + 1 : p));
    const i = index === undefined ? n : Math.min(index, n);
    const prev = sib(i - 1)?.order ?? null;
    const rekeyed: PageEntry[] = [];
    const next = sib(i)?.order ?? null;
    if (prev !== null && next !== null && next <= prev) {
      // Spread the run of equal keys after `prev` up to the first strictly greater key.
      let j = i;
      while (j < n && sib(j)!.order <= prev) j++;
      const bound = sib(j)?.order ?? null;
      let low = prev;
      const fresh: string[] = [];
      const first = keyBetween(low, bound);
      low = first;
      for (let k = i; k < j; k++) {
        low = keyBetween(low, bound);
        fresh.push(low);
      }
      for (let k = i; k < j; k++) rekeyed.push({ ...sib(k)!, order: fresh[k - i] });
      return { key: first, rekeyed };
    }
    return { key: keyBetween(prev, next), rekeyed };
  }
}
