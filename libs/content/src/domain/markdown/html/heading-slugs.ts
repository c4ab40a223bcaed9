/**
 * Anchors of a page's headings: the heading text as a slug (lower case, letters, digits, `-`
 * and `_`), numbered from the second use on (`intro`, `intro-1`…), so every anchor of a page is
 * unique and a page's anchors stay the same as long as its headings do. Only letters and digits
 * of any script are kept, so an anchor is safe as an `id` and in a URL fragment as it is.
 */
export const ANCHOR_PATTERN = /^[\p{L}\p{N}_.+-]+$/u;

/** Ids the rendered HTML uses for itself (footnotes), which a heading must not take. */
const RESERVED = ['footnote-label'];

export function slugOf(text: string): string {
  const slug = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]+/gu, '')
    .trim()
    .replace(/\s+/g, '-');
  return slug || 'section';
}

export class HeadingSlugs {
  private readonly used = new Map<string, number>(RESERVED.map((id) => [id, 0]));

  /** A unique anchor for a heading: its explicit id when it has one, else the slug of its text. */
  next(text: string, explicit?: string | null): string {
    const base = explicit && ANCHOR_PATTERN.test(explicit) ? explicit : slugOf(text);
    let candidate = base;
    for (let n = this.used.get(base); n !== undefined; n = this.used.get(candidate)) {
      const i: number = (this.used.get(base) ?? 0) + 1;
      this.used.set(base, i);
      candidate = `${base}-${i}`;
    }
    this.used.set(candidate, 0);
    return candidate;
  }
}
