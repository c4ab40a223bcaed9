import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AdmitVisitorQuery, FindPublishedSiteQuery, FindSiteRedirectQuery, type PublishedSiteView } from '@app/sites';
import { GetReaderContentQuery, type ReaderContent } from '@app/content';
import type { VisitorCredentials } from '../ports';
import { pathSegments, type SiteLocator } from './site-address';
import { encodePagePath, locate, matchPage, siteSpacePath, type PageMatch, type SiteLocation } from './site-matcher';
import { VisitorView, type VisiblePages } from './visitor-view';

/** A site opened for one visitor (or refused). */
export type OpenedSite =
  | { kind: 'open'; site: PublishedSiteView; view: VisitorView; via: 'public' | 'share-link' | 'visitor-token' | 'session' | 'member' }
  | { kind: 'denied'; status: 401 | 404; message: string; fallbackURL?: string }
  | { kind: 'not-found'; message: string };

/** A path below a site's root: a site-relative path ('/a/b', '' for the root) or an absolute URL elsewhere. */
export type SiteTarget = { sitePath: string } | { url: string };

/** What a path of an opened site shows. */
export type ResolvedPath =
  | {
      kind: 'content';
      location: SiteLocation;
      content: ReaderContent;
      visible: VisiblePages;
      match: Extract<PageMatch, { kind: 'page' | 'empty' }>;
    }
  | { kind: 'redirect'; to: SiteTarget; status: 301 | 302 }
  | { kind: 'not-found'; message: string };

export const NO_SITE = 'No published content at this URL';

/**
 * The one way this part reads a site for a visitor, shared by the HTML site and the URL
 * resolver: find the site, admit the visitor (the sites context checks share keys and visitor
 * tokens), see it through the visitor's claims, then follow the path to a page, applying the
 * site's redirects before giving up.
 */
@Injectable()
export class PublishedSiteReader {
  constructor(private readonly queries: QueryBus) {}

  findSite(locator: SiteLocator): Promise<PublishedSiteView | null> {
    return this.queries.execute(new FindPublishedSiteQuery(locator));
  }

  /** Admits a visitor to a published site; `claims` skips admission (a member's preview, or a session the server signed). */
  async open(
    site: PublishedSiteView | null,
    credentials: VisitorCredentials,
    granted?: { claims: Record<string, unknown>; via: 'session' | 'member' },
  ): Promise<OpenedSite> {
    if (!site) return { kind: 'not-found', message: NO_SITE };
    if (granted) return { kind: 'open', site, view: new VisitorView(site, granted.claims), via: granted.via };
    if (!site.published) return { kind: 'not-found', message: NO_SITE };
    const admission = await this.queries.execute(new AdmitVisitorQuery(site.siteId, credentials));
    if (!admission.admitted) return { kind: 'denied', status: admission.status, message: admission.message, fallbackURL: admission.fallbackURL };
    return { kind: 'open', site, view: new VisitorView(site, admission.claims), via: admission.via };
  }

  /** Whether the share link whose key has this digest is still active on the site. */
  async linkStillActive(siteId: string, shareKeyDigest: string): Promise<boolean> {
    return (await this.queries.execute(new AdmitVisitorQuery(siteId, { shareKeyDigest }))).admitted;
  }

  content(spaceId: string): Promise<ReaderContent> {
    return this.queries.execute(new GetReaderContentQuery(spaceId));
  }

  /** Section → site space → page, then the site's redirects, then not found. */
  async resolve(view: VisitorView, segments: readonly string[]): Promise<ResolvedPath> {
    const location = locate(view, segments);
    if (location) {
      const content = await this.content(location.siteSpace.spaceId);
      const visible = view.pagesOf(content.pages);
      const match = matchPage(visible, location.rest);
      if (match.kind === 'page' || match.kind === 'empty') return { kind: 'content', location, content, visible, match };
      if (match.kind === 'redirect') {
        const to = 'url' in match.to ? { url: match.to.url } : { sitePath: pageSitePath(view, location, visible.byId.get(match.to.pageId)!.path) };
        return { kind: 'redirect', to, status: 302 };
      }
    }
    return this.siteRedirect(view, segments);
  }

  /** The site's own redirects (sources are paths below the site's root). */
  async siteRedirect(view: VisitorView, segments: readonly string[]): Promise<ResolvedPath> {
    if (segments.length > 0) {
      const source = `/${segments.map(encodeURIComponent).join('/')}`;
      const found = await this.queries.execute(new FindSiteRedirectQuery(view.site.siteId, source));
      if (found) return { kind: 'redirect', to: await this.pageTarget(view, siteTarget(view.site, found.destination)), status: 302 };
    }
    return { kind: 'not-found', message: `No page at this URL of the site` };
  }

  /**
   * A redirect to a page names its site space's URL and the page id (`…?pageId=<id>`, the sites
   * context knows no page paths): the page's path is looked up here, among the pages the visitor
   * sees; a page they may not see leads to its site space's root.
   */
  private async pageTarget(view: VisitorView, to: SiteTarget): Promise<SiteTarget> {
    if (!('sitePath' in to)) return to;
    const [path, query = ''] = to.sitePath.split('?');
    const pageId = new URLSearchParams(query).get('pageId');
    if (pageId === null) return to;
    const location = locate(view, pathSegments(path) ?? []);
    if (!location) return { sitePath: path };
    const page = view.pagesOf((await this.content(location.siteSpace.spaceId)).pages).byId.get(pageId);
    return { sitePath: page ? pageSitePath(view, location, page.path) : path };
  }
}

/** A page's path below the site's root. */
export const pageSitePath = (view: VisitorView, location: Pick<SiteLocation, 'siteSpace'>, pagePath: string): string =>
  `${siteSpacePath(view, location.siteSpace)}${pagePath ? `/${encodePagePath(pagePath)}` : ''}`;

/** A redirect destination: under the site's published URL it stays on the site (whatever form the visitor used). */
export function siteTarget(site: PublishedSiteView, destination: string): SiteTarget {
  if (destination.startsWith('/') && !destination.startsWith('//')) return { sitePath: destination === '/' ? '' : destination };
  const root = site.url.replace(/\/$/, '');
  if (destination === root) return { sitePath: '' };
  if (destination.startsWith(`${root}/`) || destination.startsWith(`${root}?`)) return { sitePath: destination.slice(root.length) };
  return { url: destination };
}
