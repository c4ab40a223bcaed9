import { createHash } from 'crypto';
import { canonicalJson } from '../../domain/canonical-json';
import { ContentObject, hashObject } from './content-objects';

/**
 * A persistent map from string keys to JSON values stored as content-addressed nodes (a hash
 * array mapped trie): keys are placed by the hex digits of sha1(key); a node holding at most
 * MAX_LEAF entries is a leaf, a larger one a 16-way branch. The shape depends only on the key
 * set, so equal maps have equal root hashes. Changing k keys of an n-key map writes O(k·log16 n)
 * new nodes (path copying) and shares every other node with the previous version; diffing two
 * versions skips every subtree whose hash is equal.
 */
export const MAX_LEAF = 32;

type Entry = [string, unknown];
export interface Leaf extends ContentObject {
  k: 'L';
  e: Entry[];
}
export interface Branch extends ContentObject {
  k: 'B';
  n: number;
  c: Record<string, [string, number]>;
}
export type TrieNode = Leaf | Branch;

export interface NodeSource {
  get(hash: string): Promise<TrieNode>;
}
export interface NodeSink extends NodeSource {
  /** Queues a new node for writing and returns its hash. */
  add(node: TrieNode): string;
}

export const EMPTY_LEAF: Leaf = { k: 'L', e: [] };

const keyHashes = new Map<string, string>();
function keyHash(key: string): string {
  let h = keyHashes.get(key);
  if (!h) {
    h = createHash('sha1').update(key).digest('hex');
    if (keyHashes.size > 200_000) keyHashes.clear();
    keyHashes.set(key, h);
  }
  return h;
}

const byKey = (a: Entry, b: Entry) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

function build(sink: NodeSink, entries: Entry[], depth: number): [string, number] {
  if (entries.length <= MAX_LEAF) return [sink.add({ k: 'L', e: [...entries].sort(byKey) }), entries.length];
  const groups = new Map<string, Entry[]>();
  for (const e of entries) {
    const d = keyHash(e[0])[depth];
    const g = groups.get(d);
    if (g) g.push(e);
    else groups.set(d, [e]);
  }
  const c: Record<string, [string, number]> = {};
  for (const d of [...groups.keys()].sort()) c[d] = build(sink, groups.get(d)!, depth + 1);
  return [sink.add({ k: 'B', n: entries.length, c }), entries.length];
}

export async function entries(source: NodeSource, root: string): Promise<Entry[]> {
  const node = await source.get(root);
  if (node.k === 'L') return node.e;
  const parts = await Promise.all(Object.values(node.c).map(([h]) => entries(source, h)));
  return parts.flat();
}

export async function lookup(source: NodeSource, root: string, key: string): Promise<unknown> {
  const kh = keyHash(key);
  let node = await source.get(root);
  for (let depth = 0; node.k === 'B'; depth++) {
    const child = node.c[kh[depth]];
    if (!child) return undefined;
    node = await source.get(child[0]);
  }
  return node.e.find(([k]) => k === key)?.[1];
}

/** Applies `changes` (undefined value = delete) and returns the new root hash. */
export async function update(sink: NodeSink, root: string, changes: Map<string, unknown>): Promise<string> {
  if (changes.size === 0) return root;
  const list = [...changes].map(([k, v]) => ({ k, v, h: keyHash(k) }));
  return (await updateNode(sink, root, list, 0))[0];
}

async function updateNode(sink: NodeSink, hash: string, changes: Array<{ k: string; v: unknown; h: string }>, depth: number): Promise<[string, number]> {
  const node = await sink.get(hash);
  if (node.k === 'L') {
    const map = new Map(node.e);
    for (const c of changes) {
      if (c.v === undefined) map.delete(c.k);
      else map.set(c.k, c.v);
    }
    return build(sink, [...map], depth);
  }
  const groups = new Map<string, typeof changes>();
  for (const c of changes) {
    const g = groups.get(c.h[depth]);
    if (g) g.push(c);
    else groups.set(c.h[depth], [c]);
  }
  const c: Record<string, [string, number]> = { ...node.c };
  for (const [d, group] of groups) {
    const child = c[d]?.[0] ?? sink.add(EMPTY_LEAF);
    const next = await updateNode(sink, child, group, depth + 1);
    if (next[1] === 0) delete c[d];
    else c[d] = next;
  }
  const n = Object.values(c).reduce((sum, [, count]) => sum + count, 0);
  if (n <= MAX_LEAF) {
    // Shrunk below the split threshold: collapse into one leaf so the shape stays canonical.
    const all = (await Promise.all(Object.values(c).map(([h]) => entries(sink, h)))).flat();
    return build(sink, all, depth);
  }
  const sorted: Record<string, [string, number]> = {};
  for (const d of Object.keys(c).sort()) sorted[d] = c[d];
  return [sink.add({ k: 'B', n, c: sorted }), n];
}

/** Keys whose values differ between two maps, skipping equal subtrees. */
export async function diffKeys(source: NodeSource, a: string, b: string): Promise<Set<string>> {
  const out = new Set<string>();
  await diffNodes(source, a, b, out);
  return out;
}

async function diffNodes(source: NodeSource, a: string, b: string, out: Set<string>): Promise<void> {
  if (a === b) return;
  const [na, nb] = await Promise.all([source.get(a), source.get(b)]);
  if (na.k === 'B' && nb.k === 'B') {
    const digits = new Set([...Object.keys(na.c), ...Object.keys(nb.c)]);
    const empty = hashEmptyLeaf();
    await Promise.all([...digits].map((d) => diffNodes(source, na.c[d]?.[0] ?? empty, nb.c[d]?.[0] ?? empty, out)));
    return;
  }
  const [ea, eb] = await Promise.all([entries(source, a), entries(source, b)]);
  const ma = new Map(ea);
  const mb = new Map(eb);
  for (const [k, v] of ma) if (!mb.has(k) || canonicalJson(mb.get(k)) !== canonicalJson(v)) out.add(k);
  for (const k of mb.keys()) if (!ma.has(k)) out.add(k);
}

let emptyHash: string | undefined;
/** Hash of the empty map; node sources must answer it without storage. */
export function hashEmptyLeaf(): string {
  emptyHash ??= hashObject(EMPTY_LEAF);
  return emptyHash;
}
