/**
 * An immutable sorted sequence with structural sharing (a B+tree of at most 32 items or children
 * per node, each node knowing its size and last item). Insert, remove, `at(i)` and `rank` cost
 * O(32·log32 n) and return a new sequence sharing every untouched node, so a parent's sibling
 * list with 5,000 pages is updated by copying three small nodes, not the list. Items are
 * distinct under `cmp` (page entries sort by order key, then id).
 */
const MAX = 32;

class SLeaf<T> {
  readonly size: number;
  constructor(readonly items: readonly T[]) {
    this.size = items.length;
  }
  get last(): T {
    return this.items[this.items.length - 1];
  }
}
class SInner<T> {
  readonly size: number;
  readonly last: T;
  constructor(readonly kids: readonly SNode<T>[]) {
    let n = 0;
    for (const k of kids) n += k.size;
    this.size = n;
    this.last = kids[kids.length - 1].last;
  }
}
type SNode<T> = SLeaf<T> | SInner<T>;

type Cmp<T> = (a: T, b: T) => number;

/** First index whose item is not less than `item` (items.length when none). */
function lowerBound<T>(items: readonly T[], item: T, cmp: Cmp<T>): number {
  let [lo, hi] = [0, items.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(items[mid], item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The child that holds (or would hold) `item`: the first whose last item is not less than it. */
function childFor<T>(kids: readonly SNode<T>[], item: T, cmp: Cmp<T>): number {
  let [lo, hi] = [0, kids.length - 1];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(kids[mid].last, item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function halves<T>(list: T[]): T[][] {
  if (list.length <= MAX) return [list];
  const half = list.length >>> 1;
  return [list.slice(0, half), list.slice(half)];
}

function insertIn<T>(node: SNode<T>, item: T, cmp: Cmp<T>): SNode<T>[] {
  if (node instanceof SLeaf) {
    const items = node.items.slice();
    items.splice(lowerBound(items, item, cmp), 0, item);
    return halves(items).map((h) => new SLeaf(h));
  }
  const i = childFor(node.kids, item, cmp);
  const kids = node.kids.slice();
  kids.splice(i, 1, ...insertIn(node.kids[i], item, cmp));
  return halves(kids).map((h) => new SInner(h));
}

/** The node without `item` (the same node when absent, null when it empties). */
function removeIn<T>(node: SNode<T>, item: T, cmp: Cmp<T>): SNode<T> | null {
  if (node instanceof SLeaf) {
    const i = lowerBound(node.items, item, cmp);
    if (i >= node.items.length || cmp(node.items[i], item) !== 0) return node;
    if (node.items.length === 1) return null;
    const items = node.items.slice();
    items.splice(i, 1);
    return new SLeaf(items);
  }
  const i = childFor(node.kids, item, cmp);
  const child = node.kids[i];
  const next = removeIn(child, item, cmp);
  if (next === child) return node;
  const kids = node.kids.slice();
  if (next) kids[i] = next;
  else kids.splice(i, 1);
  return kids.length ? new SInner(kids) : null;
}

function collect<T>(node: SNode<T>, out: T[]): void {
  if (node instanceof SLeaf) for (const x of node.items) out.push(x);
  else for (const k of node.kids) collect(k, out);
}

export class SortedSeq<T> {
  private constructor(
    private readonly root: SNode<T>,
    private readonly cmp: Cmp<T>,
  ) {}

  static empty<T>(cmp: Cmp<T>): SortedSeq<T> {
    return new SortedSeq<T>(new SLeaf<T>([]), cmp);
  }

  /** A sequence of items already sorted by `cmp`, built bottom-up in O(n). */
  static fromSorted<T>(items: readonly T[], cmp: Cmp<T>): SortedSeq<T> {
    if (!items.length) return SortedSeq.empty(cmp);
    let level: SNode<T>[] = [];
    for (let i = 0; i < items.length; i += MAX) level.push(new SLeaf(items.slice(i, i + MAX)));
    while (level.length > 1) {
      const up: SNode<T>[] = [];
      for (let i = 0; i < level.length; i += MAX) up.push(new SInner(level.slice(i, i + MAX)));
      level = up;
    }
    return new SortedSeq(level[0], cmp);
  }

  get size(): number {
    return this.root.size;
  }

  insert(item: T): SortedSeq<T> {
    const parts = insertIn(this.root, item, this.cmp);
    return new SortedSeq(parts.length === 1 ? parts[0] : new SInner(parts), this.cmp);
  }

  remove(item: T): SortedSeq<T> {
    let root = removeIn(this.root, item, this.cmp);
    if (root === this.root) return this;
    while (root instanceof SInner && root.kids.length === 1) root = root.kids[0];
    return new SortedSeq(root ?? new SLeaf<T>([]), this.cmp);
  }

  /** The item at index `i` (undefined outside 0..size-1). */
  at(i: number): T | undefined {
    if (i < 0 || i >= this.root.size) return undefined;
    let node = this.root;
    while (node instanceof SInner) {
      let k = 0;
      while (i >= node.kids[k].size) i -= node.kids[k++].size;
      node = node.kids[k];
    }
    return node.items[i];
  }

  /** How many items sort before `item`. */
  rank(item: T): number {
    let node = this.root;
    let before = 0;
    while (node instanceof SInner) {
      const k = childFor(node.kids, item, this.cmp);
      for (let j = 0; j < k; j++) before += node.kids[j].size;
      node = node.kids[k];
    }
    return before + lowerBound(node.items, item, this.cmp);
  }

  toArray(): T[] {
    const out: T[] = [];
    collect(this.root, out);
    return out;
  }
}
