import type { IndexedSection } from '../domain/section-hits';

/** Sections of a page kept at most (the last one takes the rest of the text). */
export const MAX_SECTIONS = 200;
/** Characters of text kept per page: search reads a page, it does not store books. */
export const MAX_PAGE_TEXT = 200_000;
const MAX_TITLE = 500;

/**
 * A page's sections as the index keeps them: text with runs of white space made one space,
 * empty sections after the first dropped, at most MAX_SECTIONS sections and MAX_PAGE_TEXT
 * characters.
 */
export function boundedSections(sections: ReadonlyArray<{ anchor: string | null; title: string; text: string }>): IndexedSection[] {
  const out: IndexedSection[] = [];
  let left = MAX_PAGE_TEXT;
  for (const s of sections) {
    if (left <= 0) break;
    const text = s.text.replace(/\s+/g, ' ').trim().slice(0, left);
    const title = s.title.slice(0, MAX_TITLE);
    if (out.length > 0 && text === '' && s.anchor === null) continue;
    if (out.length >= MAX_SECTIONS) {
      const last = out[out.length - 1];
      last.text = `${last.text} ${title} ${text}`.slice(0, last.text.length + left);
    } else out.push({ anchor: s.anchor, title, text });
    left -= text.length;
  }
  return out;
}
