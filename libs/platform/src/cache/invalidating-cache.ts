import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';

/**
 * What a projection runner needs of the cache: drop the entries its committed events may have
 * changed, or everything (a reload from the stored checkpoint, a generation switch).
 */
export interface CacheInvalidator {
  invalidate(tags: Iterable<string>): void;
  clear(): void;
}

export interface CacheRegionOptions {
  /** Entries kept at most (least recently used ones go first). */
  max: number;
}

export interface CacheRegionStats {
  name: string;
  size: number;
  hits: number;
  misses: number;
  /** Fills not stored because an invalidation touching them came while they read. */
  dropped: number;
}

/**
 * How many invalidations are remembered for fills still reading (see CacheRegion.get): a fill
 * that started before the oldest of them is not stored.
 */
const HISTORY = 1024;

interface Entry<V> {
  value: V;
  tags: readonly string[];
}

/** A region as the cache sees it, whatever its values. */
interface Holder {
  readonly name: string;
  drop(key: string): void;
  dropAll(): void;
  stats(): CacheRegionStats;
}

/**
 * One region of the cache: answers of one kind (token → principal, a member's role), in a
 * bounded LRU of its own.
 */
export class CacheRegion<V> implements Holder {
  private readonly lru: LRUCache<string, Entry<V>>;
  private hits = 0;
  private misses = 0;
  private dropped = 0;

  constructor(
    readonly name: string,
    private readonly cache: InvalidatingCache,
    options: CacheRegionOptions,
  ) {
    this.lru = new LRUCache<string, Entry<V>>({ max: options.max, dispose: (entry, key) => cache.unindex(this, key, entry.tags) });
  }

  /**
   * The answer for `key`: from memory, or else `compute()`d. A computed answer is kept with the
   * tags `tagsOf` gives it (null: not kept — a "not found" that no event's tags would clear)
   * unless an invalidation of one of those tags happened while it was computed: it may have read
   * the read models before that commit, and must not outlive the invalidation. Where this process
   * does not run the query-serving projections (nothing would invalidate), it always computes.
   * Cached values are shared by every caller: treat them as read-only.
   */
  async get(key: string, compute: () => Promise<V>, tagsOf: (value: V) => readonly string[] | null): Promise<V> {
    if (!this.cache.enabled) return compute();
    const entry = this.lru.get(key);
    if (entry) {
      this.hits++;
      return entry.value;
    }
    this.misses++;
    const from = this.cache.epoch;
    const value = await compute();
    const tags = tagsOf(value);
    if (!tags) return value;
    if (this.cache.storable(from, tags)) {
      this.lru.set(key, { value, tags });
      this.cache.index(this, key, tags);
    } else this.dropped++;
    return value;
  }

  stats(): CacheRegionStats {
    return { name: this.name, size: this.lru.size, hits: this.hits, misses: this.misses, dropped: this.dropped };
  }

  /** @internal */
  drop(key: string): void {
    this.lru.delete(key);
  }

  /** @internal */
  dropAll(): void {
    this.lru.clear();
  }
}

/**
 * Answers of the read models kept in memory (authorization decisions: token → principal, member
 * roles, team ids, collection paths), each tagged, and dropped by tag when the projection that
 * keeps the read model they came from commits an event that may change them (see
 * ProjectionDefinition.invalidates): the runner invalidates after its commit and before its
 * position moves, so read-your-writes (which waits for that position) never sees an answer from
 * before the write, and neither does any request that starts after the write's response.
 *
 * A fill records the epoch it started at; every invalidation and clear moves the epoch on, and a
 * fill that an invalidation of one of its tags (or a clear) overtook is not stored (it may have
 * read the read model before that commit).
 *
 * Only a process that runs the query-serving projections itself enables the cache (the engine
 * does when it starts them): elsewhere (runWorkers=false: the CLI, a lane's worker thread, an
 * API instance following another's projections) nothing would invalidate it, and every get()
 * computes.
 */
@Injectable()
export class InvalidatingCache implements CacheInvalidator {
  private readonly regions = new Map<string, Holder>();
  /** tag → region → keys of the entries carrying it. */
  private readonly byTag = new Map<string, Map<Holder, Set<string>>>();
  /** The latest invalidations, oldest first: the epoch each made and its tags (null: a clear). */
  private readonly recent: Array<{ epoch: number; tags: ReadonlySet<string> | null }> = [];
  private on = false;
  private moves = 0;

  /** Moved on by every invalidation and clear. */
  get epoch(): number {
    return this.moves;
  }

  get enabled(): boolean {
    return this.on;
  }

  /** The engine, once it runs the query-serving projections here. */
  enable(): void {
    this.clear();
    this.on = true;
  }

  /** The engine, when it stops them: nothing would invalidate any more. */
  disable(): void {
    this.on = false;
    this.clear();
  }

  /** The region `name` (made on first use; later calls share it). */
  region<V>(name: string, options: CacheRegionOptions): CacheRegion<V> {
    const known = this.regions.get(name);
    if (known) return known as CacheRegion<V>;
    const r = new CacheRegion<V>(name, this, options);
    this.regions.set(name, r);
    return r;
  }

  invalidate(tags: Iterable<string>): void {
    const set = new Set(tags);
    if (set.size === 0) return;
    this.remember(set);
    for (const tag of set) {
      const holders = this.byTag.get(tag);
      if (!holders) continue;
      // Deleting disposes the entry, which unindexes it (from this very map): work on a copy.
      for (const [region, keys] of [...holders]) for (const key of [...keys]) region.drop(key);
    }
  }

  clear(): void {
    this.remember(null);
    for (const r of this.regions.values()) r.dropAll();
    this.byTag.clear();
  }

  stats(): CacheRegionStats[] {
    return [...this.regions.values()].map((r) => r.stats());
  }

  private remember(tags: ReadonlySet<string> | null): void {
    this.moves++;
    this.recent.push({ epoch: this.moves, tags });
    if (this.recent.length > HISTORY) this.recent.shift();
  }

  /** @internal Whether a fill started at epoch `from` with these tags may be stored. */
  storable(from: number, tags: readonly string[]): boolean {
    if (!this.on) return false;
    if (from === this.epoch) return true;
    // Every invalidation since `from` must be known (each moved the epoch by one)...
    if (this.recent.length === 0 || this.recent[0].epoch > from + 1) return false;
    // ... and none of them may touch this entry.
    for (let i = this.recent.length - 1; i >= 0 && this.recent[i].epoch > from; i--) {
      const r = this.recent[i].tags;
      if (!r || tags.some((t) => r.has(t))) return false;
    }
    return true;
  }

  /** @internal */
  index(region: Holder, key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      let holders = this.byTag.get(tag);
      if (!holders) this.byTag.set(tag, (holders = new Map<Holder, Set<string>>()));
      let keys = holders.get(region);
      if (!keys) holders.set(region, (keys = new Set<string>()));
      keys.add(key);
    }
  }

  /** @internal An entry left its region (evicted, replaced, invalidated, cleared). */
  unindex(region: Holder, key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const holders = this.byTag.get(tag);
      const keys = holders?.get(region);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) holders!.delete(region);
      if (holders!.size === 0) this.byTag.delete(tag);
    }
  }
}
