/**
 * Path arithmetic inside a repository (always `/`-separated, relative, no `.` or `..` segments)
 * and the slug rule that ties a page's file name to its URL segment.
 */

/** Same rule as the content context's page slugs (libs/content/src/domain/page.ts). */
export const SLUG_PATTERN = /^[\p{Ll}\p{Lo}\p{N}]+(?:[-_.][\p{Ll}\p{Lo}\p{N}]+)*$/u;
const MAX_SLUG = 100;

/** A slug from a title or file name: lower case, accents dropped, other runs of symbols become '-'. */
export function slugify(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{Ll}\p{Lo}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = [...s].slice(0, MAX_SLUG).join('').replace(/-+$/, '');
  return cut || 'page';
}

/** Joins and normalises segments; `undefined` when the result would leave the top (`..` too far). */
export function joinPath(...parts: string[]): string | undefined {
  const out: string[] = [];
  for (const segment of parts.join('/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (!out.length) return undefined;
      out.pop();
    } else out.push(segment);
  }
  return out.join('/');
}

export const dirname = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
export const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);
export const isMarkdown = (path: string) => /\.md$/i.test(path);

/** `to` relative to the folder `fromDir` (both relative to the same top). */
export function relativePath(fromDir: string, to: string): string {
  const from = fromDir ? fromDir.split('/') : [];
  const target = to.split('/');
  let common = 0;
  while (common < from.length && common < target.length - 1 && from[common] === target[common]) common++;
  return [...from.slice(common).map(() => '..'), ...target.slice(common)].join('/');
}

/** `README.md` of a folder stands for the folder's page (GitBook's rule). */
export const isFolderReadme = (path: string) => basename(path) === 'README.md' && dirname(path) !== '';

/**
 * The slug a page file implies: the folder's name for a folder's README.md, the file name
 * otherwise; `undefined` for the root README (its slug comes from its title).
 */
export function slugOfPath(path: string): string | undefined {
  if (isFolderReadme(path)) return asSlug(basename(dirname(path)));
  if (!path.includes('/') && basename(path) === 'README.md') return undefined;
  return asSlug(basename(path).replace(/\.md$/i, ''));
}

const asSlug = (name: string) => (SLUG_PATTERN.test(name) && [...name].length <= MAX_SLUG ? name : slugify(name));

/** `Getting-started_guide` → `Getting started guide`: a title for a file or folder without one. */
export function titleOfName(name: string): string {
  const words = name.replace(/\.md$/i, '').replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : name;
}

/** A link target that leaves the repository (scheme, protocol-relative or mail). */
export const isExternal = (href: string) => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href);

/** A relative link's file path: without `#anchor`/`?query`, `%20` and friends decoded (kept as is when not valid). */
export function decodePath(href: string): string {
  const path = href.replace(/[#?].*$/s, '');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Percent-encodes what would end or break a markdown link destination, or read as an anchor or query. */
export const encodePath = (path: string) =>
  path.replace(/[%\s()<>\\#?]/gu, (c) => (c.charCodeAt(0) < 128 ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(c)));

/** The slug a page at `path` has when read back: the path's, or the title's for the root README. */
export const pageSlug = (path: string, title: string) => slugOfPath(path) ?? slugify(title);

/** Files GitBook keeps for itself (`.gitbook/…`) or hidden folders are never pages. */
export const isHiddenPath = (path: string) => path.split('/').some((segment) => segment.startsWith('.'));
