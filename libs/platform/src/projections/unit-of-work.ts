import { ReadStore, Doc, Filter, FindOptions, Write, matches, getPath, compare } from '../read-store/read-store.port';
import { ProjectionContext } from './projection';

/**
 * Buffers a turn's writes so they commit together with the checkpoint. Reads see the
 * buffered writes first (read-through overlay, one map per collection); `savepoint`/`rollback`
 * undo one event's writes when it fails, through an undo log of the keys it touched (copying
 * the overlay per event would make a long turn quadratic).
 */
export class UnitOfWork implements ProjectionContext {
  private readonly overlay = new Map<string, Map<string, Doc | null>>();
  /** Previous overlay entries of the keys written since the savepoint (undefined: absent). */
  private undo: Array<[Map<string, Doc | null>, string, Doc | null | undefined]> | null = null;

  constructor(private readonly store: ReadStore, private readonly generation: number) {}

  private of(collection: string): Map<string, Doc | null> {
    let m = this.overlay.get(collection);
    if (!m) {
      m = new Map();
      this.overlay.set(collection, m);
    }
    return m;
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const m = this.overlay.get(collection);
    if (m?.has(id)) return structuredClone(m.get(id)) as T | null;
    return this.store.get<T>(collection, id, this.generation);
  }

  async find<T extends Doc = Doc>(collection: string, filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const stored = await this.store.find<T>(collection, filter, { sort: options.sort }, this.generation);
    const byId = new Map<string, T>(stored.map((d) => [d.id, d]));
    for (const [id, doc] of this.overlay.get(collection) ?? []) {
      if (doc && matches(doc, filter)) byId.set(id, structuredClone(doc) as T);
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

  private set(collection: string, id: string, doc: Doc | null): void {
    const m = this.of(collection);
    this.undo?.push([m, id, m.has(id) ? m.get(id) : undefined]);
    m.set(id, doc);
  }

  put(collection: string, doc: Doc): void {
    this.set(collection, doc.id, structuredClone(doc));
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
    const out: Write[] = [];
    for (const [collection, m] of this.overlay) {
      for (const [id, doc] of m) out.push(doc ? { kind: 'put', collection, doc } : { kind: 'delete', collection, id });
    }
    return out;
  }
}
