import type { PublishedSiteSpaceView } from '@app/sites';
import type { ReaderPage } from '@app/content';
import type { SiteLinks } from './site-links';
import { readingOrder, type SiteLocation } from './site-matcher';
import type { VisiblePages, VisitorView } from './visitor-view';

export interface NavLink {
  title: string;
  href: string;
  active: boolean;
}

/** A top-level tab: a section, or a group of sections (shown as a menu). */
export type NavTab = ({ kind: 'section' } & NavLink) | { kind: 'group'; title: string; active: boolean; items: NavLink[] };

export interface NavPage {
  title: string;
  emoji: string | null;
  /** Null for groups (a heading, not a link). */
  href: string | null;
  external: boolean;
  active: boolean;
  children: NavPage[];
}

export interface SiteNavigation {
  tabs: NavTab[];
  variants: NavLink[];
  pages: NavPage[];
  previous: NavLink | null;
  next: NavLink | null;
}

/**
 * The navigation a visitor sees around a page: section tabs (grouped as the site structure
 * groups them), the variants (site spaces) of the current section, the current site space's
 * page tree and the previous/next pages in reading order. Only what the visitor may see is in
 * it (VisitorView and VisiblePages have already dropped the rest).
 */
export function siteNavigation(
  view: VisitorView,
  location: Pick<SiteLocation, 'section' | 'siteSpace'>,
  visible: VisiblePages | null,
  current: ReaderPage | null,
  links: SiteLinks,
): SiteNavigation {
  const sectionLink = (s: (typeof view.sections)[number]): NavLink => ({ title: s.title, href: links.section(s), active: s.id === location.section?.id });
  const grouped = new Map<string, string>();
  for (const g of view.sectionGroups) for (const s of g.sections) grouped.set(s.id, g.id);
  const tabs: NavTab[] = [];
  const placedGroups = new Set<string>();
  for (const s of view.sections) {
    const groupId = grouped.get(s.id);
    if (!groupId) {
      tabs.push({ kind: 'section', ...sectionLink(s) });
      continue;
    }
    if (placedGroups.has(groupId)) continue;
    placedGroups.add(groupId);
    const g = view.sectionGroups.find((x) => x.id === groupId)!;
    const items = g.sections.map(sectionLink);
    tabs.push({ kind: 'group', title: g.title, active: items.some((i) => i.active), items });
  }
  const variants = view.siteSpacesOf(location.siteSpace.sectionId);
  return {
    tabs: tabs.length > 1 || tabs.some((t) => t.kind === 'group') ? tabs : [],
    variants: variants.length > 1 ? variants.map((ss) => ({ title: ss.title, href: links.siteSpace(ss), active: ss.id === location.siteSpace.id })) : [],
    pages: visible ? pageTree(visible, location.siteSpace, current, links) : [],
    ...(visible && current ? neighbours(visible, location.siteSpace, current, links) : { previous: null, next: null }),
  };
}

function pageTree(visible: VisiblePages, siteSpace: PublishedSiteSpaceView, current: ReaderPage | null, links: SiteLinks): NavPage[] {
  const roots: NavPage[] = [];
  const nodes = new Map<string, NavPage>();
  // Document order: a parent's node exists before its children's (and a listed page's parent is listed).
  for (const p of visible.pages) {
    if (!visible.listed(p)) continue;
    const node: NavPage = { title: p.title, emoji: p.emoji, ...target(visible, siteSpace, p, links), active: p.id === current?.id, children: [] };
    nodes.set(p.id, node);
    (p.parentId === null ? roots : nodes.get(p.parentId)?.children)?.push(node);
  }
  return roots;
}

function target(visible: VisiblePages, siteSpace: PublishedSiteSpaceView, p: ReaderPage, links: SiteLinks): { href: string | null; external: boolean } {
  if (p.kind === 'group') return { href: null, external: false };
  if (p.kind === 'link') {
    const href = p.href ?? '';
    if (href.startsWith('page:')) {
      const to = visible.byId.get(href.slice(5));
      return { href: to ? links.page(siteSpace, to.path) : null, external: false };
    }
    return { href: /^https?:\/\//i.test(href) ? href : null, external: true };
  }
  return { href: links.page(siteSpace, p.path), external: false };
}

function neighbours(visible: VisiblePages, siteSpace: PublishedSiteSpaceView, current: ReaderPage, links: SiteLinks) {
  const order = readingOrder(visible);
  const i = order.findIndex((p) => p.id === current.id);
  const link = (p: ReaderPage | undefined): NavLink | null => (p ? { title: p.title, href: links.page(siteSpace, p.path), active: false } : null);
  return { previous: i > 0 ? link(order[i - 1]) : null, next: i >= 0 ? link(order[i + 1]) : null };
}
