import { Injectable } from '@nestjs/common';
import { createHash } from 'crypto';
import { AppendResult, Clock, deterministicId, EventStore, ExpectedRevision, NewEvent, PlatformConfig, ReadStore, RequestContext } from '@app/platform';
import { canonicalJson } from '../../domain/canonical-json';
import { jsonBytes, Lru } from './lru';

/**
 * Immutable, content-addressed objects (page bodies, file bytes, page-table trie nodes,
 * revision roots), stored like git objects: each in the event store as the single event of
 * `content.object-<hash>`, written before the event that references it. The append uses an
 * event id derived from the hash, so writing an object twice is a no-op and objects are shared
 * by every revision (and every space) that contains them. The read side reads the copy the
 * `content-objects` projection keeps; both sides share one cache, which is safe because an
 * object never changes.
 */
export const OBJECT_STORED = 'ContentObjectStored';
export const CONTENT_OBJECTS = 'content_objects';
export const objectStream = (hash: string) => `content.object-${hash}`;

/** The embedded store's several-streams-in-one-transaction append (not part of the port). */
interface BatchAppender {
  appendBatch(appends: Array<{ stream: string; events: NewEvent[]; expected: ExpectedRevision }>): Promise<AppendResult[]>;
}

export type ContentObject = Record<string, unknown> & { k: string };

export const hashObject = (o: ContentObject) => createHash('sha256').update(canonicalJson(o)).digest('base64url');

/** Where reads come from: the event store (command side) or the read model (query side). */
export type Side = 'write' | 'read';

@Injectable()
export class ContentObjects {
  /** Immutable objects by hash, bounded by their JSON size (CONTENT_CACHE_BYTES). */
  private readonly cache: Lru<string, ContentObject>;
  /** Bytes appended since the process started (benchmark figure). */
  bytesWritten = 0;

  constructor(
    private readonly events: EventStore,
    private readonly reads: ReadStore,
    private readonly clock: Clock,
    config: PlatformConfig,
  ) {
    this.cache = new Lru<string, ContentObject>({ maxBytes: config.contentCacheBytes, sizeOf: jsonBytes });
  }

  /**
   * Stores objects (idempotently) and returns their hashes, in order. `known` carries hashes the
   * caller already computed (trie nodes are hashed when built), so no object is serialized twice.
   */
  async put(objects: ContentObject[], known?: ReadonlyMap<ContentObject, string>): Promise<string[]> {
    const hashes: string[] = [];
    const fresh = new Map<string, NewEvent>();
    const ctx = RequestContext.current();
    for (const o of objects) {
      const hash = known?.get(o) ?? hashObject(o);
      hashes.push(hash);
      if (this.cache.get(hash) || fresh.has(hash)) continue;
      fresh.set(hash, {
        id: deterministicId('content-object', hash),
        type: OBJECT_STORED,
        data: { hash, object: o },
        metadata: {
          actor: RequestContext.actor(),
          occurredAt: this.clock.now().toISOString(),
          correlationId: ctx?.correlationId ?? hash,
          causationId: null,
          schemaVersion: 1,
        },
      });
    }
    if (!fresh.size) return hashes;
    const appends = [...fresh].map(([hash, event]) => ({ stream: objectStream(hash), events: [event], expected: 'any' as const }));
    // The embedded store writes them all in one transaction (one WAL commit instead of one per
    // object); EventStoreDB appends stream by stream. Either way each object is one event.
    const batch = (this.events as Partial<BatchAppender>).appendBatch?.bind(this.events);
    const results: AppendResult[] = batch ? await batch(appends) : [];
    if (!batch) for (const a of appends) results.push(await this.events.append(a.stream, a.events, a.expected));
    RequestContext.notePosition(Math.max(...results.map((r) => r.position)));
    for (const [hash, event] of fresh) {
      this.bytesWritten += JSON.stringify(event.data).length;
      this.cache.set(hash, (event.data as { object: ContentObject }).object);
    }
    return hashes;
  }

  async get<T extends ContentObject>(hash: string, side: Side): Promise<T> {
    const cached = this.cache.get(hash);
    if (cached) return cached as T;
    let o: ContentObject | undefined;
    if (side === 'write') {
      const [e] = await this.events.readStream(objectStream(hash), { maxCount: 1 });
      o = (e?.data as { object?: ContentObject } | undefined)?.object;
    } else {
      o = ((await this.reads.get(CONTENT_OBJECTS, hash)) as { o?: ContentObject } | null)?.o;
    }
    if (!o) throw new Error(`content object ${hash} is missing (${side} side)`);
    this.cache.set(hash, o);
    return o as T;
  }
}
