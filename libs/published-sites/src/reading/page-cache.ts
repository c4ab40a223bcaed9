import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { RecordedEvent, SagaDefinition } from '@app/platform';
import { SiteEvents } from '@app/sites/contracts';
import { MAIN_CONTENT_EVENTS } from '@app/content/contracts';

/** At most this many characters of rendered pages in memory (about 64 MB of UTF-16). */
const MAX_CHARS = 32 * 1024 * 1024;

export interface PageKeyParts {
  siteId: string;
  /** PublishedSiteView.version: changes with every event of the site. */
  siteVersion: number;
  /** Where the site is served (its root path on the host): links differ per form. */
  base: string;
  spaceId: string;
  revisionId: string;
  /** Page id, or what else is cached for the revision (`md:<pageId>`). */
  item: string;
  /** VisitorView.fingerprint: what the visitor's claims show and hide. */
  fingerprint: string;
}

/**
 * Rendered pages, by everything that shapes them: the site's version, the space's revision (main
 * moves to a new one on every merge), the page and what the visitor's claims show. A change
 * therefore never serves a stale page: it changes the key. The saga below also evicts a site's or
 * a space's entries as soon as their events are in the read models, so memory goes to live pages.
 */
@Injectable()
export class PageCache {
  private readonly lru: LRUCache<string, { text: string; siteId: string; spaceId: string }>;
  private readonly bySite = new Map<string, Set<string>>();
  private readonly bySpace = new Map<string, Set<string>>();

  constructor() {
    this.lru = new LRUCache({
      maxSize: MAX_CHARS,
      sizeCalculation: (v) => Math.max(1, v.text.length),
      dispose: (v, key) => {
        this.unindex(this.bySite, v.siteId, key);
        this.unindex(this.bySpace, v.spaceId, key);
      },
    });
  }

  static key(p: PageKeyParts): string {
    return JSON.stringify([p.siteId, p.siteVersion, p.base, p.spaceId, p.revisionId, p.item, p.fingerprint]);
  }

  get(parts: PageKeyParts): string | undefined {
    return this.lru.get(PageCache.key(parts))?.text;
  }

  set(parts: PageKeyParts, text: string): void {
    if (text.length > MAX_CHARS / 8) return;
    const key = PageCache.key(parts);
    this.lru.set(key, { text, siteId: parts.siteId, spaceId: parts.spaceId });
    this.index(this.bySite, parts.siteId, key);
    this.index(this.bySpace, parts.spaceId, key);
  }

  get size(): number {
    return this.lru.size;
  }

  evictSite(siteId: string): void {
    for (const key of [...(this.bySite.get(siteId) ?? [])]) this.lru.delete(key);
  }

  evictSpace(spaceId: string): void {
    for (const key of [...(this.bySpace.get(spaceId) ?? [])]) this.lru.delete(key);
  }

  private index(map: Map<string, Set<string>>, id: string, key: string): void {
    let keys = map.get(id);
    if (!keys) map.set(id, (keys = new Set()));
    keys.add(key);
  }

  private unindex(map: Map<string, Set<string>>, id: string, key: string): void {
    const keys = map.get(id);
    keys?.delete(key);
    if (keys?.size === 0) map.delete(id);
  }
}

/**
 * Evicts cached pages when their site or their space's main content changes (the sites
 * context's published events and the events that move main's head). As a saga it reacts once
 * the query-serving read models include the event, so a page rendered after the eviction reads
 * the new state. It does no I/O: a replay after a restart only evicts from an empty cache.
 */
@Injectable()
export class PageCacheEviction implements SagaDefinition {
  readonly name = 'published-sites-page-cache';
  readonly handles: string[] = [...Object.values(SiteEvents), ...MAIN_CONTENT_EVENTS];

  constructor(private readonly cache: PageCache) {}

  react(e: RecordedEvent): Promise<void> {
    const data = e.data as { siteId?: unknown; spaceId?: unknown };
    if (typeof data.siteId === 'string') this.cache.evictSite(data.siteId);
    if (typeof data.spaceId === 'string' && (MAIN_CONTENT_EVENTS as readonly string[]).includes(e.type)) this.cache.evictSpace(data.spaceId);
    return Promise.resolve();
  }
}
