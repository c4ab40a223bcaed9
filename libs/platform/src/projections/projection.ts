import { RecordedEvent } from '../event-store/event-store.port';
import { CollectionDefinition, Doc, Filter, FindOptions } from '../read-store/read-store.port';

/** What a projection handler may do: read and write documents of its own collections. */
export interface ProjectionContext {
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  find<T extends Doc = Doc>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  put(collection: string, doc: Doc): void;
  delete(collection: string, id: string): void;
  /** Reads, changes and writes one document; a missing document is skipped. */
  update<T extends Doc = Doc>(collection: string, id: string, change: (doc: T) => T): Promise<void>;
}

export interface ProjectionDefinition {
  name: string;
  collections: CollectionDefinition[];
  /** Event types this projection handles (others only advance its checkpoint). */
  handles: string[];
  apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void>;
  /**
   * Projections whose read models serve queries are awaited for read-your-writes; sagas and
   * internal projections are not (default true).
   */
  servesQueries?: boolean;
  /**
   * Applies an event only once the query-serving read models of its process include it, as a
   * saga does (RunnerOptions.readModelsAt): for a projection that reads other contexts' read
   * models through their queries (the search index reads content). It must not serve queries.
   */
  afterReadModels?: boolean;
}

/** A saga (process manager): turns events into commands. It does no I/O of its own. */
export interface SagaDefinition {
  name: string;
  handles: string[];
  react(event: RecordedEvent): Promise<void>;
}
