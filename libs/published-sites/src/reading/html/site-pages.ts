import type { ReaderPage, ReaderPageBody } from '@app/content';
import { markup, SafeHtml, trusted } from './html-template';

/** A page's article: its title (unless the body opens with it), description and sanitized body. */
export function articleHtml(page: Pick<ReaderPage, 'title' | 'description' | 'emoji'>, body: Pick<ReaderPageBody, 'html' | 'headings'>): SafeHtml {
  const titled = body.headings[0]?.level === 1 && body.html.trimStart().startsWith('<h1');
  return markup`<article>
${titled ? '' : markup`<h1>${page.emoji ? `${page.emoji} ` : ''}${page.title}</h1>`}
${page.description ? markup`<p class="description">${page.description}</p>` : ''}
${trusted(body.html)}
</article>`;
}

export const emptySpaceHtml = (title: string): SafeHtml => markup`<article><h1>${title}</h1><p>There is nothing to read here yet.</p></article>`;

export interface SearchResult {
  title: string;
  href: string;
  /** Where the page lives (site space title), when the site has several. */
  where: string | null;
  sections: Array<{ title: string; href: string; snippet: string }>;
}

export function searchResultsHtml(query: string, results: SearchResult[]): SafeHtml {
  if (query === '') return markup`<article><h1>Search</h1><p>Type words to look for in the search box.</p></article>`;
  const section = (s: SearchResult['sections'][number]) => markup`<li><a href="${s.href}">${s.title}</a><p>${snippetHtml(s.snippet)}</p></li>`;
  const result = (r: SearchResult) =>
    markup`<li><a class="result-page" href="${r.href}">${r.title}</a>${r.where ? markup` <small>${r.where}</small>` : ''}${
      r.sections.length ? markup`<ul>${r.sections.map(section)}</ul>` : ''
    }</li>`;
  return markup`<article>
<h1>Results for “${query}”</h1>
${results.length === 0 ? markup`<p class="no-results">No page matches your search.</p>` : markup`<ol class="search-results">${results.map(result)}</ol>`}
</article>`;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const unescape = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e]);

/**
 * A search snippet (escaped text with `<mark>` around matches, from SiteSearch) rebuilt here so
 * that nothing but text and `<mark>` can reach the page, whatever the index stored.
 */
export function snippetHtml(snippet: string): SafeHtml {
  let inMark = false;
  const out: SafeHtml[] = [];
  for (const part of snippet.split(/(<mark>|<\/mark>)/)) {
    if (part === '<mark>' || part === '</mark>') {
      inMark = part === '<mark>';
      continue;
    }
    if (part) out.push(inMark ? markup`<mark>${unescape(part)}</mark>` : markup`${unescape(part)}`);
  }
  return markup`${out}`;
}

export interface MessagePage {
  status: number;
  heading: string;
  message: string;
  link?: { href: string; label: string };
}

/** The 404 page, and the sign-in page of visitor-auth sites (401). */
export const messageHtml = (m: MessagePage): SafeHtml =>
  markup`<article class="not-found"><p class="status">${m.status}</p><h1>${m.heading}</h1><p>${m.message}</p>${m.link ? markup`<p><a href="${m.link.href}">${m.link.label}</a></p>` : ''}</article>`;

/** A page outside any site (unknown site, not published): no navigation to offer. */
export function bareMessagePage(m: MessagePage): string {
  return markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${m.heading}</title>
<style>body{font:16px/1.6 system-ui,sans-serif;color:#1f2328;text-align:center;padding:4rem 1rem}.status{color:#59636e;font-size:3rem;margin:0}</style>
</head><body>${messageHtml(m)}</body></html>
`.value;
}
