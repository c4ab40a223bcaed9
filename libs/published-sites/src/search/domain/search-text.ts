/**
 * Words as the search index sees them: runs of letters, digits and private-use characters,
 * compared case- and accent-insensitively (folded: NFKD, combining marks dropped, lower case),
 * the way SQLite FTS5's `unicode61 remove_diacritics 2` tokenizer and MongoDB's version-3 text
 * index read them. Snippets and section matches are computed here, the same for every adapter.
 */

/** One word of a text: its folded form and where it stands in the original string. */
export interface Token {
  term: string;
  start: number;
  end: number;
}

const WORD = /^[\p{L}\p{N}\p{Co}]+$/u;
const MARKS = /\p{M}/gu;

/** Folded form of a string (lower case, no accents). */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** ASCII letters and digits: lower-cased by table, so most text never goes through normalize(). */
const ASCII = (() => {
  const t: Array<string | null> = new Array<string | null>(128).fill(null);
  for (let c = 48; c <= 57; c++) t[c] = String.fromCharCode(c);
  for (let c = 97; c <= 122; c++) t[c] = String.fromCharCode(c);
  for (let c = 65; c <= 90; c++) t[c] = String.fromCharCode(c + 32);
  return t;
})();

/**
 * The words of `text`, at most `max` of them. A character that folds to nothing (a combining
 * mark) continues the word it follows.
 */
export function tokenize(text: string, max = Number.POSITIVE_INFINITY): Token[] {
  const out: Token[] = [];
  let term = '';
  let start = -1;
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    let folded: string | null;
    let width = 1;
    if (code < 128) folded = ASCII[code];
    else {
      const cp = text.codePointAt(i)!;
      width = cp > 0xffff ? 2 : 1;
      const f = fold(String.fromCodePoint(cp));
      folded = f === '' ? (start >= 0 ? '' : null) : WORD.test(f) ? f : null;
    }
    if (folded !== null) {
      if (start < 0) start = i;
      term += folded;
    } else if (start >= 0) {
      out.push({ term, start, end: i });
      if (out.length >= max) return out;
      term = '';
      start = -1;
    }
    i += width;
  }
  if (start >= 0 && term !== '') out.push({ term, start, end: text.length });
  return out;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe to put between HTML tags or in an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
