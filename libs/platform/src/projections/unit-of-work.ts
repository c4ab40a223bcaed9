import { ReadStore, Doc, Filter, FindOptions, Write, matches, getPath, compare } from '../read-store/read-store.port';
import { ProjectionContext } from './projection';

/**
 * Where a document's JSON travels with it to a store that takes documents serialized (the
 * embedded store: it writes that JSON as is, so a document is serialized once, at `put`).
 */
export const SERIALIZED = Symbol.for('docs-platform.read-store.serialized');

/** A store says it reads `doc[SERIALIZED]` (and only `doc.id` besides) with this flag. */
interface TakesSerialized {
  takesSerializedDocs?: boolean;
}

/**
 * Buffers a turn's writes so they commit together with the checkpoint. Reads see the
 * buffered writes first (read-through overlay, one map per collection); `savepoint`/`rollback`
 * undo one event's writes when it fails, through an undo log of the keys it touched (copying
 * the overlay per event would make a long turn quadratic). A document is kept as its JSON:
 * that is the snapshot `put` promises (later changes to the object do not leak in), and the
 * very text the embedded store writes.
 */
export class UnitOfWork implements ProjectionContext {
  private readonly overlay = new Map<string, Map<string, string | null>>();
  /** Previous overlay entries of the keys written since the savepoint (undefined: absent). */
  private undo: Array<[Map<string, string | null>, string, string | null | undefined]> | null = null;
  /** Buffered documents by the value of one field, per collection and field (see candidates). */
  private readonly indexes = new Map<string, OverlayIndex>();

  constructor(
    private readonly store: ReadStore,
    private readonly generation: number,
    private readonly breathe?: () => Promise<void>,
  ) {}

  async pause(): Promise<void> {
    await this.breathe?.();
  }

  private of(collection: string): Map<string, string | null> {
    let m = this.overlay.get(collection);
    if (!m) {
      m = new Map();
      this.overlay.set(collection, m);
    }
    return m;
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const m = this.overlay.get(collection);
    if (m?.has(id)) {
      const json = m.get(id);
      return json === null || json === undefined ? null : (JSON.parse(json) as T);
    }
    return this.store.get<T>(collection, id, this.generation);
  }

  async find<T extends Doc = Doc>(collection: string, filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const stored = await this.store.find<T>(collection, filter, { sort: options.sort }, this.generation);
    const m = this.overlay.get(collection) ?? new Map<string, string | null>();
    const byId = new Map<string, T>(stored.map((d) => [d.id, d]));
    // Stored documents this unit of work has changed since: their new version, if it matches.
    for (const id of byId.keys()) {
      if (!m.has(id)) continue;
      const json = m.get(id);
      const doc = json === null || json === undefined ? null : (JSON.parse(json) as T);
      if (doc && matches(doc, filter)) byId.set(id, doc);
      else byId.delete(id);
    }
    // Documents written here only: those with the filter's first plain value (see equalTo).
    for (const id of this.candidates(collection, m, filter)) {
      if (byId.has(id)) continue;
      const json = m.get(id);
      const doc = json === null || json === undefined ? null : (JSON.parse(json) as T);
      if (doc && matches(doc, filter)) byId.set(id, doc);
    }
    const sort: Array<[string, 1 | -1]> = [...(options.sort ?? []), ['id', 1]];
    const all = [...byId.values()].sort((a, b) => {
      for (const [f, d] of sort) {
        const c = compare(getPath(a, f), getPath(b, f));
        if (c !== 0) return c * d;
      }
      return 0;
    });
    return options.limit !== undefined ? all.slice(0, options.limit) : all;
  }

  /**
   * Ids of the buffered documents of `collection` that may match `filter`: through an index of
   * the buffered documents by the filter's first field with a plain value, made at the first
   * find on that field and kept current by every write after it. A turn gathers thousands of
   * writes, and parsing each of them for every find made a run of creates quadratic.
   */
  private candidates(collection: string, m: Map<string, string | null>, filter: Filter): Iterable<string> {
    const field = Object.keys(filter).find((f) => isPlain(filter[f]));
    if (field === undefined) return [...m.keys()];
    const key = `${collection}\u0000${field}`;
    let index = this.indexes.get(key);
    if (!index) {
      index = { collection, field, ids: new Map(), valueOf: new Map() };
      for (const [id, json] of m) if (json !== null) indexDoc(index, id, getPath(JSON.parse(json), field));
      this.indexes.set(key, index);
    }
    return index.ids.get(filter[field] ?? null) ?? [];
  }

  private set(collection: string, id: string, json: string | null, doc: Doc | null): void {
    const m = this.of(collection);
    const previous = m.get(id);
    this.undo?.push([m, id, m.has(id) ? previous : undefined]);
    this.chars += (json?.length ?? 0) - (previous?.length ?? 0);
    m.set(id, json);
    for (const index of this.indexes.values()) {
      if (index.collection !== collection) continue;
      unindexDoc(index, id);
      if (doc) indexDoc(index, id, getPath(doc, index.field));
    }
  }

  put(collection: string, doc: Doc): void {
    this.set(collection, doc.id, JSON.stringify(doc), doc);
  }

  delete(collection: string, id: string): void {
    this.set(collection, id, null, null);
  }

  async update<T extends Doc = Doc>(collection: string, id: string, change: (doc: T) => T): Promise<void> {
    const doc = await this.get<T>(collection, id);
    if (doc) this.put(collection, change(doc));
  }

  /** Characters of JSON of the documents it holds. */
  chars = 0;

  /** Documents written (put or deleted) so far. */
  get size(): number {
    let n = 0;
    for (const m of this.overlay.values()) n += m.size;
    return n;
  }

  savepoint(): void {
    this.undo = [];
  }

  rollback(): void {
    const undo = this.undo ?? [];
    for (let i = undo.length - 1; i >= 0; i--) {
      const [m, id, previous] = undo[i];
      this.chars += (previous?.length ?? 0) - (m.get(id)?.length ?? 0);
      if (previous === undefined) m.delete(id);
      else m.set(id, previous);
    }
    this.undo = null;
    // Rare (a failing event): the indexes are made again at the next find.
    if (undo.length > 0) this.indexes.clear();
  }

  writes(): Write[] {
    const serialized = (this.store as TakesSerialized).takesSerializedDocs === true;
    const out: Write[] = [];
    for (const [collection, m] of this.overlay) {
      for (const [id, json] of m) {
        if (json === null) out.push({ kind: 'delete', collection, id });
        else out.push({ kind: 'put', collection, doc: serialized ? { id, [SERIALIZED]: json } : (JSON.parse(json) as Doc) });
      }
    }
    return out;
  }
}

interface OverlayIndex {
  collection: string;
  field: string;
  /** Ids by field value (missing and null are one key, as equality treats them). */
  ids: Map<unknown, Set<string>>;
  valueOf: Map<string, unknown>;
}

/** A filter value that selects by equality alone (matches compares those with ===). */
const isPlain = (v: unknown): boolean => v === null || v === undefined || typeof v !== 'object';

function indexDoc(index: OverlayIndex, id: string, value: unknown): void {
  const key = value ?? null;
  index.valueOf.set(id, key);
  let ids = index.ids.get(key);
  if (!ids) index.ids.set(key, (ids = new Set()));
  ids.add(id);
}

function unindexDoc(index: OverlayIndex, id: string): void {
  if (!index.valueOf.has(id)) return;
  index.ids.get(index.valueOf.get(id))?.delete(id);
  index.valueOf.delete(id);
}
