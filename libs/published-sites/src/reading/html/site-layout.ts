import type { NavPage, NavTab, SiteNavigation } from '../site-navigation';
import { markup, safeHref, SafeHtml } from './html-template';
import { siteStyles } from './site-styles';

export interface LayoutModel {
  siteTitle: string;
  /** The `<title>` (page title and site title). */
  title: string;
  description: string | null;
  rootHref: string;
  searchHref: string;
  searchQuery?: string;
  /** Absolute canonical URL; null where there is none (error pages, search results). */
  canonical: string | null;
  noindex: boolean;
  accent: string;
  nav: SiteNavigation;
  /** The main column's content. */
  main: SafeHtml;
  /** Headings of the page for "On this page" (level 2 and 3). */
  toc: Array<{ level: number; title: string; anchor: string }>;
  /** Link to the page's markdown (`<page>.md`) when the site offers it to agents. */
  markdownHref?: string | null;
}

/** A whole published page: header with search, section tabs, sidebar (variants, page tree), content, page outline. */
export function renderLayout(m: LayoutModel): string {
  const current = (active: boolean, value = 'page') => (active ? markup` aria-current="${value}"` : '');
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${m.title}</title>
${m.description ? markup`<meta name="description" content="${m.description}">` : ''}
${m.noindex ? markup`<meta name="robots" content="noindex, nofollow">` : ''}
${m.canonical ? markup`<link rel="canonical" href="${m.canonical}">` : ''}
${m.markdownHref ? markup`<link rel="alternate" type="text/markdown" href="${m.markdownHref}">` : ''}
<style>${new SafeHtml(siteStyles(m.accent))}</style>
</head>
<body>
<header class="site-header">
<a class="site-title" href="${m.rootHref}">${m.siteTitle}</a>
<form class="search" role="search" method="get" action="${m.searchHref}">
<input type="search" name="q" placeholder="Search…" aria-label="Search" value="${m.searchQuery ?? ''}">
<button type="submit">Search</button>
</form>
</header>
${tabs(m.nav.tabs)}
<div class="layout">
<aside class="sidebar">
${m.nav.variants.length ? markup`<nav class="variants" aria-label="Variants">${m.nav.variants.map((v) => markup`<a href="${v.href}"${current(v.active, 'true')}>${v.title}</a>`)}</nav>` : ''}
${m.nav.pages.length ? markup`<nav class="pages" aria-label="Pages"><ul>${m.nav.pages.map(pageItem)}</ul></nav>` : ''}
</aside>
<main>
${m.main}
${pagination(m.nav)}
</main>
<aside class="page-toc">
${m.toc.length ? markup`<h2>On this page</h2><ul>${m.toc.map((h) => markup`<li class="level-${h.level}"><a href="#${h.anchor}">${h.title}</a></li>`)}</ul>` : ''}
</aside>
</div>
</body>
</html>
`.value;
}

function tabs(list: NavTab[]): SafeHtml | string {
  if (list.length === 0) return '';
  const link = (l: { href: string; title: string; active: boolean }) =>
    markup`<a href="${l.href}"${l.active ? markup` aria-current="page"` : ''}>${l.title}</a>`;
  return markup`<nav class="sections" aria-label="Sections">${list.map((t) =>
    t.kind === 'section'
      ? link(t)
      : markup`<details class="section-group${t.active ? ' active' : ''}"><summary>${t.title}</summary><div>${t.items.map(link)}</div></details>`,
  )}</nav>`;
}

function pageItem(p: NavPage): SafeHtml {
  const label = markup`${p.emoji ? `${p.emoji} ` : ''}${p.title}`;
  const link =
    p.href === null
      ? markup`<span class="group-title">${label}</span>`
      : markup`<a href="${safeHref(p.href)}"${p.active ? markup` aria-current="page"` : ''}${p.external ? markup` rel="noopener noreferrer"` : ''}>${label}</a>`;
  return markup`<li>${link}${p.children.length ? markup`<ul>${p.children.map(pageItem)}</ul>` : ''}</li>`;
}

function pagination(nav: SiteNavigation): SafeHtml | string {
  if (!nav.previous && !nav.next) return '';
  return markup`<nav class="pagination" aria-label="Previous and next">
${nav.previous ? markup`<a rel="prev" href="${nav.previous.href}">← ${nav.previous.title}</a>` : markup`<span></span>`}
${nav.next ? markup`<a rel="next" href="${nav.next.href}">${nav.next.title} →</a>` : ''}
</nav>`;
}
