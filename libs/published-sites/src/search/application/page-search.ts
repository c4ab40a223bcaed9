import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ReadStore } from '@app/platform';
import { parseQuery, SearchQuery } from '../domain/search-query';
import { SectionHit, sectionHits } from '../domain/section-hits';
import { SEARCH_PAGES, SEARCH_PROJECTION, SearchPageDoc } from '../index/search-documents';
import { Ranked, RankedPage, RankQuery, SearchIndex } from '../index/search-index.port';

/** A matching page with its matched sections. */
export interface PageMatch {
  doc: SearchPageDoc;
  score: number;
  sections: SectionHit[];
}

/** The pages of one space in a result grouped by space, best page first. */
export interface SpaceMatch {
  spaceId: string;
  /** Its best page's score. */
  score: number;
  pages: PageMatch[];
}

export interface MatchScope {
  query: SearchQuery;
  spaceIds: readonly string[];
  listedOnly: boolean;
  /** Drops ranked pages the caller may not see (by space, by adaptive condition), a batch at a time. */
  allow?: (batch: RankedPage[]) => RankedPage[] | Promise<RankedPage[]>;
}

/** Ranked pages one search reads at most while filters drop pages (then it stops short). */
const MAX_SCANNED = 20_000;
/** Matches a result grouped by space is computed from (its spaces and their pages): a search is read from the top. */
export const GROUPED_MATCHES = 1000;
/** Pages listed per space in a result grouped by space. */
export const PAGES_PER_SPACE = 5;
/** Ranked pages the cache of rankings holds at most (about 100 bytes each). */
const CACHED_RANKED_PAGES = 100_000;

/**
 * Searches on the index (ranking) and the read model (titles, paths, sections): what the three
 * search operations and the published sites' search box share.
 */
@Injectable()
export class PageSearch {
  /**
   * Rankings by query while the index stays the same: the projection's checkpoint moves with
   * every change of the index (its writes commit with it), so a key holding it never serves a
   * ranking of an older index. Popular queries (and the next pages of a list) cost one lookup.
   */
  private readonly rankings = new LRUCache<string, Ranked>({ maxSize: CACHED_RANKED_PAGES, sizeCalculation: (r) => r.pages.length + 1 });

  constructor(
    private readonly index: SearchIndex,
    private readonly store: ReadStore,
  ) {}

  private async rank(q: RankQuery): Promise<Ranked> {
    const { generation, position } = await this.store.checkpoint(SEARCH_PROJECTION);
    const key = JSON.stringify([generation, position, q.query, q.spaceIds, q.listedOnly, q.limit, q.after ?? null]);
    let ranked = this.rankings.get(key);
    if (!ranked) {
      ranked = await this.index.rank(q);
      this.rankings.set(key, ranked);
    }
    return ranked;
  }

  /** The query as this index reads it; null when it has no words (it matches nothing). */
  parse(text: string): SearchQuery | null {
    return parseQuery(text, this.index.matchesPrefixes);
  }

  /**
   * Up to `limit` pages after `after` (keyset: score, id), best first, and whether more follow;
   * `total` counts the matches before `allow` filtered them.
   */
  async pages(scope: MatchScope, limit: number, after?: readonly [number, string]): Promise<{ pages: PageMatch[]; total: number; more: boolean }> {
    const kept: RankedPage[] = [];
    let total = 0;
    let exhausted = false;
    let cursor = after;
    // Filtered rounds read more each time (filters that drop most pages cost few rounds), up to MAX_SCANNED pages.
    for (let round = 0, size = limit + 1, scanned = 0; kept.length <= limit && scanned < MAX_SCANNED; round++, size *= 4) {
      const ranked = await this.rank({ ...this.ranking(scope), limit: size, after: cursor });
      if (round === 0) total = ranked.total;
      scanned += ranked.pages.length;
      kept.push(...(await this.allowed(scope, ranked.pages)));
      if (ranked.pages.length < size) {
        exhausted = true;
        break;
      }
      const last = ranked.pages[ranked.pages.length - 1];
      cursor = [last.score, last.id];
    }
    return { pages: await this.hydrate(scope.query, kept.slice(0, limit)), total, more: kept.length > limit || (!exhausted && limit > 0) };
  }

  /**
   * Matching pages grouped by space, spaces by their best page (then id), `limit` spaces after
   * `after` (keyset: best score, space id), each with its PAGES_PER_SPACE best pages; computed
   * from the GROUPED_MATCHES best matches.
   */
  async spaces(scope: MatchScope, limit: number, after?: readonly [number, string]): Promise<{ spaces: SpaceMatch[]; total: number; more: boolean }> {
    const matches: RankedPage[] = [];
    let cursor: [number, string] | undefined;
    for (let scanned = 0; matches.length < GROUPED_MATCHES && scanned < MAX_SCANNED;) {
      const ranked = await this.rank({ ...this.ranking(scope), limit: GROUPED_MATCHES, after: cursor });
      scanned += ranked.pages.length;
      matches.push(...(await this.allowed(scope, ranked.pages)));
      if (ranked.pages.length < GROUPED_MATCHES) break;
      const last = ranked.pages[ranked.pages.length - 1];
      cursor = [last.score, last.id];
    }
    const groups = new Map<string, RankedPage[]>();
    for (const m of matches.slice(0, GROUPED_MATCHES)) groups.set(m.spaceId, [...(groups.get(m.spaceId) ?? []), m]);
    // Pages come best first, so each group's first page is its best.
    const ordered = [...groups.entries()]
      .map(([spaceId, pages]) => ({ spaceId, score: pages[0].score, pages }))
      .sort((a, b) => b.score - a.score || (a.spaceId < b.spaceId ? -1 : a.spaceId > b.spaceId ? 1 : 0));
    const rest = after ? ordered.filter((g) => g.score < after[0] || (g.score === after[0] && g.spaceId > after[1])) : ordered;
    const shown = rest.slice(0, limit);
    const pages = await this.hydrate(
      scope.query,
      shown.flatMap((g) => g.pages.slice(0, PAGES_PER_SPACE)),
    );
    const bySpace = new Map<string, PageMatch[]>();
    for (const p of pages) bySpace.set(p.doc.spaceId, [...(bySpace.get(p.doc.spaceId) ?? []), p]);
    return {
      spaces: shown.map((g) => ({ spaceId: g.spaceId, score: g.score, pages: bySpace.get(g.spaceId) ?? [] })),
      total: ordered.length,
      more: rest.length > limit,
    };
  }

  private ranking(scope: MatchScope) {
    return { query: scope.query, spaceIds: scope.spaceIds, listedOnly: scope.listedOnly };
  }

  private async allowed(scope: MatchScope, pages: RankedPage[]): Promise<RankedPage[]> {
    return scope.allow && pages.length > 0 ? scope.allow(pages) : pages;
  }

  /** Documents of ranked pages, in rank order, with their matched sections (pages deleted since are left out). */
  private async hydrate(query: SearchQuery, ranked: RankedPage[]): Promise<PageMatch[]> {
    if (ranked.length === 0) return [];
    const docs = new Map((await this.store.find<SearchPageDoc>(SEARCH_PAGES, { id: { $in: ranked.map((r) => r.id) } })).map((d) => [d.id, d]));
    const out: PageMatch[] = [];
    for (const r of ranked) {
      const doc = docs.get(r.id);
      if (doc) out.push({ doc, score: r.score, sections: sectionHits(query, doc.sections) });
    }
    return out;
  }
}
