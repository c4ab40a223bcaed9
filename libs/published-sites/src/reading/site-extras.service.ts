import { Injectable } from '@nestjs/common';
import type { PublishedSiteSpaceView } from '@app/sites';
import { SiteSearch, type PageHit } from '../ports';
import { renderLayout } from './html/site-layout';
import { searchResultsHtml, type SearchResult } from './html/site-pages';
import { accentColor } from './html/site-styles';
import { PublishedSiteReader } from './published-site.reader';
import { llmsTxt, robotsTxt, sitemapXml, type SitemapEntry } from './site-documents';
import { encodePagePath } from './site-matcher';
import { siteNavigation } from './site-navigation';
import { canonical, HTML, indexable, TEXT, XML, type SiteRequest, type SiteResponse } from './site-response';
import { VisitorView, type VisiblePages } from './visitor-view';

const MAX_QUERY = 256;
const RESULTS = 20;

interface SpacePages {
  siteSpace: PublishedSiteSpaceView;
  visible: VisiblePages;
}

/** A site's search page and its documents for machines: robots.txt, sitemap.xml, llms.txt. */
@Injectable()
export class SiteExtras {
  constructor(
    private readonly reader: PublishedSiteReader,
    private readonly search: SiteSearch,
  ) {}

  /** Results from the site spaces the visitor sees, without pages they may not see or that are hidden. */
  async searchPage(r: SiteRequest, rawQuery: string): Promise<SiteResponse> {
    const query = rawQuery.trim().slice(0, MAX_QUERY);
    const spaces = await this.spacePages(r.view);
    const bySpace = new Map<string, SpacePages>();
    for (const s of spaces) if (!bySpace.has(s.siteSpace.spaceId)) bySpace.set(s.siteSpace.spaceId, s);
    const page = (hit: PageHit) => bySpace.get(hit.spaceId)?.visible.byId.get(hit.pageId);
    const shown = (hit: PageHit) => {
      const p = page(hit);
      return !!p && p.kind === 'sheet' && bySpace.get(hit.spaceId)!.visible.listed(p) && !p.noIndex;
    };
    const hits = query === '' ? [] : await this.search.searchPages({ query, spaceIds: [...bySpace.keys()], limit: RESULTS, visible: shown });
    const several = bySpace.size > 1;
    const results: SearchResult[] = hits.filter(shown).map((hit) => {
      const { siteSpace } = bySpace.get(hit.spaceId)!;
      const p = page(hit)!;
      return {
        title: p.title,
        href: r.links.page(siteSpace, p.path),
        where: several ? siteSpace.title : null,
        sections: hit.sections
          .filter((s) => s.anchor !== null)
          .map((s) => ({ title: s.title, href: r.links.page(siteSpace, p.path, s.anchor!), snippet: s.snippet })),
      };
    });
    const root = r.view.rootSection;
    const siteSpace = r.view.rootSiteSpaceOf(root?.id ?? null);
    const body = renderLayout({
      siteTitle: r.site.title,
      title: query ? `Search: ${query} | ${r.site.title}` : `Search | ${r.site.title}`,
      description: null,
      rootHref: r.links.root(),
      searchHref: r.links.search(),
      searchQuery: query,
      canonical: null,
      noindex: true,
      accent: accentColor(r.site.customization),
      nav: siteSpace
        ? siteNavigation(r.view, { section: root, siteSpace }, null, null, r.links)
        : { tabs: [], variants: [], pages: [], previous: null, next: null },
      main: searchResultsHtml(query, results),
      toc: [],
    });
    return { status: 200, contentType: HTML, body, noindex: true };
  }

  robots(r: SiteRequest): SiteResponse {
    return { status: 200, contentType: TEXT, body: robotsTxt(indexable(r), canonical(r.site, '/sitemap.xml')), noindex: !indexable(r) };
  }

  /** Public sites only: the pages an anonymous visitor sees, without hidden and no-index pages. */
  async sitemap(r: SiteRequest): Promise<SiteResponse | null> {
    if (!indexable(r)) return null;
    const anonymous = new VisitorView(r.site, {});
    const entries: SitemapEntry[] = [];
    for (const { siteSpace, visible } of await this.spacePages(anonymous)) {
      const base = r.links.siteSpacePath(siteSpace);
      for (const p of visible.pages) {
        if (p.kind !== 'sheet' || !visible.listed(p) || p.noIndex || p.noRobotsIndex) continue;
        entries.push({ loc: canonical(r.site, `${base}/${encodePagePath(p.path)}`), lastmod: p.updatedAt });
      }
    }
    return { status: 200, contentType: XML, body: sitemapXml(entries) };
  }

  /** `llms.txt` when the site offers its content to agents: what this visitor sees, linked to each page's markdown. */
  async llms(r: SiteRequest): Promise<SiteResponse | null> {
    if (r.site.agentsContext !== 'included') return null;
    const sections = (await this.spacePages(r.view)).map(({ siteSpace, visible }) => ({
      title: siteSpace.title,
      pages: visible.pages
        .filter((p) => p.kind === 'sheet' && visible.listed(p))
        .map((p) => ({ title: p.title, url: `${r.origin}${r.links.markdown(siteSpace, p.path)}`, description: p.description })),
    }));
    return { status: 200, contentType: TEXT, body: llmsTxt(r.site.title, sections), noindex: !indexable(r) };
  }

  private async spacePages(view: VisitorView): Promise<SpacePages[]> {
    return Promise.all(view.siteSpaces.map(async (siteSpace) => ({ siteSpace, visible: view.pagesOf((await this.reader.content(siteSpace.spaceId)).pages) })));
  }
}
