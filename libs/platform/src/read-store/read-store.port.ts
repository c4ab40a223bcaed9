/**
 * The read-model port: a small document store. Adapters: embedded SQLite (default) and
 * MongoDB; both pass test/contract/read-store.contract-spec.ts.
 *
 * Every collection belongs to one projection. A projection's collections live in numbered
 * generations: queries read the active generation; a rebuild fills a new one beside it and
 * activates it in one step once caught up (no downtime).
 */
export interface Doc {
  id: string;
  [key: string]: unknown;
}

/** The operators a field condition may use instead of a plain value. */
export interface FieldOperators {
  $in?: unknown[];
  $nin?: unknown[];
  $ne?: unknown;
  $gt?: unknown;
  $gte?: unknown;
  $lt?: unknown;
  $lte?: unknown;
  $exists?: boolean;
  $contains?: string;
}
/** A plain value (equality) or a FieldOperators object; typed `unknown` since any value may be compared. */
export type FieldCondition = unknown;
/** Field paths use dots (`a.b`); conditions combine with AND. `$contains`: case-insensitive substring. */
export type Filter = Record<string, FieldCondition>;
export type SortSpec = Array<[field: string, direction: 1 | -1]>;

export interface FindOptions {
  /** `id` ascending is always appended as the final tie-breaker. */
  sort?: SortSpec;
  limit?: number;
  /** Keyset cursor: the values of the sort fields (then id) of the last item already seen. */
  after?: unknown[];
}

export interface CollectionDefinition {
  name: string;
  /** Each entry is one compound index over field paths. */
  indexes?: string[][];
}

export type Write = { kind: 'put'; collection: string; doc: Doc } | { kind: 'delete'; collection: string; id: string };

export interface Checkpoint {
  generation: number;
  position: number;
}

export interface ParkedEvent {
  id: string;
  projection: string;
  position: number;
  eventId: string;
  eventType: string;
  stream: string;
  error: string;
  parkedAt: string;
}

export interface CommitOptions {
  requireActive?: boolean;
  /**
   * For a store that caches documents for its runners (readVersion()): the version when the
   * writes' reads began. A commit computed from reads older than a change by another writer is
   * refused (false), so the runner reloads and applies its events again.
   */
  readVersion?: number;
  park?: Array<Omit<ParkedEvent, 'id'>>;
  unpark?: string[];
}

export abstract class ReadStore {
  /** Declares a projection's collections; creates the active generation if missing. */
  abstract defineProjection(projection: string, collections: CollectionDefinition[]): Promise<void>;

  abstract get<T extends Doc = Doc>(collection: string, id: string, generation?: number): Promise<T | null>;
  abstract find<T extends Doc = Doc>(collection: string, filter?: Filter, options?: FindOptions, generation?: number): Promise<T[]>;
  abstract count(collection: string, filter?: Filter, generation?: number): Promise<number>;

  /** Active generation of a projection and its checkpoint. */
  abstract checkpoint(projection: string): Promise<Checkpoint>;
  /** Checkpoint of a given generation (active or being rebuilt). */
  abstract generationCheckpoint(projection: string, generation: number): Promise<number>;
  /**
   * Applies the writes, records parked events, removes replayed ones and moves the generation's
   * checkpoint from `from` to `to`, all atomically. Returns false, writing nothing, when the
   * stored checkpoint is not `from` (another worker got there first) or, with `requireActive`,
   * when the generation is no longer active.
   */
  abstract commit(projection: string, generation: number, from: number, to: number, writes: Write[], options?: CommitOptions): Promise<boolean>;

  /** Creates an empty, inactive generation (dropping older inactive ones) and returns its number. */
  abstract createGeneration(projection: string): Promise<number>;
  /**
   * Makes `generation` active if its checkpoint has reached the active one's; returns false
   * otherwise (the caller catches up and tries again). The old generation is dropped later.
   */
  abstract activateGeneration(projection: string, generation: number): Promise<boolean>;
  abstract dropGeneration(projection: string, generation: number): Promise<void>;
  /** Every document of a collection (for comparisons and audits), ordered by id. */
  abstract dump(collection: string, generation?: number): Promise<Doc[]>;

  abstract listParked(projection?: string): Promise<ParkedEvent[]>;

  /**
   * Takes or renews the lease `name` for `holder` until `ttlMs` from now (the store's notion of
   * now: each instance's wall clock), when it is free, expired, or held by `holder` already.
   * True when `holder` holds it afterwards. Instances sharing a store use it so that one of
   * them, and only one, runs the projections (see ProjectionEngine.lead).
   */
  abstract acquireLease(name: string, holder: string, ttlMs: number, replacing?: string): Promise<boolean>;
  /** Who holds the lease (expired or not), or null. With `replacing`, acquireLease also takes it from that holder (known dead). */
  abstract leaseHolder(name: string): Promise<string | null>;
  /** Gives the lease up at once if `holder` holds it (a clean shutdown: another takes over now). */
  abstract releaseLease(name: string, holder: string): Promise<void>;

  abstract close(): Promise<void>;
}

/** Evaluates a filter on a document in memory, with the same semantics as the adapters. */
export function matches(doc: Doc, filter: Filter): boolean {
  return Object.entries(filter).every(([path, cond]) => {
    const value = getPath(doc, path);
    if (cond !== null && typeof cond === 'object' && !Array.isArray(cond) && Object.keys(cond).some((k) => k.startsWith('$'))) {
      const c = cond as Record<string, unknown>;
      if ('$exists' in c && (value !== undefined && value !== null) !== c.$exists) return false;
      if ('$in' in c && !(c.$in as unknown[]).some((v) => eq(value, v))) return false;
      if ('$nin' in c && (c.$nin as unknown[]).some((v) => eq(value, v))) return false;
      if ('$ne' in c && eq(value, c.$ne)) return false;
      if ('$gt' in c && !(compare(value, c.$gt) > 0)) return false;
      if ('$gte' in c && !(compare(value, c.$gte) >= 0)) return false;
      if ('$lt' in c && !(compare(value, c.$lt) < 0)) return false;
      if ('$lte' in c && !(compare(value, c.$lte) <= 0)) return false;
      if ('$contains' in c && !(typeof value === 'string' && value.toLowerCase().includes(String(c.$contains).toLowerCase()))) return false;
      return true;
    }
    return eq(value, cond);
  });
}

export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

const eq = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** Order used for sorting and ranges: null/undefined first, then numbers, then strings (as SQLite does). */
export function compare(a: unknown, b: unknown): number {
  const norm = (v: unknown) => (typeof v === 'boolean' ? Number(v) : (v ?? null));
  const x = norm(a),
    y = norm(b);
  const rank = (v: unknown) => (v === null ? 0 : typeof v === 'number' ? 1 : 2);
  if (rank(x) !== rank(y)) return rank(x) - rank(y);
  if (x === null) return 0;
  return (x as number | string) < (y as number | string) ? -1 : (x as number | string) > (y as number | string) ? 1 : 0;
}
