import type { Root } from 'mdast';

/**
 * One document read from a source, before it is written: where it came from (`sourceURL`, shown
 * in the run's pages), the URL its relative links resolve against (`base`: the page's URL, or
 * `file:///<key>/<path in the archive>` for uploads), its title, and its body — an mdast tree
 * (HTML, converted) or markdown text as uploaded (kept as written but for its links).
 */
export interface SourceDocument {
  sourceURL: string;
  base: string;
  title: string;
  body: { kind: 'tree'; tree: Root } | { kind: 'markdown'; text: string };
}

/** A document's address for link matching: no fragment, and `x/` equal to `x/index.html`. */
export function documentKey(url: string): string {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href.replace(/\/index\.html?$/i, '/');
  } catch {
    return url;
  }
}

/** The fragment of a link (`#anchor`), '' when none. */
export const fragmentOf = (url: string) => {
  const i = url.indexOf('#');
  return i < 0 ? '' : url.slice(i);
};
