import { keyBetween } from './fractional-index';
import { PageEntry, sortSiblings } from './page';

/**
 * A mutable working copy of a page tree with an incrementally maintained children index, so
 * that a batch of 50 changes on a 5,000-page tree costs O(n) once to group the pages by parent
 * plus O(siblings) per change. A parent's children are sorted only when first asked for, so a
 * batch sorts the sibling lists it touches, not every list of the tree. Entries themselves are
 * immutable values; every change puts a new entry.
 */
export class WorkingTree {
  readonly pages: Map<string, PageEntry>;
  private kids: Map<string | null, PageEntry[]> | null = null;
  /** Parents whose list in `kids` is in sibling order (the others are in no particular order). */
  private readonly sorted = new Set<string | null>();

  constructor(pages: ReadonlyMap<string, PageEntry>) {
    this.pages = new Map(pages);
  }

  get(id: string): PageEntry | undefined {
    return this.pages.get(id);
  }

  private index(): Map<string | null, PageEntry[]> {
    if (!this.kids) {
      this.kids = new Map();
      for (const p of this.pages.values()) {
        const list = this.kids.get(p.parent);
        if (list) list.push(p);
        else this.kids.set(p.parent, [p]);
      }
    }
    return this.kids;
  }

  children(parent: string | null): readonly PageEntry[] {
    const list = this.index().get(parent);
    if (!list) return [];
    if (!this.sorted.has(parent)) {
      list.sort(sortSiblings);
      this.sorted.add(parent);
    }
    return list;
  }

  /** Root pages first, each followed by its subtree (the order of the table of contents). */
  *walk(parent: string | null = null): Generator<PageEntry> {
    for (const p of this.children(parent)) {
      yield p;
      yield* this.walk(p.id);
    }
  }

  put(entry: PageEntry): void {
    const before = this.pages.get(entry.id);
    this.pages.set(entry.id, entry);
    if (!this.kids) return;
    if (before) this.unlink(before);
    const list = this.kids.get(entry.parent) ?? [];
    this.kids.set(entry.parent, list);
    if (!this.sorted.has(entry.parent)) {
      list.push(entry);
      return;
    }
    let i = list.findIndex((p) => sortSiblings(entry, p) < 0);
    if (i < 0) i = list.length;
    list.splice(i, 0, entry);
  }

  /** Removes one page (not its children: callers remove subtrees bottom-up). */
  remove(id: string): void {
    const before = this.pages.get(id);
    if (!before) return;
    this.pages.delete(id);
    if (this.kids) this.unlink(before);
  }

  private unlink(entry: PageEntry): void {
    const list = this.kids!.get(entry.parent);
    const i = list?.findIndex((p) => p.id === entry.id) ?? -1;
    if (i >= 0) list!.splice(i, 1);
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
      found = this.children(parent).find((p) => p.slug === slug);
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
    const all = this.children(parent);
    // Appending needs only the last sibling or two (one may be the page being placed).
    const sibs = index === undefined ? all.slice(-2).filter((p) => p.id !== exclude) : all.filter((p) => p.id !== exclude);
    const i = index === undefined ? sibs.length : Math.min(index, sibs.length);
    const prev = sibs[i - 1]?.order ?? null;
    const rekeyed: PageEntry[] = [];
    let next = sibs[i]?.order ?? null;
    if (prev !== null && next !== null && next <= prev) {
      // Spread the run of equal keys after `prev` up to the first strictly greater key.
      let j = i;
      while (j < sibs.length && sibs[j].order <= prev) j++;
      const bound = sibs[j]?.order ?? null;
      let low = prev;
      const fresh: string[] = [];
      const first = keyBetween(low, bound);
      low = first;
      for (let k = i; k < j; k++) {
        low = keyBetween(low, bound);
        fresh.push(low);
      }
      sibs.slice(i, j).forEach((p, k) => rekeyed.push({ ...p, order: fresh[k] }));
      return { key: first, rekeyed };
    }
    return { key: keyBetween(prev, next), rekeyed };
  }
}
