import { Injectable } from '@nestjs/common';
import { FileEntry, PageEntry, ReusableEntry, Structure } from '../../domain/page';
import { isPersistentMap, PersistentMap } from '../../domain/persistent-map';
import { ContentObject, ContentObjects, hashObject, Side } from './content-objects';
import { diffKeys, EMPTY_LEAF, entries, hashEmptyLeaf, NodeSource, TrieNode, update } from './hash-trie';
import { Lru } from './lru';
import { PendingNodes } from './memory-nodes';

/**
 * The object a revision points at: one page-table trie and one file-table trie, and a
 * reusable-content trie when there are any (absent when empty, so roots written before reusable
 * contents existed keep their hashes).
 */
export interface RootObject extends ContentObject {
  k: 'R';
  pages: string;
  files: string;
  reusables?: string;
}
interface TextObject extends ContentObject {
  k: 'T';
  t: string;
}
interface BytesObject extends ContentObject {
  k: 'F';
  b: string;
}

/** Root hash of empty content (known without storage, so reads never wait for it). */
export const emptyRootHash = () => hashObject({ k: 'R', pages: hashEmptyLeaf(), files: hashEmptyLeaf() });

/** Hash naming a page body (the domain's BatchContext.hash). */
export const hashBody = (text: string) => hashObject({ k: 'T', t: text });
/** Hash naming file bytes (base64). */
export const hashBytes = (base64: string) => hashObject({ k: 'F', b: base64 });

export interface CommitInput {
  base: string;
  next: Structure;
  bodies?: Map<string, string>;
  /** New file contents by hash, base64. */
  blobs?: Map<string, string>;
}

/**
 * Revisions as roots over the object store. Whole structures (page and file entries, not
 * bodies) are materialized per root and cached: revisions are immutable, so a cached structure
 * or anything derived from it never goes stale. Commits write only what changed.
 */
@Injectable()
export class RevisionStore {
  private readonly structures = new Lru<string, Structure>(32);
  private empty: string | undefined;

  constructor(readonly objects: ContentObjects) {}

  source(side: Side): NodeSource {
    return { get: async (h) => (h === hashEmptyLeaf() ? EMPTY_LEAF : this.objects.get<TrieNode>(h, side)) };
  }

  /** The root of empty content, stored on first use. */
  async emptyRoot(): Promise<string> {
    if (!this.empty) [this.empty] = await this.objects.put([{ k: 'R', pages: hashEmptyLeaf(), files: hashEmptyLeaf() }]);
    return this.empty;
  }

  root(hash: string, side: Side): Promise<RootObject> {
    return this.objects.get<RootObject>(hash, side);
  }

  async structure(rootHash: string, side: Side): Promise<Structure> {
    const cached = this.structures.get(rootHash);
    if (cached) return cached;
    if (rootHash === emptyRootHash()) return { pages: PersistentMap.empty(), files: PersistentMap.empty(), reusables: PersistentMap.empty() };
    const root = await this.root(rootHash, side);
    const source = this.source(side);
    const [pages, files, reusables] = await Promise.all([
      entries(source, root.pages),
      entries(source, root.files),
      root.reusables ? entries(source, root.reusables) : [],
    ]);
    const s: Structure = {
      pages: PersistentMap.of(pages as Array<[string, PageEntry]>),
      files: PersistentMap.of(files as Array<[string, FileEntry]>),
      reusables: PersistentMap.of(reusables as Array<[string, ReusableEntry]>),
    };
    this.structures.set(rootHash, s);
    return s;
  }

  async body(hash: string, side: Side): Promise<string> {
    return (await this.objects.get<TextObject>(hash, side)).t;
  }

  async bytes(hash: string, side: Side): Promise<Buffer> {
    return Buffer.from((await this.objects.get<BytesObject>(hash, side)).b, 'base64');
  }

  /** Page ids whose entries differ between two roots (equal subtrees are skipped). */
  async changedPages(a: string, b: string, side: Side): Promise<Set<string>> {
    if (a === b) return new Set();
    const [ra, rb] = await Promise.all([this.root(a, side), this.root(b, side)]);
    return diffKeys(this.source(side), ra.pages, rb.pages);
  }

  /**
   * Writes the objects of `next` that `base` does not have — new bodies and blobs, the trie
   * paths down to changed entries, the root — and returns the new root hash. Entries are
   * compared by reference: the domain keeps unchanged entries as the same objects. A batch's
   * tables are persistent maps derived from the base's, so finding the changed entries skips
   * every shared subtree and caching the result copies nothing: a commit costs what changed,
   * not what the revision holds.
   */
  async commit(input: CommitInput): Promise<string> {
    const [baseRoot, baseStructure] = await Promise.all([this.root(input.base, 'write'), this.structure(input.base, 'write')]);
    const sink = new PendingNodes((h) => this.objects.get<TrieNode>(h, 'write'));
    const pages = await update(sink, baseRoot.pages, changes(baseStructure.pages, input.next.pages));
    const files = await update(sink, baseRoot.files, changes(baseStructure.files, input.next.files));
    const noReusables = PersistentMap.empty<ReusableEntry>();
    const reusables = await update(
      sink,
      baseRoot.reusables ?? hashEmptyLeaf(),
      changes(baseStructure.reusables ?? noReusables, input.next.reusables ?? noReusables),
    );
    const root: RootObject = { k: 'R', pages, files, ...(reusables !== hashEmptyLeaf() ? { reusables } : {}) };
    const objects: ContentObject[] = [
      ...[...(input.bodies?.values() ?? [])].map((t): ContentObject => ({ k: 'T', t })),
      ...[...(input.blobs?.values() ?? [])].map((b): ContentObject => ({ k: 'F', b })),
      ...sink.pending.values(),
      root,
    ];
    const known = new Map<ContentObject, string>([...sink.pending].map(([hash, node]) => [node, hash]));
    const hashes = await this.objects.put(objects, known);
    const rootHash = hashes[hashes.length - 1];
    // Immutable, so cached as is (a plain Map from a caller is copied once, as it may change).
    this.structures.set(rootHash, {
      pages: PersistentMap.of(input.next.pages),
      files: PersistentMap.of(input.next.files),
      reusables: PersistentMap.of(input.next.reusables ?? noReusables),
    });
    return rootHash;
  }
}

function changes<T>(base: ReadonlyMap<string, T>, next: ReadonlyMap<string, T>): Map<string, T | undefined> {
  const out = new Map<string, T | undefined>();
  if (isPersistentMap(base) && isPersistentMap(next)) {
    for (const id of base.diff(next)) out.set(id, next.get(id));
    return out;
  }
  for (const [id, e] of next) if (base.get(id) !== e) out.set(id, e);
  for (const id of base.keys()) if (!next.has(id)) out.set(id, undefined);
  return out;
}
