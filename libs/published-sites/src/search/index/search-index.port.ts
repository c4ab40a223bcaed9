import type { SearchQuery } from '../domain/search-query';

/** What the index answers for one matching page: enough to filter and order, not the text. */
export interface RankedPage {
  /** The page document's id (`<spaceId>:<pageId>`). */
  id: string;
  spaceId: string;
  /** SearchPageDoc.conditions */
  conditions: string[];
  /** Relevance, higher is better (bm25 on SQLite, textScore on MongoDB); not comparable across adapters. */
  score: number;
}

export interface RankQuery {
  query: SearchQuery;
  /** Only pages of these spaces (none: nothing matches). */
  spaceIds: readonly string[];
  /** Only pages neither hidden nor noIndex (published sites). */
  listedOnly: boolean;
  limit: number;
  /** Keyset: the score and id of the last page already seen (pages follow by score descending, then id). */
  after?: readonly [score: number, id: string];
}

export interface Ranked {
  pages: RankedPage[];
  /**
   * Pages matching the query in those spaces (before `after` and `limit`); adapters that cannot
   * count cheaply may stop at `countCap` (then `total` is a lower bound).
   */
  total: number;
}

/**
 * Full-text ranking over the `search_pages` read model of the search-index projection, in its
 * active generation (a rebuild switches the index with it). Every term of the query must occur
 * in a page (title, description, headings or text), compared case- and accent-insensitively.
 * Adapters: SQLite FTS5 over the read-store file (embedded), a MongoDB text index (server);
 * both pass test/contract/search-index.contract-spec.ts.
 */
export abstract class SearchIndex {
  /** Whether the last term of a query may match as a prefix (SearchQuery.prefix). */
  abstract readonly matchesPrefixes: boolean;
  /** Pages best first. */
  abstract rank(q: RankQuery): Promise<Ranked>;
  abstract close(): Promise<void>;
}

/** Relative weight of each part of a page, shared by the adapters. */
export const FIELD_WEIGHTS = { title: 10, headings: 5, description: 3, text: 1 } as const;
