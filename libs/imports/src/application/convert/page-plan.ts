import { rewriteMarkdownLinks } from './markdown-file';
import { toPageMarkdown } from './markdown-output';
import { documentKey, fragmentOf, SourceDocument } from './source-document';

/** One page as the run writes it: its slug is fixed before anything is written, so a resumed run finds it again. */
export interface PlannedPage {
  sourceURL: string;
  title: string;
  slug: string;
  markdown: string;
}

const MAX_SLUG = 100;

/** A slug from a title, by content's rule (lower case, accents dropped, other runs of symbols become '-'). */
export function slugOf(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{Ll}\p{Lo}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return [...s].slice(0, MAX_SLUG).join('').replace(/-+$/, '') || 'page';
}

/** `slug`, else `slug-2`, `slug-3`… — the first not in `taken`. */
function freeSlug(slug: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const candidate =
      [...slug]
        .slice(0, MAX_SLUG - suffix.length)
        .join('')
        .replace(/-+$/, '') + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The pages of an import, side by side under one parent: slugs free among the parent's
 * children (`taken`) and each other, and every link between imported documents rewritten to
 * the new sibling page (`./<slug>.md#anchor`, which content resolves to the page's id when the
 * page is written). Links to anything else stay absolute.
 */
export function planPages(documents: readonly SourceDocument[], taken: ReadonlySet<string>): PlannedPage[] {
  const used = new Set(taken);
  const slugs = documents.map((d) => {
    const slug = freeSlug(slugOf(d.title), used);
    used.add(slug);
    return slug;
  });
  const byKey = new Map<string, string>();
  documents.forEach((d, i) => {
    if (!byKey.has(documentKey(d.base))) byKey.set(documentKey(d.base), slugs[i]);
  });
  const rewrite = (url: string) => {
    const slug = byKey.get(documentKey(url));
    return slug === undefined ? null : `./${slug}.md${fragmentOf(url)}`;
  };
  return documents.map((d, i) => ({
    sourceURL: d.sourceURL,
    title: d.title,
    slug: slugs[i],
    markdown: d.body.kind === 'tree' ? toPageMarkdown(d.body.tree, rewrite) : rewriteMarkdownLinks(d.body.text, d.base, rewrite),
  }));
}
