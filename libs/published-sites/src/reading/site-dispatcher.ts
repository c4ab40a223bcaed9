import { Injectable } from '@nestjs/common';
import type { PublishedSiteView } from '@app/sites';
import { PublishedPages } from './published-pages.service';
import { PublishedSiteReader } from './published-site.reader';
import type { SiteAddress } from './site-address';
import { SiteExtras } from './site-extras.service';
import { FILES_SEGMENT, SEARCH_SEGMENT } from './site-links';
import { locate } from './site-matcher';
import { canonical, HTML, TEXT, type SiteRequest, type SiteResponse } from './site-response';
import { robotsTxt } from './site-documents';
import { queryString, type QueryValues } from './visitor-credentials';

/**
 * What a path of an opened site shows: the documents at its root (sitemap.xml, llms.txt, the
 * search page), a site space's files (`…/~files/<fileId>`), a page's markdown (`<page>.md`), or
 * the page itself. Null when there is nothing there (the caller answers the site's 404 page).
 */
@Injectable()
export class SiteDispatcher {
  constructor(
    private readonly reader: PublishedSiteReader,
    private readonly pages: PublishedPages,
    private readonly extras: SiteExtras,
  ) {}

  /** robots.txt is read before any visitor check: crawlers carry no credentials. */
  robots(site: PublishedSiteView, address: SiteAddress, preview: boolean): SiteResponse {
    const indexable = site.visibility === 'public' && !preview;
    return { status: 200, contentType: TEXT, body: robotsTxt(indexable, canonical(site, '/sitemap.xml')), noindex: !indexable };
  }

  async dispatch(r: SiteRequest, query: QueryValues): Promise<SiteResponse | null> {
    const seg = r.address.segments;
    if (seg.length === 1) {
      if (seg[0] === 'sitemap.xml') return this.extras.sitemap(r);
      if (seg[0] === 'llms.txt') return this.extras.llms(r);
      if (seg[0] === 'robots.txt') return this.extras.robots(r);
      if (seg[0] === SEARCH_SEGMENT) return this.extras.searchPage(r, queryString(query, 'q', 1024) ?? '');
    }
    const files = seg.indexOf(FILES_SEGMENT);
    if (files >= 0) {
      const location = files === seg.length - 2 ? locate(r.view, seg.slice(0, files)) : null;
      if (!location || location.rest.length > 0) return null;
      const content = await this.reader.content(location.siteSpace.spaceId);
      return this.pages.file(r, location, content.revisionId, seg[files + 1]);
    }
    const last = seg[seg.length - 1] ?? '';
    if (last.length > 3 && last.endsWith('.md')) {
      if (r.site.agentsContext !== 'included') return null;
      const resolved = await this.reader.resolve(r.view, [...seg.slice(0, -1), last.slice(0, -3)]);
      return resolved.kind === 'content' ? this.pages.markdown(r, resolved) : null;
    }
    const resolved = await this.reader.resolve(r.view, seg);
    if (resolved.kind === 'content') return this.pages.page(r, resolved);
    if (resolved.kind === 'redirect') {
      const location = 'url' in resolved.to ? resolved.to.url : r.links.sitePath(resolved.to.sitePath);
      return { status: resolved.status, contentType: HTML, body: '', headers: { Location: location, 'Cache-Control': 'no-store' } };
    }
    return null;
  }
}
