import { Injectable } from '@nestjs/common';
import { ReadStore } from '@app/platform';
import { PageHit, SiteSearch } from '../../ports';
import { SEARCH_SPACES, SearchSpaceDoc } from '../index/search-documents';
import { PageMatch, PageSearch } from './page-search';

/** Matches one search box query reads at most while `visible` drops them. */
const MAX_READ = 2000;

/**
 * The published sites' search box (reading/ calls it through the SiteSearch port): listed pages
 * (neither hidden nor no-index) of the given spaces' main content, best first; `visible` drops
 * what the visitor may not see (reading/ knows their adaptive conditions).
 */
@Injectable()
export class SiteSearchService extends SiteSearch {
  constructor(
    private readonly search: PageSearch,
    private readonly store: ReadStore,
  ) {
    super();
  }

  async searchPages(input: { query: string; spaceIds: string[]; limit: number; visible?: (hit: PageHit) => boolean }): Promise<PageHit[]> {
    const query = this.search.parse(input.query);
    const limit = Math.max(0, Math.floor(input.limit));
    if (!query || input.spaceIds.length === 0 || limit === 0) return [];
    const heads = new Map((await this.store.find<SearchSpaceDoc>(SEARCH_SPACES, { id: { $in: input.spaceIds } })).map((s) => [s.id, s.revision ?? '']));
    const hits: PageHit[] = [];
    let after: [number, string] | undefined;
    // `visible` judges whole hits: read on until it has kept `limit` of them, the matches end, or MAX_READ were read.
    for (let read = 0; read < MAX_READ;) {
      const found = await this.search.pages({ query, spaceIds: input.spaceIds, listedOnly: true }, limit, after);
      read += found.pages.length;
      for (const m of found.pages) {
        const hit = toHit(m, heads.get(m.doc.spaceId) ?? '');
        if (!input.visible || input.visible(hit)) hits.push(hit);
        if (hits.length >= limit) return hits;
      }
      const last = found.pages[found.pages.length - 1];
      if (!found.more || !last) return hits;
      after = [last.score, last.doc.id];
    }
    return hits;
  }
}

function toHit(m: PageMatch, revisionId: string): PageHit {
  return {
    spaceId: m.doc.spaceId,
    revisionId,
    pageId: m.doc.pageId,
    title: m.doc.title,
    path: m.doc.path,
    score: m.score,
    sections: m.sections.map((s) => ({ anchor: s.anchor, title: s.title, snippet: s.snippet, score: s.score })),
  };
}
