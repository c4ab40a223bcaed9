import { FileEntry } from './page';
import { WorkingTree } from './tree';
import { classifyTarget, MarkdownLink, rewriteLinks } from './markdown/links';

export interface LinkContext {
  tree: WorkingTree;
  /** Batch-local refs of inserted pages and files (never persisted). */
  pageRefs: ReadonlyMap<string, string>;
  fileRefs: ReadonlyMap<string, string>;
  files: ReadonlyMap<string, FileEntry>;
}

/** Normalizes `a/./b/../c` segments; returns null when `..` climbs above the root. */
function normalize(parts: string[]): string[] | null {
  const out: string[] = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') {
      if (!out.length) return null;
      out.pop();
    } else out.push(decodeURIComponentSafe(p));
  }
  return out;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** `guide/README.md` and `guide.md` both name the page at `guide`. */
const stripMd = (segments: string[]) => {
  const out = [...segments];
  const last = out[out.length - 1];
  if (/^readme\.md$/i.test(last ?? '')) out.pop();
  else if (last?.toLowerCase().endsWith('.md')) out[out.length - 1] = last.slice(0, -3);
  return out;
};

/**
 * Resolves one link target written in a page of the batch to its stable form `/pages/<id>`
 * (`/files/<id>` for files), following the reference (0.202 updateChangeRequestContent):
 * - `/pages/<id>`, or `/pages/<slug path>` (`/pages/guides/setup`), or its Git file path
 *   (`/pages/guides/setup.md`, `/pages/guides/README.md`; `/pages/README.md` is the first page);
 * - batch refs: `./<ref>.md` for pages, `./<ref>` for files;
 * - relative paths resolved against the page's folder in the Git layout (a page with subpages
 *   is `<path>/README.md`, so its folder is its own path; otherwise its parent's): `./x.md`,
 *   `../other.md`, `../README.md`, or folder style `./section`;
 * - extension: absolute slug paths without the prefix (`/guides/setup`).
 * Anything else — external URLs, anchors, paths that match no page — is kept as written, so the
 * links listing can report it as broken (the reference turns such links into plain text).
 */
export function resolveTarget(link: MarkdownLink, pageId: string, ctx: LinkContext): string | null {
  const c = classifyTarget(link.target);
  if (c.kind === 'url' || c.kind === 'anchor' || c.kind === 'file') return null;
  if (c.kind === 'page' && ctx.tree.get(c.page)) return null;
  const [raw, anchor] = splitAnchor(link.target);
  const hash = anchor !== undefined ? `#${anchor}` : '';
  const local = raw.replace(/^\.\//, '');
  const pageRef = ctx.pageRefs.get(local) ?? (/\.md$/i.test(local) ? ctx.pageRefs.get(local.slice(0, -3)) : undefined);
  if (pageRef) return `/pages/${pageRef}${hash}`;
  const fileRef = ctx.fileRefs.get(local);
  if (fileRef && !hash) return `/files/${fileRef}`;
  let segments: string[] | null;
  if (raw.startsWith('/pages/')) segments = normalize(raw.slice('/pages/'.length).split('/'));
  else if (raw.startsWith('/')) segments = normalize(raw.split('/'));
  else if (/^\.\.?\//.test(raw) || /\.md$/i.test(raw)) segments = normalize([...folderOf(pageId, ctx).split('/'), ...raw.split('/')]);
  else return null;
  if (!segments) return null;
  const path = stripMd(segments);
  const target = path.length === 0 && segments.length ? ctx.tree.children(null)[0] : ctx.tree.byPath(path.join('/'));
  return target ? `/pages/${target.id}${hash}` : null;
}

/** The folder of a page's markdown file in the Git layout. */
function folderOf(pageId: string, ctx: LinkContext): string {
  const page = ctx.tree.get(pageId);
  if (!page) return '';
  if (ctx.tree.children(pageId).length) return ctx.tree.path(pageId);
  return page.parent ? ctx.tree.path(page.parent) : '';
}

function splitAnchor(target: string): [string, string | undefined] {
  const i = target.indexOf('#');
  return i < 0 ? [target, undefined] : [target.slice(0, i), target.slice(i + 1)];
}

export function canonicalizeLinks(body: string, pageId: string, ctx: LinkContext): string {
  return rewriteLinks(body, (link) => resolveTarget(link, pageId, ctx));
}
