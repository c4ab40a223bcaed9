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

  constructor(
    private readonly store: ReadStore,
    private readonly generation: number,
  ) {}

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
    const byId = new Map<string, T>(stored.map((d) => [d.id, d]));
    for (const [id, json] of this.overlay.get(collection) ?? []) {
      const doc = json === null ? null : (JSON.parse(json) as T);
      if (doc && matches(doc, filter)) byId.set(id, doc);
      else byId.delete(id);
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

  private set(collection: string, id: string, json: string | null): void {
    const m = this.of(collection);
    this.undo?.push([m, id, m.has(id) ? m.get(id) : undefined]);
    m.set(id, json);
  }

  put(collection: string, doc: Doc): void {
    this.set(collection, doc.id, JSON.stringify(doc));
  }

  delete(collection: string, id: string): void {
    this.set(collection, id, null);
  }

  async update<T extends Doc = Doc>(collection: string, id: string, change: (doc: T) => T): Promise<void> {
    const doc = await this.get<T>(collection, id);
    if (doc) this.put(collection, change(doc));
  }

  savepoint(): void {
    this.undo = [];
  }

  rollback(): void {
    const undo = this.undo ?? [];
    for (let i = undo.length - 1; i >= 0; i--) {
      const [m, id, previous] = undo[i];
      if (previous === undefined) m.delete(id);
      else m.set(id, previous);
    }
    this.undo = null;
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
