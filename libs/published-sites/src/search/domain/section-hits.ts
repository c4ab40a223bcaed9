import { matchesIn, SearchQuery } from './search-query';
import { escapeHtml, Token } from './search-text';

/** A part of a page cut at a heading, as indexed (the text before the first heading has no anchor). */
export interface IndexedSection {
  anchor: string | null;
  title: string;
  text: string;
}

/** A section that holds query terms, with a highlighted snippet (HTML: escaped text and <mark>). */
export interface SectionHit {
  anchor: string | null;
  title: string;
  snippet: string;
  score: number;
}

/** Characters of text a snippet shows around its matches. */
export const SNIPPET_CHARS = 160;
/** Sections a page hit lists at most. */
export const MAX_SECTION_HITS = 3;
/** Characters of a section's text looked at for matches (a snippet from further on is not worth the scan). */
const SCAN_CHARS = 20_000;
/** Matches of one section considered for the snippet window. */
const MAX_MATCHES = 200;

type Match = Token & { index: number };

/**
 * The sections of a page that hold query terms, best first: more distinct terms first, terms in
 * the heading next, then how often they occur; ties in document order.
 */
export function sectionHits(query: SearchQuery, sections: readonly IndexedSection[], max = MAX_SECTION_HITS): SectionHit[] {
  const hits: Array<SectionHit & { order: number }> = [];
  sections.forEach((s, order) => {
    const inTitle = s.anchor === null ? [] : matchesIn(query, s.title);
    const inText = matchesIn(query, s.text.length > SCAN_CHARS ? s.text.slice(0, SCAN_CHARS) : s.text).slice(0, MAX_MATCHES);
    if (inTitle.length === 0 && inText.length === 0) return;
    const distinct = new Set([...inTitle, ...inText].map((m) => m.index)).size;
    const titled = new Set(inTitle.map((m) => m.index)).size;
    const score = distinct * 10 + titled * 5 + Math.min(inText.length, 20) * 0.5;
    hits.push({ anchor: s.anchor, title: s.title, snippet: snippet(s.text, inText), score, order });
  });
  hits.sort((a, b) => b.score - a.score || a.order - b.order);
  return hits.slice(0, max).map(({ order: _order, ...h }) => h);
}

/** Escaped text with runs of white space shown as one space. */
const show = (text: string) => escapeHtml(text.replace(/\s+/g, ' '));

/**
 * About `width` characters of `text` around the window holding the most distinct terms, matched
 * words wrapped in <mark>, '…' where the text was cut; the text's beginning when nothing matched.
 */
export function snippet(text: string, matches: readonly Match[], width = SNIPPET_CHARS): string {
  if (matches.length === 0) {
    if (text.length <= width) return show(text);
    const cut = text.lastIndexOf(' ', width);
    return `${show(text.slice(0, cut > width / 2 ? cut : width))}…`;
  }
  const first = matches[bestWindow(matches, width)];
  let start = Math.max(0, first.start - Math.floor(width / 4));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < first.start) start = space + 1;
  }
  let end = Math.min(text.length, start + width);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first.end) end = space;
  }
  end = Math.max(end, first.end);
  let out = start > 0 ? '…' : '';
  let at = start;
  for (const m of matches) {
    if (m.start < at || m.end > end) continue;
    out += `${show(text.slice(at, m.start))}<mark>${escapeHtml(text.slice(m.start, m.end))}</mark>`;
    at = m.end;
  }
  return `${out}${show(text.slice(at, end))}${end < text.length ? '…' : ''}`;
}

/** Index of the match starting the window of `width` characters with the most distinct terms (the first such). */
function bestWindow(matches: readonly Match[], width: number): number {
  let best = 0;
  let bestDistinct = 0;
  const counts = new Map<number, number>();
  let j = 0;
  for (let i = 0; i < matches.length; i++) {
    while (j < matches.length && (j <= i || matches[j].end - matches[i].start <= width)) {
      counts.set(matches[j].index, (counts.get(matches[j].index) ?? 0) + 1);
      j++;
    }
    if (counts.size > bestDistinct) {
      bestDistinct = counts.size;
      best = i;
    }
    const n = (counts.get(matches[i].index) ?? 1) - 1;
    if (n === 0) counts.delete(matches[i].index);
    else counts.set(matches[i].index, n);
  }
  return best;
}
