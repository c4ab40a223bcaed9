import { LRUCache } from 'lru-cache';

/** What bounds an Lru: a number of entries, a budget in bytes (with how to measure a value), or both. */
export interface LruLimits<K, V> {
  maxEntries?: number;
  /** Budget over all cached values, each measured once by `sizeOf` when it is stored. */
  maxBytes?: number;
  sizeOf?: (value: V, key: K) => number;
}

/** The UTF-8 length of a value's JSON: the measure for plain data such as content objects. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '');

/**
 * A least-recently-used cache (lru-cache underneath). A count of entries bounds nothing when
 * entries differ a thousandfold in size (a page body against a trie leaf), so caches of such
 * values give a byte budget: the least recently used go until the rest fit, and a value larger
 * than the whole budget is not kept. `new Lru(n)` still bounds by entries alone.
 */
export class Lru<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly cache: LRUCache<K, V>;

  constructor(limits: number | LruLimits<K, V>) {
    const { maxEntries, maxBytes, sizeOf } = typeof limits === 'number' ? { maxEntries: limits } : limits;
    if (!maxEntries && !maxBytes) throw new Error('Lru: give maxEntries or maxBytes');
    if (maxBytes && !sizeOf) throw new Error('Lru: maxBytes needs sizeOf');
    const options: LRUCache.Options<K, V, unknown> = maxBytes
      ? // lru-cache refuses a size of 0; an empty value still costs its entry.
        { maxSize: maxBytes, sizeCalculation: (v, k) => Math.max(1, Math.ceil(sizeOf!(v, k))) }
      : { max: maxEntries! };
    if (maxBytes && maxEntries) options.max = maxEntries;
    this.cache = new LRUCache<K, V>(options);
  }

  get(key: K): V | undefined {
    return this.cache.get(key);
  }

  set(key: K, value: V): void {
    this.cache.set(key, value);
  }

  /** Entries held now. */
  get size(): number {
    return this.cache.size;
  }

  /** Bytes held now, as measured by `sizeOf` (0 for a cache bounded by entries only). */
  get bytes(): number {
    return this.cache.calculatedSize;
  }
}
