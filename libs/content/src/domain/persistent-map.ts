/**
 * An immutable string-keyed map with structural sharing (an in-memory hash array mapped trie,
 * 32-way, keys placed by a 32-bit FNV-1a hash). `set` and `delete` copy only the path to the
 * changed key, O(log32 n), and return a new map; every other node is shared with the previous
 * version. So a batch derives a revision's page table from its base without copying it, and
 * `diff` between two versions of one lineage skips every shared subtree: comparing a one-page
 * change against a 5,000-page base touches a handful of nodes, not 5,000 entries.
 *
 * It is a ReadonlyMap, so readers iterate it like a Map.
 */
class Leaf<V> {
  constructor(
    readonly hash: number,
    readonly key: string,
    readonly value: V,
  ) {}
}
/** Distinct keys with one full 32-bit hash. */
class Collision<V> {
  constructor(
    readonly hash: number,
    readonly leaves: readonly Leaf<V>[],
  ) {}
}
class Branch<V> {
  constructor(
    readonly bitmap: number,
    readonly slots: readonly Slot<V>[],
  ) {}
}
type Slot<V> = Leaf<V> | Collision<V> | Branch<V>;

const EMPTY_BRANCH = new Branch<never>(0, []);

function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

const digit = (hash: number, shift: number) => (shift < 32 ? (hash >>> shift) & 31 : 0);
const slotIndex = (bitmap: number, bit: number) => popcount(bitmap & (bit - 1));

function withSlot<V>(slots: readonly Slot<V>[], i: number, slot: Slot<V>): Slot<V>[] {
  const out = slots.slice();
  out[i] = slot;
  return out;
}

/** A branch holding two leaves (or a collision and a leaf) of different hashes. */
function pair<V>(a: Leaf<V> | Collision<V>, b: Leaf<V>, shift: number): Branch<V> {
  const [da, db] = [digit(a.hash, shift), digit(b.hash, shift)];
  if (da === db) return new Branch(1 << da, [pair(a, b, shift + 5)]);
  return new Branch((1 << da) | (1 << db), da < db ? [a, b] : [b, a]);
}

function setIn<V>(node: Slot<V>, shift: number, leaf: Leaf<V>, added: { yes: boolean }): Slot<V> {
  if (node instanceof Branch) {
    const bit = 1 << digit(leaf.hash, shift);
    const i = slotIndex(node.bitmap, bit);
    if (!(node.bitmap & bit)) {
      added.yes = true;
      const slots = node.slots.slice();
      slots.splice(i, 0, leaf);
      return new Branch(node.bitmap | bit, slots);
    }
    const child = node.slots[i];
    const next = setIn(child, shift + 5, leaf, added);
    return next === child ? node : new Branch(node.bitmap, withSlot(node.slots, i, next));
  }
  if (node instanceof Leaf) {
    if (node.key === leaf.key) return node.value === leaf.value ? node : leaf;
    added.yes = true;
    return node.hash === leaf.hash ? new Collision(node.hash, [node, leaf]) : pair(node, leaf, shift);
  }
  if (node.hash !== leaf.hash) {
    added.yes = true;
    return pair(node, leaf, shift);
  }
  const i = node.leaves.findIndex((l) => l.key === leaf.key);
  if (i < 0) {
    added.yes = true;
    return new Collision(node.hash, [...node.leaves, leaf]);
  }
  if (node.leaves[i].value === leaf.value) return node;
  const leaves = node.leaves.slice();
  leaves[i] = leaf;
  return new Collision(node.hash, leaves);
}

/** The node without `key` (the same node when absent, undefined when nothing is left). */
function deleteIn<V>(node: Slot<V>, shift: number, hash: number, key: string): Slot<V> | undefined {
  if (node instanceof Leaf) return node.key === key ? undefined : node;
  if (node instanceof Collision) {
    const leaves = node.leaves.filter((l) => l.key !== key);
    if (leaves.length === node.leaves.length) return node;
    return leaves.length === 1 ? leaves[0] : new Collision(node.hash, leaves);
  }
  const bit = 1 << digit(hash, shift);
  if (!(node.bitmap & bit)) return node;
  const i = slotIndex(node.bitmap, bit);
  const child = node.slots[i];
  const next = deleteIn(child, shift + 5, hash, key);
  if (next === child) return node;
  if (next === undefined) {
    if (node.slots.length === 1) return undefined;
    const slots = node.slots.slice();
    slots.splice(i, 1);
    // A branch left with one leaf is replaced by that leaf, so the shape stays canonical.
    if (slots.length === 1 && !(slots[0] instanceof Branch) && shift > 0) return slots[0];
    return new Branch(node.bitmap & ~bit, slots);
  }
  if (node.slots.length === 1 && !(next instanceof Branch) && shift > 0) return next;
  return new Branch(node.bitmap, withSlot(node.slots, i, next));
}

function each<V>(node: Slot<V> | undefined, fn: (leaf: Leaf<V>) => void): void {
  if (!node) return;
  if (node instanceof Leaf) fn(node);
  else if (node instanceof Collision) node.leaves.forEach(fn);
  else for (const s of node.slots) each(s, fn);
}

