import { ProjectionContext } from '../projections/projection';
import { Checkpoint, compare, Doc, Filter, FindOptions, getPath, matches, ParkedEvent, ReadStore } from '../read-store/read-store.port';

const unsupported = (what: string) => new Error(`MemoryReadStore: ${what} is not supported (a folded past is read only)`);

/**
 * The read models of a moment in the past: a projection's `apply` folds a few streams into it
 * (it is a ProjectionContext), then the context's own query code reads it (it is a ReadStore),
 * so the past is answered by the very code that answers the present. Documents are kept as
 * given: projections build new objects for every change (spread), never mutate stored ones.
 */
export class MemoryReadStore extends ReadStore implements ProjectionContext {
  private readonly collections = new Map<string, Map<string, Doc>>();

  /** A copy to fold on from, sharing the (never mutated) documents. */
  copy(): MemoryReadStore {
    const out = new MemoryReadStore();
    for (const [name, docs] of this.collections) out.collections.set(name, new Map(docs));
    return out;
  }

  /** Takes in every document of `other` (the fold of another stream: streams write their own documents). */
  absorb(other: MemoryReadStore): this {
    for (const [name, docs] of other.collections) for (const doc of docs.values()) this.put(name, doc);
    return this;
  }

  private of(collection: string): Map<string, Doc> {
    let m = this.collections.get(collection);
    if (!m) this.collections.set(collection, (m = new Map<string, Doc>()));
    return m;
  }

  // ProjectionContext
  put(collection: string, doc: Doc): void {
    this.of(collection).set(doc.id, doc);
  }
  delete(collection: string, id: string): void {
    this.collections.get(collection)?.delete(id);
  }
  async update<T extends Doc = Doc>(collection: string, id: string, change: (doc: T) => T): Promise<void> {
    const doc = this.collections.get(collection)?.get(id) as T | undefined;
    if (doc) this.put(collection, change(doc));
  }

  // ReadStore (the reading half)
  async defineProjection(): Promise<void> {}
  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    return (this.collections.get(collection)?.get(id) as T | undefined) ?? null;
  }
  async find<T extends Doc = Doc>(collection: string, filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const given = options.sort ?? [];
    const sort: Array<[string, 1 | -1]> = given.some(([f]) => f === 'id') ? [...given] : [...given, ['id', 1]];
    const order = (a: unknown[], b: unknown[]) => {
      for (let i = 0; i < sort.length; i++) {
        const c = compare(a[i], b[i]);
        if (c !== 0) return c * sort[i][1];
      }
      return 0;
    };
    const keys = (d: Doc) => sort.map(([f]) => getPath(d, f));
    let docs = [...(this.collections.get(collection)?.values() ?? [])].filter((d) => matches(d, filter));
    // Keyset paging as the adapters do it: what sorts strictly after the cursor's values.
    if (options.after) docs = docs.filter((d) => order(keys(d), options.after!) > 0);
    docs.sort((a, b) => order(keys(a), keys(b)));
    return (options.limit !== undefined ? docs.slice(0, options.limit) : docs) as T[];
  }
  async count(collection: string, filter: Filter = {}): Promise<number> {
    return (await this.find(collection, filter)).length;
  }
  async dump(collection: string): Promise<Doc[]> {
    return this.find(collection);
  }

  // ReadStore (the writing and operating half): a folded past has none of it.
  checkpoint(): Promise<Checkpoint> {
    throw unsupported('checkpoint');
  }
  generationCheckpoint(): Promise<number> {
    throw unsupported('generationCheckpoint');
  }
  commit(): Promise<boolean> {
    throw unsupported('commit');
  }
  createGeneration(): Promise<number> {
    throw unsupported('createGeneration');
  }
  activateGeneration(): Promise<boolean> {
    throw unsupported('activateGeneration');
  }
  dropGeneration(): Promise<void> {
    throw unsupported('dropGeneration');
  }
  /** One process, no other instance to share with: the lease is always this holder's. */
  async acquireLease(): Promise<boolean> {
    return true;
  }

  async releaseLease(): Promise<void> {}

  async leaseHolder(): Promise<string | null> {
    return null;
  }

  async listParked(): Promise<ParkedEvent[]> {
    return [];
  }
  async close(): Promise<void> {}
}
