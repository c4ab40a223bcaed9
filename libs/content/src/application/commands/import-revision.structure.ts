import { keyBetween } from '../../domain/fractional-index';
import { FileEntry, GitBlobRef, PageEntry, SLUG_PATTERN, slugify, Structure } from '../../domain/page';
import { PersistentMap } from '../../domain/persistent-map';
import { WorkingTree } from '../../domain/tree';

/**
 * A repository's content as git sync hands it to content: a page tree and files. Content has
 * document pages only, so a group (a `## Heading` of SUMMARY.md) becomes a page without body and
 * a link page a page whose body is the link.
 */
export interface ImportedPage {
  kind: 'document' | 'group' | 'link';
  title: string;
  slug: string;
  /** The page's markdown body, without frontmatter and title heading (the layout codec took them). */
  markdown?: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
  href?: string;
  git?: GitBlobRef;
  children: ImportedPage[];
}

export interface ImportedFile {
  name: string;
  contentType: string;
  /** The bytes, base64. */
  base64: string;
  size: number;
  git: GitBlobRef;
}

export interface ImportedContent {
  pages: ImportedPage[];
  files: ImportedFile[];
}

export interface ImportContext {
  now: string;
  newId: () => string;
  hashBody: (body: string) => string;
  hashBytes: (base64: string) => string;
}

export interface ImportedStructure {
  structure: Structure;
  bodies: Map<string, string>;
  blobs: Map<string, string>;
}

/** The body a page gets: a group has none, a link page's is its link. */
export function importedBody(p: ImportedPage): string {
  if (p.kind === 'link') return p.href ? `[${p.title}](${p.href})\n` : '';
  if (p.kind === 'group') return '';
  return (p.markdown ?? '').replace(/\r\n?/g, '\n');
}

const sameGit = (a?: GitBlobRef, b?: GitBlobRef) => a?.oid === b?.oid && a?.path === b?.path;
const PAGE_KEYS = ['parent', 'order', 'title', 'slug', 'description', 'icon', 'hidden', 'doc'] as const;

/**
 * The structure main gets from an import, built on main's `base`: every page the repository has,
 * in its order, and nothing else (pages no longer in the repository go). A page keeps its id when
 * it was imported from the same git path before, else when it is at the same slug path (pages
 * created here and exported since), so links and comments to it survive re-imports; an
 * unchanged page keeps its very entry (and `updatedAt`). Metadata git does not carry (emoji,
 * noIndex, conditions) stays as it was on a matched page. Pure: the caller stores the result.
 */
export function importStructure(base: Structure, content: ImportedContent, ctx: ImportContext): ImportedStructure {
  const tree = new WorkingTree(base.pages);
  const byGit = new Map<string, PageEntry>();
  const byPath = new Map<string, PageEntry>();
  for (const p of base.pages.values()) {
    if (p.git) byGit.set(p.git.path, p);
    byPath.set(tree.path(p.id), p);
  }
  const used = new Set<string>();
  const pages = new Map<string, PageEntry>();
  const bodies = new Map<string, string>();
  const take = (p: PageEntry | undefined) => (p && !used.has(p.id) ? p : undefined);

  const place = (nodes: ImportedPage[], parent: string | null, prefix: string) => {
    let order: string | null = null;
    const slugs = new Set<string>();
    for (const node of nodes) {
      let slug = SLUG_PATTERN.test(node.slug) ? node.slug : slugify(node.slug || node.title);
      for (let n = 2; slugs.has(slug); n++) slug = `${slug.replace(/-\d+$/, '')}-${n}`;
      slugs.add(slug);
      const path = prefix ? `${prefix}/${slug}` : slug;
      const match = (node.git && take(byGit.get(node.git.path))) || take(byPath.get(path));
      const id = match?.id ?? ctx.newId();
      used.add(id);
      order = keyBetween(order, null);
      const body = importedBody(node);
      const doc = ctx.hashBody(body);
      bodies.set(doc, body);
      const next: PageEntry = {
        ...(match ? { emoji: match.emoji, noIndex: match.noIndex, noRobotsIndex: match.noRobotsIndex, condition: match.condition } : {}),
        id,
        parent,
        order,
        title: node.title.trim() || 'Untitled',
        slug,
        ...(node.description ? { description: node.description } : {}),
        ...(node.icon ? { icon: node.icon } : {}),
        ...(node.hidden ? { hidden: true } : {}),
        doc,
        ...(node.git ? { git: node.git } : {}),
        createdAt: match?.createdAt ?? ctx.now,
        updatedAt: ctx.now,
      };
      for (const k of ['emoji', 'noIndex', 'noRobotsIndex', 'condition'] as const) if (next[k] === undefined) delete next[k];
      const unchanged = match && PAGE_KEYS.every((k) => match[k] === next[k]) && sameGit(match.git, next.git);
      pages.set(id, unchanged ? match : next);
      place(node.children, id, path);
    }
  };
  place(content.pages, null, '');

  const filesByGit = new Map<string, FileEntry>();
  const filesByName = new Map<string, FileEntry>();
  for (const f of base.files.values()) {
    if (f.git) filesByGit.set(f.git.path, f);
    if (!filesByName.has(f.name)) filesByName.set(f.name, f);
  }
  const files = new Map<string, FileEntry>();
  const blobs = new Map<string, string>();
  for (const f of content.files) {
    const match = filesByGit.get(f.git.path) ?? filesByName.get(f.name);
    const id = match && !files.has(match.id) ? match.id : ctx.newId();
    const blob = ctx.hashBytes(f.base64);
    if (match?.id === id && match.blob === blob && match.name === f.name && sameGit(match.git, f.git)) {
      files.set(id, match);
      continue;
    }
    blobs.set(blob, f.base64);
    files.set(id, { id, name: f.name, contentType: f.contentType, size: f.size, blob, git: f.git, createdAt: match?.id === id ? match.createdAt : ctx.now });
  }
  return {
    structure: { pages: PersistentMap.of(pages), files: PersistentMap.of(files), ...(base.reusables ? { reusables: base.reusables } : {}) },
    bodies,
    blobs,
  };
}
