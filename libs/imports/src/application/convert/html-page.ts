import type { Element, Nodes as HastNodes, Parents as HastParents, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { onFirstUse } from '@app/platform';

/* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use (onFirstUse) */
const hastFromHtml = onFirstUse(() => require('hast-util-from-html') as typeof import('hast-util-from-html'));
const hastToMdast = onFirstUse(() => require('hast-util-to-mdast') as typeof import('hast-util-to-mdast'));
/* eslint-enable @typescript-eslint/no-require-imports */

/** Elements that are never a page's content: site chrome, scripts, and what cannot be written as markdown. */
const DROPPED = new Set(['nav', 'header', 'footer', 'script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'form', 'button', 'dialog']);
const TITLE_MAX = 100;

/** One HTML document read as a page: its title, its main content as markdown (mdast), the absolute URLs it links to. */
export interface HtmlPage {
  title: string;
  tree: MdastRoot;
  links: string[];
}

const isElement = (n: HastNodes): n is Element => n.type === 'element';

function textOf(n: HastNodes): string {
  if (n.type === 'text') return n.value;
  if (n.type === 'element' || n.type === 'root') return n.children.map(textOf).join('');
  return '';
}
const clean = (s: string) => [...s.replace(/\s+/g, ' ').trim()].slice(0, TITLE_MAX).join('');

function find(n: HastParents, match: (e: Element) => boolean): Element | null {
  for (const c of n.children) {
    if (!isElement(c)) continue;
    if (match(c)) return c;
    const inner = find(c, match);
    if (inner) return inner;
  }
  return null;
}

function absolute(raw: unknown, base: URL): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  try {
    return new URL(raw.trim(), base).href;
  } catch {
    return null;
  }
}

/** Drops site chrome and makes every link and image absolute (collecting the links). */
function prune(n: HastParents, base: URL, links: string[]): void {
  n.children = n.children.filter((c) => !(isElement(c) && DROPPED.has(c.tagName)));
  for (const c of n.children) {
    if (!isElement(c)) continue;
    if (c.tagName === 'a') {
      const href = absolute(c.properties.href, base);
      if (href) {
        c.properties.href = href;
        links.push(href);
      } else delete c.properties.href;
    }
    if (c.tagName === 'img') {
      const src = absolute(c.properties.src, base);
      if (src) c.properties.src = src;
    }
    prune(c, base, links);
  }
}

/** The fallback title: the last segment of the URL's path, else its host. */
function titleFromUrl(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '').replace(/\.(html?|md|markdown)$/i, '');
  return clean(last.replace(/[-_]+/g, ' ')) || url.hostname || 'Imported page';
}

/**
 * An HTML document as a page: the main content only (`<main>`, else `<article>`, else
 * `role="main"`, else `<body>`, without nav, header, footer, scripts and styles), titled by its
 * first `<h1>` (taken out of the body: the page title shows it), else by `<title>`, else by its
 * URL. Relative links and images are made absolute against the document's URL (or its `<base>`).
 */
export function readHtmlPage(html: string, url: string): HtmlPage {
  const doc: HastRoot = hastFromHtml().fromHtml(html);
  const pageUrl = new URL(url);
  const baseHref = find(doc, (e) => e.tagName === 'base' && typeof e.properties.href === 'string');
  const base = (baseHref && absolute(baseHref.properties.href, pageUrl)) || pageUrl.href;
  const titleElement = find(doc, (e) => e.tagName === 'title');
  const main =
    find(doc, (e) => e.tagName === 'main') ??
    find(doc, (e) => e.tagName === 'article') ??
    find(doc, (e) => e.properties.role === 'main') ??
    find(doc, (e) => e.tagName === 'body');
  const content: HastRoot = { type: 'root', children: main ? main.children : doc.children };
  const links: string[] = [];
  prune(content, new URL(base), links);
  let title = '';
  const h1 = find(content, (e) => e.tagName === 'h1');
  if (h1) {
    title = clean(textOf(h1));
    removeElement(content, h1);
  }
  if (!title && titleElement) title = clean(textOf(titleElement));
  return { title: title || titleFromUrl(pageUrl), tree: hastToMdast().toMdast(content) as MdastRoot, links };
}

function removeElement(n: HastParents, target: Element): boolean {
  const i = n.children.indexOf(target);
  if (i >= 0) {
    n.children.splice(i, 1);
    return true;
  }
  return n.children.some((c) => isElement(c) && removeElement(c, target));
}