function slotAt<V>(node: Branch<V>, bit: number): Slot<V> | undefined {
  return node.bitmap & bit ? node.slots[slotIndex(node.bitmap, bit)] : undefined;
}

function diffIn<V>(a: Slot<V> | undefined, b: Slot<V> | undefined, shift: number, out: Set<string>): void {
  if (a === b) return;
  if (a instanceof Branch && b instanceof Branch) {
    for (let bits = a.bitmap | b.bitmap; bits; bits &= bits - 1) {
      const bit = bits & -bits;
      diffIn(slotAt(a, bit), slotAt(b, bit), shift + 5, out);
    }
    return;
  }
  // A leaf or collision against anything: compare the (few) entries below both.
  const left = new Map<string, V>();
  each(a, (l) => left.set(l.key, l.value));
  each(b, (l) => {
    if (!left.has(l.key) || left.get(l.key) !== l.value) out.add(l.key);
    left.delete(l.key);
  });
  for (const k of left.keys()) out.add(k);
}

function build<V>(list: Leaf<V>[], shift: number): Slot<V> {
  if (list.length === 1 && shift > 0) return list[0];
  if (shift >= 35) return new Collision(list[0].hash, list);
  const groups = new Array<Leaf<V>[] | undefined>(32).fill(undefined);
  let bitmap = 0;
  for (const l of list) {
    const d = (l.hash >>> shift) & 31;
    bitmap |= 1 << d;
    const g = groups[d];
    if (g) g.push(l);
    else groups[d] = [l];
  }
  const slots: Slot<V>[] = [];
  for (let d = 0; d < 32; d++) if (groups[d]) slots.push(build(groups[d]!, shift + 5));
  return new Branch(bitmap, slots);
}

/** `instanceof PersistentMap` that keeps the value type (a bare `instanceof` narrows to `PersistentMap<any>`). */
export function isPersistentMap<V>(source: ReadonlyMap<string, V> | Iterable<readonly [string, V]>): source is PersistentMap<V> {
  return source instanceof PersistentMap;
}

export class PersistentMap<V> implements ReadonlyMap<string, V> {
  private constructor(
    private readonly root: Branch<V>,
    readonly size: number,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(EMPTY_BRANCH, 0);
  }

  /** The map itself when it is already persistent, else a persistent copy (O(n), once). */
  static of<V>(source: ReadonlyMap<string, V> | Iterable<readonly [string, V]>): PersistentMap<V> {
    if (isPersistentMap(source)) return source;
    const unique = source instanceof Map ? (source as Map<string, V>) : new Map<string, V>(source as Iterable<readonly [string, V]>);
    if (!unique.size) return PersistentMap.empty();
    const list: Leaf<V>[] = [];
    unique.forEach((v, k) => list.push(new Leaf(hashKey(k), k, v)));
    return new PersistentMap(build(list, 0) as Branch<V>, list.length);
  }

  private find(key: string): Leaf<V> | undefined {
    const hash = hashKey(key);
    let node: Slot<V> = this.root;
    for (let shift = 0; ; shift += 5) {
      if (node instanceof Leaf) return node.key === key ? node : undefined;
      if (node instanceof Collision) return node.leaves.find((l) => l.key === key);
      const next: Slot<V> | undefined = slotAt(node, 1 << digit(hash, shift));
      if (!next) return undefined;
      node = next;
    }
  }

  get(key: string): V | undefined {
    return this.find(key)?.value;
  }

  has(key: string): boolean {
    return this.find(key) !== undefined;
  }

  set(key: string, value: V): PersistentMap<V> {
    const added = { yes: false };
    const root = setIn(this.root, 0, new Leaf(hashKey(key), key, value), added) as Branch<V>;
    return root === this.root ? this : new PersistentMap(root, this.size + (added.yes ? 1 : 0));
  }

  delete(key: string): PersistentMap<V> {
    const root = deleteIn(this.root, 0, hashKey(key), key);
    if (root === this.root) return this;
    return new PersistentMap((root as Branch<V> | undefined) ?? EMPTY_BRANCH, this.size - 1);
  }

  /** Keys whose values differ (by identity) between this map and `other`, or are in one only. */
  diff(other: PersistentMap<V>): Set<string> {
    const out = new Set<string>();
    diffIn(this.root, other.root, 0, out);
    return out;
  }

  forEach(fn: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    each(this.root, (l) => fn(l.value, l.key, this));
  }

  // Iterators walk a snapshot array: several times faster than nested generators, and the
  // map never changes under them anyway.
  entries(): MapIterator<[string, V]> {
    const out: Array<[string, V]> = [];
    each(this.root, (l) => out.push([l.key, l.value]));
    return out[Symbol.iterator]();
  }

  keys(): MapIterator<string> {
    const out: string[] = [];
    each(this.root, (l) => out.push(l.key));
    return out[Symbol.iterator]();
  }

  values(): MapIterator<V> {
    const out: V[] = [];
    each(this.root, (l) => out.push(l.value));
    return out[Symbol.iterator]();
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}
