import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetReaderFileQuery, GetReaderPageQuery, type ReaderLinks, type ReaderPage, type ReaderPageBody } from '@app/content';
import { accentColor } from './html/site-styles';
import { renderLayout } from './html/site-layout';
import { articleHtml, emptySpaceHtml, messageHtml } from './html/site-pages';
import { PageCache, type PageKeyParts } from './page-cache';
import type { ResolvedPath } from './published-site.reader';
import { siteNavigation } from './site-navigation';
import { encodePagePath, type SiteLocation } from './site-matcher';
import { canonical, HTML, indexable, MARKDOWN, type SiteRequest, type SiteResponse } from './site-response';

type Content = Extract<ResolvedPath, { kind: 'content' }>;

/**
 * A site's pages as HTML and as markdown, and the files they show. Rendered pages are cached
 * (PageCache) under the site's version, the space's revision, the page and what the visitor's
 * claims show; previews are rendered each time.
 */
@Injectable()
export class PublishedPages {
  constructor(
    private readonly queries: QueryBus,
    private readonly cache: PageCache,
  ) {}

  async page(r: SiteRequest, c: Content): Promise<SiteResponse> {
    const { location, content, visible } = c;
    const page = c.match.kind === 'page' ? c.match.page : null;
    const sitePath = `${r.links.siteSpacePath(location.siteSpace)}${page ? `/${encodePagePath(page.path)}` : ''}`;
    const noindex = !indexable(r) || !!page?.noIndex || !!page?.noRobotsIndex;
    const key = this.key(r, c, page ? page.id : '~empty');
    let text = r.preview ? undefined : this.cache.get(key);
    if (text === undefined) {
      const body = page ? await this.body(r, location, c, page) : null;
      text = renderLayout({
        siteTitle: r.site.title,
        title: page ? `${page.title} | ${r.site.title}` : r.site.title,
        description: page?.description ?? null,
        rootHref: r.links.root(),
        searchHref: r.links.search(),
        canonical: canonical(r.site, sitePath || '/'),
        noindex,
        accent: accentColor(r.site.customization),
        nav: siteNavigation(r.view, location, visible, page, r.links),
        main: page && body ? articleHtml(page, body) : emptySpaceHtml(location.siteSpace.title),
        toc: body ? body.headings.filter((h) => h.level > 1) : [],
        markdownHref: page && r.site.agentsContext === 'included' ? r.links.markdown(location.siteSpace, page.path) : null,
      });
      if (!r.preview) this.cache.set(key, text);
    }
    return {
      status: 200,
      contentType: HTML,
      body: text,
      noindex,
      pageView: {
        url: canonical(r.site, sitePath || '/'),
        siteSection: location.section?.id ?? null,
        siteSpace: location.siteSpace.id,
        space: location.siteSpace.spaceId,
        revision: content.revisionId,
        page: page?.id ?? null,
      },
    };
  }

  /** `<page>.md`: the page's markdown, for agents (only when the site's agentsContext is `included`). */
  async markdown(r: SiteRequest, c: Content): Promise<SiteResponse | null> {
    if (r.site.agentsContext !== 'included' || c.match.kind !== 'page') return null;
    const key = this.key(r, c, `md:${c.match.page.id}`);
    let text = r.preview ? undefined : this.cache.get(key);
    if (text === undefined) {
      text = (await this.body(r, c.location, c, c.match.page)).markdown;
      if (!r.preview) this.cache.set(key, text);
    }
    return { status: 200, contentType: MARKDOWN, body: text, noindex: !indexable(r) || c.match.page.noIndex || c.match.page.noRobotsIndex };
  }

  /** A file of the site space's main content, sent so that a browser never runs it (sandboxed, no sniffing; only images inline). */
  async file(r: SiteRequest, location: SiteLocation, revisionId: string, fileId: string): Promise<SiteResponse | null> {
    const file = await this.queries.execute(new GetReaderFileQuery(location.siteSpace.spaceId, revisionId, fileId));
    if (!file) return null;
    const inline = /^image\/(png|jpeg|gif|webp|avif)$/i.test(file.contentType);
    const name = file.name.replace(/[^\w.\- ]/g, '_');
    return {
      status: 200,
      contentType: /^[\w.+-]+\/[\w.+-]+$/.test(file.contentType) ? file.contentType : 'application/octet-stream',
      body: file.bytes,
      noindex: !indexable(r),
      headers: {
        'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${name}"`,
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    };
  }

  /** The site's 404 page, with its navigation. */
  notFound(r: SiteRequest, message: string): SiteResponse {
    const root = r.view.rootSection;
    const siteSpace = r.view.rootSiteSpaceOf(root?.id ?? null);
    const nav = siteSpace
      ? siteNavigation(r.view, { section: root, siteSpace }, null, null, r.links)
      : { tabs: [], variants: [], pages: [], previous: null, next: null };
    const text = renderLayout({
      siteTitle: r.site.title,
      title: `Page not found | ${r.site.title}`,
      description: null,
      rootHref: r.links.root(),
      searchHref: r.links.search(),
      canonical: null,
      noindex: true,
      accent: accentColor(r.site.customization),
      nav,
      main: messageHtml({ status: 404, heading: 'Page not found', message, link: { href: r.links.root(), label: 'Go to the home page' } }),
      toc: [],
    });
    return { status: 404, contentType: HTML, body: text, noindex: true };
  }

  private key(r: SiteRequest, c: Content, item: string): PageKeyParts {
    return {
      siteId: r.site.siteId,
      siteVersion: r.site.version,
      base: r.links.base,
      spaceId: c.location.siteSpace.spaceId,
      revisionId: c.content.revisionId,
      item,
      fingerprint: r.view.fingerprint(c.visible),
    };
  }

  private body(r: SiteRequest, location: SiteLocation, c: Content, page: ReaderPage): Promise<ReaderPageBody> {
    const links: ReaderLinks = {
      // Pages the visitor may not see are not linked (the link becomes plain text).
      page: (pageId, anchor) => {
        const target = c.visible.byId.get(pageId);
        return target ? r.links.page(location.siteSpace, target.path, anchor) : null;
      },
      file: (fileId) => r.links.file(location.siteSpace, fileId),
    };
    return this.queries.execute(new GetReaderPageQuery(location.siteSpace.spaceId, c.content.revisionId, page.id, links));
  }
}
