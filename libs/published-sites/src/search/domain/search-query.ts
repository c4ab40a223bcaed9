import { tokenize, Token } from './search-text';

/** Words of a query the index looks at; more are ignored (a query is at most 512 characters). */
export const MAX_QUERY_TERMS = 12;
/** A last word this long or longer also matches the words it begins (search as you type). */
export const MIN_PREFIX_LENGTH = 2;

/**
 * A parsed query: every term must occur in a page (AND), compared folded (search-text.ts).
 * With `prefix`, the last term also matches the words it begins ("instal" finds "installing").
 */
export interface SearchQuery {
  terms: string[];
  prefix: boolean;
}

/**
 * The words of what a reader typed, de-duplicated, in order; null when it has none (only
 * punctuation or spaces): such a query matches nothing. Operators of the index's own query
 * language never get through: terms are plain words.
 */
export function parseQuery(text: string, allowPrefix = true): SearchQuery | null {
  const terms: string[] = [];
  for (const t of tokenize(text)) {
    if (!terms.includes(t.term)) terms.push(t.term);
    if (terms.length >= MAX_QUERY_TERMS) break;
  }
  if (terms.length === 0) return null;
  // A last term whose word went on (it was de-duplicated or cut) is complete: it is the last typed one anyway.
  return { terms, prefix: allowPrefix && terms[terms.length - 1].length >= MIN_PREFIX_LENGTH };
}

/** Index of the query term `word` (folded) matches, or -1. */
export function termOf(query: SearchQuery, word: string): number {
  const last = query.terms.length - 1;
  for (let i = 0; i < query.terms.length; i++) {
    const t = query.terms[i];
    if (word === t || (query.prefix && i === last && word.startsWith(t))) return i;
  }
  return -1;
}

/** Whether the words of `texts` together hold every term of the query. */
export function matchesAll(query: SearchQuery, texts: Iterable<string>): boolean {
  const found = new Set<number>();
  for (const text of texts) {
    for (const tok of tokenize(text)) {
      const i = termOf(query, tok.term);
      if (i >= 0) found.add(i);
      if (found.size === query.terms.length) return true;
    }
  }
  return false;
}

/** The tokens of `text` that match a term of the query, with the term's index. */
export function matchesIn(query: SearchQuery, text: string, maxTokens?: number): Array<Token & { index: number }> {
  const out: Array<Token & { index: number }> = [];
  for (const tok of tokenize(text, maxTokens)) {
    const index = termOf(query, tok.term);
    if (index >= 0) out.push({ ...tok, index });
  }
  return out;
}
