import { ReadStore, Doc, Filter, FindOptions, Write, matches, getPath, compare } from '../read-store/read-store.port';
import { ProjectionContext } from './projection';

/**
 * Buffers a batch's writes so they commit together with the checkpoint. Reads see the
 * buffered writes first (read-through overlay); `savepoint`/`rollback` undo one event's
 * writes when it is parked.
 */
export class UnitOfWork implements ProjectionContext {
  private overlay = new Map<string, Doc | null>();
  private saved: Map<string, Doc | null> | null = null;

  constructor(private readonly store: ReadStore, private readonly generation: number) {}

  private key(collection: string, id: string) {
    return `${collection}\u0000${id}`;
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const k = this.key(collection, id);
    if (this.overlay.has(k)) return structuredClone(this.overlay.get(k)) as T | null;
    return this.store.get<T>(collection, id, this.generation);
  }

  async find<T extends Doc = Doc>(collection: string, filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const stored = await this.store.find<T>(collection, filter, { sort: options.sort }, this.generation);
    const byId = new Map<string, T>(stored.map((d) => [d.id, d]));
    const prefix = `${collection}\u0000`;
    for (const [k, doc] of this.overlay) {
      if (!k.startsWith(prefix)) continue;
      const id = k.slice(prefix.length);
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

  put(collection: string, doc: Doc): void {
    this.overlay.set(this.key(collection, doc.id), structuredClone(doc));
  }

  delete(collection: string, id: string): void {
    this.overlay.set(this.key(collection, id), null);
  }

  async update<T extends Doc = Doc>(collection: string, id: string, change: (doc: T) => T): Promise<void> {
    const doc = await this.get<T>(collection, id);
    if (doc) this.put(collection, change(doc));
  }

  savepoint(): void {
    this.saved = new Map(this.overlay);
  }

  rollback(): void {
    if (this.saved) this.overlay = this.saved;
    this.saved = null;
  }

  writes(): Write[] {
    return [...this.overlay].map(([k, doc]) => {
      const [collection, id] = k.split('\u0000');
      return doc ? { kind: 'put' as const, collection, doc } : { kind: 'delete' as const, collection, id };
    });
  }
}
