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
  /**
   * Lets the event loop in (requests, appends) when the runner's turn has held it long enough:
   * a projection doing long work for one event (the search index reading the pages of a large
   * merge) calls it now and then; it costs nothing when not due.
   */
  pause?(): Promise<void>;
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
   * 'own': a query-serving projection that its own queries wait for (routes marked
   * @ReadsProjection, or handlers calling ProjectionEngine.awaitProjection), so it neither holds
   * readiness nor every request's read-your-writes: one whose every event costs a document and
   * several indexes (the audit log) would otherwise hold the whole API during a catch-up.
   */
  consistency?: 'global' | 'own';
  /**
   * Applies an event only once the query-serving read models of its process include it, as a
   * saga does (RunnerOptions.readModelsAt): for a projection that reads other contexts' read
   * models through their queries (the search index reads content). It must not serve queries.
   */
  afterReadModels?: boolean;
  /**
   * Tags of the cached answers (InvalidatingCache) an applied event may change: the runner drops
   * them once the event's writes are committed and before its position moves. Every cached
   * answer read from this projection's collections must be reached by the tags of every event
   * that can change it.
   */
  invalidates?(event: RecordedEvent): readonly string[];
}

/** A saga (process manager): turns events into commands. It does no I/O of its own. */
export interface SagaDefinition {
  name: string;
  handles: string[];
  react(event: RecordedEvent): Promise<void>;
}

/** Whether every request's read-your-writes and the server's readiness wait for this projection. */
export const gatesQueries = (p: ProjectionDefinition): boolean => p.servesQueries !== false && p.consistency !== 'own';
