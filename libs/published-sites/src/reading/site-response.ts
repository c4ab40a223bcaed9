import type { PublishedSiteView } from '@app/sites';
import type { SiteAddress } from './site-address';
import type { SiteLinks } from './site-links';
import type { VisitorView } from './visitor-view';

/** What the published site answers, before it is written to the HTTP response. */
export interface SiteResponse {
  status: number;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string>;
  /** Crawlers must not index it (X-Robots-Tag, and a robots meta tag in HTML). */
  noindex?: boolean;
  /** The response is a rendered page whose view the insights record. */
  pageView?: PageViewLocation;
}

export interface PageViewLocation {
  url: string;
  siteSection: string | null;
  siteSpace: string;
  space: string;
  revision: string;
  page: string | null;
}

/** One visitor's request to an opened site. */
export interface SiteRequest {
  site: PublishedSiteView;
  view: VisitorView;
  address: SiteAddress;
  links: SiteLinks;
  /** Scheme and host the visitor used (`https://docs.example.com`), for absolute links in text documents. */
  origin: string;
  /** Previews (members only) are never cached, recorded or indexed. */
  preview: boolean;
}

export const HTML = 'text/html; charset=utf-8';
export const TEXT = 'text/plain; charset=utf-8';
export const MARKDOWN = 'text/markdown; charset=utf-8';
export const XML = 'application/xml; charset=utf-8';

/** Whether crawlers may index what a visitor sees of this site: only public sites, never a preview. */
export const indexable = (r: Pick<SiteRequest, 'site' | 'preview'>): boolean => r.site.visibility === 'public' && !r.preview;

/** The absolute URL of a path below the site's root as the visitor reached it. */
export const absolute = (r: Pick<SiteRequest, 'origin' | 'links'>, sitePath: string): string => `${r.origin}${r.links.sitePath(sitePath)}`;

/**
 * The canonical URL of a path below the site's root: on the site's custom hostname when it has
 * one (served over https there), else under its published URL.
 */
export const canonical = (site: Pick<PublishedSiteView, 'url' | 'hostname'>, sitePath: string): string =>
  `${site.hostname ? `https://${site.hostname}` : site.url.replace(/\/$/, '')}${sitePath}`;
