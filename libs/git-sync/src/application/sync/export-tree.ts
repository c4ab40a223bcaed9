import type { ExportedPage, ExportedRevision } from '@app/content';
import { GitFileEntry, GitPageNode, RepositoryTree } from '../../layout';

const LINK = /^\[([^\]\n]*)\]\(([^()\s]+)\)\n?$/;

const relative = (prefix: string, path: string | undefined) =>
  path === undefined ? undefined : prefix === '' ? path : path.startsWith(`${prefix}/`) ? path.slice(prefix.length + 1) : undefined;

/**
 * Main's content as the layout codec's tree, the inverse of importedContent: a page keeps the
 * file it was imported from (Page.git.path); a page without a file whose whole body is one link
 * is a link page again, and a top-level page without a file, without a body and with children a
 * `## group` (that is how imports store them). Files keep their paths; others go to
 * `.gitbook/assets/<name>`. `root`, `structure` and `redirects` come from the repository as it was.
 */
export function repositoryTreeOf(revision: ExportedRevision, prefix: string, layout: Pick<RepositoryTree, 'root' | 'structure' | 'redirects'>): RepositoryTree {
  const node = (p: ExportedPage, top: boolean): GitPageNode => {
    const gitPath = relative(prefix, p.git?.path);
    const link = !gitPath && p.children.length === 0 ? LINK.exec(p.body) : null;
    const kind = link ? 'link' : !gitPath && top && p.body.trim() === '' && p.children.length > 0 ? 'group' : 'document';
    return {
      kind,
      title: p.title,
      slug: p.slug,
      ...(kind === 'document' ? { markdown: p.body } : {}),
      ...(gitPath && kind === 'document' ? { gitPath } : {}),
      ...(link ? { href: link[2] } : {}),
      ...(p.description ? { description: p.description } : {}),
      ...(p.icon ? { icon: p.icon } : {}),
      ...(p.hidden ? { hidden: true } : {}),
      children: p.children.map((c) => node(c, false)),
    };
  };
  const taken = new Set<string>();
  const files: GitFileEntry[] = revision.files.map((f) => {
    let path = relative(prefix, f.git?.path) ?? `.gitbook/assets/${f.name}`;
    for (let n = 2; taken.has(path); n++) path = `.gitbook/assets/${n}-${f.name}`;
    taken.add(path);
    return { path, bytes: f.bytes };
  });
  return {
    pages: revision.pages.map((p) => node(p, true)),
    files,
    redirects: layout.redirects ?? {},
    ...(layout.root !== undefined ? { root: layout.root } : {}),
    ...(layout.structure ? { structure: layout.structure } : {}),
  };
}
