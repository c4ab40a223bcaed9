import type { PublishedSectionView, PublishedSiteSpaceView } from '@app/sites';
import { encodePagePath, levelPath, siteSpacePath } from './site-matcher';
import type { VisitorView } from './visitor-view';

/**
 * The links of a site as served at one address: root-relative paths under the site's root on
 * this host (`/published/<org>/<basename>`, `/published/~preview/<siteId>` or '' on a custom
 * hostname), so the same rendering works whichever form the visitor used. `query` is appended
 * to every page link (a preview's `?claims=`).
 */
export class SiteLinks {
  constructor(
    readonly base: string,
    private readonly view: VisitorView,
    private readonly query = '',
  ) {}

  private at(path: string): string {
    return `${this.base}${path}` || '/';
  }

  root(): string {
    return this.at('') + this.query;
  }

  section(section: PublishedSectionView): string {
    return this.at(levelPath(section)) + this.query;
  }

  /** The path of a site space below the site root, without the query. */
  siteSpacePath(siteSpace: PublishedSiteSpaceView): string {
    return siteSpacePath(this.view, siteSpace);
  }

  siteSpace(siteSpace: PublishedSiteSpaceView): string {
    return this.at(this.siteSpacePath(siteSpace)) + this.query;
  }

  page(siteSpace: PublishedSiteSpaceView, pagePath: string, anchor?: string): string {
    const path = `${this.siteSpacePath(siteSpace)}/${encodePagePath(pagePath)}`;
    return this.at(path) + this.query + (anchor ? `#${encodeURIComponent(anchor)}` : '');
  }

  markdown(siteSpace: PublishedSiteSpaceView, pagePath: string): string {
    return this.at(`${this.siteSpacePath(siteSpace)}/${encodePagePath(pagePath)}.md`);
  }

  file(siteSpace: PublishedSiteSpaceView, fileId: string): string {
    return this.at(`${this.siteSpacePath(siteSpace)}/${FILES_SEGMENT}/${encodeURIComponent(fileId)}`);
  }

  search(): string {
    return this.at(`/${SEARCH_SEGMENT}`);
  }

  /** A path below the site's root (redirect targets). */
  sitePath(path: string): string {
    return this.at(path);
  }
}

/** Reserved segments ('~' starts no page slug): a site's search page and a site space's files. */
export const SEARCH_SEGMENT = '~search';
export const FILES_SEGMENT = '~files';
