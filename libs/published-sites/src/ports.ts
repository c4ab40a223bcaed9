/**
 * The seams between the parts of the published-sites context. Each part implements one and
 * provides it under the abstract class as its DI token (`{ provide: SiteSearch, useExisting: … }`):
 *   - search/ implements SiteSearch (reading/ calls it for a site's search box),
 *   - insights/ implements SiteEventRecorder (reading/ records page views on render),
 *   - reading/ implements PublishedResolver (urls/ resolves published URLs through it).
 */
import type { PublishedSiteView } from '@app/sites';
import type { ReaderPage } from '@app/content';

/** One matching page of a search, with the sections (headings) that matched. */
export interface PageHit {
  spaceId: string;
  revisionId: string;
  pageId: string;
  title: string;
  /** The page's path inside its space (no leading slash; '' for none). */
  path: string;
  score: number;
  sections: Array<{
    /** The heading's anchor, null for the text before the first heading. */
    anchor: string | null;
    title: string;
    /** HTML-escaped text around the match with matched terms wrapped in <mark>…</mark>. */
    snippet: string;
    score: number;
  }>;
}

/** Full-text search over the main content of some spaces (the caller decides which are visible). */
export abstract class SiteSearch {
  /** The best pages for `query` in `spaceIds`, best first; `visible` drops pages the visitor may not see. */
  abstract searchPages(input: { query: string; spaceIds: string[]; limit: number; visible?: (hit: PageHit) => boolean }): Promise<PageHit[]>;
}

/** A visitor event in the reference's SiteInsightsEvent shape (validated by insights/). */
export type SiteInsightsEventInput = Record<string, unknown> & { type: string };

/** Appends visitor events of a site to the analytics store (never to the domain event streams). */
export abstract class SiteEventRecorder {
  abstract record(organizationId: string, siteId: string, events: SiteInsightsEventInput[]): Promise<void>;
}

/** What a visitor presents to a published site. */
export interface VisitorCredentials {
  shareKey?: string;
  jwtToken?: string;
  unsignedClaims?: Record<string, unknown>;
}

/** A published URL resolved for one visitor. */
export type PublishedResolution =
  | {
      kind: 'content';
      site: PublishedSiteView;
      /** The visitor's claims (signed JWT claims merged with `unsigned`), {} for anonymous visitors. */
      claims: Record<string, unknown>;
      sectionId: string | null;
      siteSpaceId: string;
      spaceId: string;
      revisionId: string;
      /** Null at the root of a site space whose content has no page. */
      page: ReaderPage | null;
      /** The canonical published URL of what was resolved (with the share key when one was used). */
      canonicalUrl: string;
    }
  | { kind: 'redirect'; location: string; status: 301 | 302 | 307 | 308 }
  | { kind: 'denied'; status: 401 | 404; message: string; fallbackURL?: string }
  | { kind: 'not-found'; message: string };

/** Maps any published URL this server produces (path form or custom hostname) to what it shows. */
export abstract class PublishedResolver {
  abstract resolve(url: string, credentials: VisitorCredentials): Promise<PublishedResolution>;
}
