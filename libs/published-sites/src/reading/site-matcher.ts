import type { PublishedSectionView, PublishedSiteSpaceView } from '@app/sites';
import type { ReaderPage } from '@app/content';
import type { VisiblePages, VisitorView } from './visitor-view';

/** Where in a site's structure a path leads, before its page is looked up. */
export interface SiteLocation {
  section: PublishedSectionView | null;
  siteSpace: PublishedSiteSpaceView;
  /** The segments left for the page path. */
  rest: string[];
  /** Whether no further site segment (section, variant) can follow: a page path began, or both levels were named or had no alternative. */
  complete: boolean;
}

/**
 * Section, then site space (variant), then page, as the published URLs are built: a default
 * has no segment, so a first segment that names no visible section is the start of a path in
 * the root section (same for variants). Only what the visitor sees can match.
 */
export function locate(view: VisitorView, segments: readonly string[]): SiteLocation | null {
  let i = 0;
  let section: PublishedSectionView | null = null;
  let sectionNamed = true;
  if (view.site.sections.length > 0) {
    section = view.sections.find((s) => !s.isDefault && s.path === segments[0]) ?? null;
    if (section) i++;
    else {
      section = view.rootSection;
      sectionNamed = view.sections.length <= 1;
    }
    if (!section) return null;
  }
  const sectionId = section?.id ?? null;
  let siteSpace = view.siteSpacesOf(sectionId).find((ss) => !ss.isDefault && ss.path === segments[i]) ?? null;
  let siteSpaceNamed = true;
  const variantNamed = siteSpace !== null;
  if (siteSpace) i++;
  else {
    siteSpace = view.rootSiteSpaceOf(sectionId);
    siteSpaceNamed = view.siteSpacesOf(sectionId).length <= 1;
  }
  if (!siteSpace) return null;
  const rest = segments.slice(i);
  return { section, siteSpace, rest, complete: rest.length > 0 || variantNamed || (sectionNamed && siteSpaceNamed) };
}

/** A site section's or site space's path below the site root ('' for defaults, which live at their parent's URL). */
export const levelPath = (item: { path: string; isDefault: boolean } | null): string => (item && !item.isDefault ? `/${encodeURIComponent(item.path)}` : '');

/** Path of a site space below the site root. */
export const siteSpacePath = (view: VisitorView, siteSpace: PublishedSiteSpaceView): string => {
  const section = siteSpace.sectionId === null ? null : (view.sections.find((s) => s.id === siteSpace.sectionId) ?? null);
  return `${levelPath(section)}${levelPath(siteSpace)}`;
};

/** A page path in URL form (each segment encoded). */
export const encodePagePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

export type PageMatch =
  | { kind: 'page'; page: ReaderPage }
  /** The site space's root when it has no page to show. */
  | { kind: 'empty' }
  /** Groups and link pages have no body: the visitor is sent on. */
  | { kind: 'redirect'; to: { pageId: string } | { url: string } }
  | { kind: 'none' };

/** The first page a reader lands on: the first listed document page in order. */
export const firstPage = (visible: VisiblePages, under?: string): ReaderPage | null =>
  visible.pages.find((p) => p.kind === 'sheet' && visible.listed(p) && (under === undefined || isUnder(visible, p, under))) ?? null;

function isUnder(visible: VisiblePages, page: ReaderPage, ancestorId: string): boolean {
  for (let p: ReaderPage | undefined = page; p; p = p.parentId ? visible.byId.get(p.parentId) : undefined) if (p.parentId === ancestorId) return true;
  return false;
}

/** The page a path names among the visible pages of a site space. */
export function matchPage(visible: VisiblePages, rest: readonly string[]): PageMatch {
  if (rest.length === 0) {
    const first = firstPage(visible);
    return first ? { kind: 'page', page: first } : { kind: 'empty' };
  }
  const page = visible.byPath.get(rest.join('/'));
  if (!page) return { kind: 'none' };
  if (page.kind === 'sheet') return { kind: 'page', page };
  if (page.kind === 'group') {
    const first = firstPage(visible, page.id);
    return first ? { kind: 'redirect', to: { pageId: first.id } } : { kind: 'none' };
  }
  const href = page.href ?? '';
  if (href.startsWith('page:')) {
    const target = visible.byId.get(href.slice('page:'.length));
    return target ? { kind: 'redirect', to: { pageId: target.id } } : { kind: 'none' };
  }
  return /^https?:\/\//i.test(href) ? { kind: 'redirect', to: { url: href } } : { kind: 'none' };
}

/** The listed document pages in reading order: what previous/next walk through. */
export const readingOrder = (visible: VisiblePages): ReaderPage[] => visible.pages.filter((p) => p.kind === 'sheet' && visible.listed(p));
