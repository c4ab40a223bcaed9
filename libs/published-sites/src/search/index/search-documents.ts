import type { IndexedSection } from '../domain/section-hits';

/** The projection that keeps the search index (`npm run cli -- projections rebuild search-index`). */
export const SEARCH_PROJECTION = 'search-index';
/** One document per indexed page; the adapters' text index is built over this collection. */
export const SEARCH_PAGES = 'search_pages';
/** One document per space: its organization and the revision indexed last (small: searches read it). */
export const SEARCH_SPACES = 'search_spaces';
/** One document per space: what each of its pages was indexed from (only the projection reads it). */
export const SEARCH_STAMPS = 'search_stamps';

/** A page of a space's main content as the index holds it (only documents: no groups or links). */
export interface SearchPageDoc {
  /** `<spaceId>:<pageId>` */
  id: string;
  spaceId: string;
  pageId: string;
  title: string;
  description: string;
  /** Path of the page in its space ('a/b'). */
  path: string;
  /** Titles of the pages above it, the top one first. */
  ancestors: string[];
  /** Neither hidden nor noIndex: published sites' search shows only these. */
  listed: boolean;
  /** Adaptive-content conditions of the page and the pages above it: a visitor sees it when all hold. */
  conditions: string[];
  /** Plain text cut at headings (content's ReaderPageBody.sections), bounded. */
  sections: IndexedSection[];
  [key: string]: unknown;
}

export interface SearchSpaceDoc {
  id: string;
  organizationId: string | null;
  /** Main's head as last indexed (null before any content). */
  revision: string | null;
  [key: string]: unknown;
}

export interface SearchStampsDoc {
  /** The space id. */
  id: string;
  /** Per page: [what its body was indexed from, digest of its indexed metadata]. */
  pages: Record<string, [body: string, meta: string]>;
  [key: string]: unknown;
}

export const pageKey = (spaceId: string, pageId: string) => `${spaceId}:${pageId}`;
