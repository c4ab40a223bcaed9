/**
 * The content of a revision, as the domain sees it: a map of page entries (the tree is implied
 * by each entry's parent and order key) and a map of files. A page's markdown body lives in an
 * immutable blob named by `doc` (its hash), so entries stay small and unchanged bodies are shared
 * by every revision that contains them.
 */
export interface PageEntry {
  id: string;
  parent: string | null;
  /** Fractional order key among siblings; siblings sort by (order, id). */
  order: string;
  title: string;
  slug: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  /** Adaptive-content condition (stored; not part of the 0.146 Page shape). */
  condition?: string;
  /** Hash of the markdown body blob (without the title heading and frontmatter). */
  doc: string;
  /** The markdown file a git import read the page from (reference Page.git). */
  git?: GitBlobRef;
  createdAt: string;
  updatedAt: string;
}

/** A blob of a git tree (reference GitSyncBlob): its SHA and its path in the repository. */
export interface GitBlobRef {
  oid: string;
  path: string;
}

export interface FileEntry {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** Hash of the bytes blob. */
  blob: string;
  dimensions?: { width: number; height: number };
  /** The file a git import read it from (reference File.git). */
  git?: GitBlobRef;
  createdAt: string;
}

/**
 * A block of content written once and included by pages (`{% include "/reusable-contents/<id>" %}`).
 * Its markdown body is a blob named by `doc`, like a page's.
 */
export interface ReusableEntry {
  id: string;
  title: string;
  doc: string;
  createdAt: string;
  updatedAt: string;
}

export interface Structure {
  pages: ReadonlyMap<string, PageEntry>;
  files: ReadonlyMap<string, FileEntry>;
  /** Absent: none (revisions written before reusable contents existed have no such table). */
  reusables?: ReadonlyMap<string, ReusableEntry>;
}

export const emptyStructure = (): Structure => ({ pages: new Map(), files: new Map() });

/** Page metadata a change may set (reference RevisionPageUpdate). */
export const PAGE_FIELDS = ['title', 'slug', 'emoji', 'icon', 'description', 'hidden', 'noIndex', 'noRobotsIndex', 'condition'] as const;
export type PageFields = Partial<Pick<PageEntry, (typeof PAGE_FIELDS)[number]>>;

export const SLUG_PATTERN = /^[\p{Ll}\p{Lo}\p{N}]+(?:[-_.][\p{Ll}\p{Lo}\p{N}]+)*$/u;
export const MAX_SLUG = 100;

/** A slug derived from a title: lower case, accents dropped, other runs of symbols become '-'. */
export function slugify(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{Ll}\p{Lo}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = [...s].slice(0, MAX_SLUG).join('').replace(/-+$/, '');
  return cut || 'page';
}

export const sortSiblings = (a: PageEntry, b: PageEntry) => (a.order < b.order ? -1 : a.order > b.order ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
