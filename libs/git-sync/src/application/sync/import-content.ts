import type { ImportedContent, ImportedPage } from '@app/content';
import { GitPageNode, RepositoryTree } from '../../layout';
import { joinPath } from '../../layout/layout-paths';
import { TreeFile } from '../transport/git-tree';

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  pdf: 'application/pdf',
  json: 'application/json',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
  mp4: 'video/mp4',
};
export const contentTypeOf = (name: string) => TYPES[/\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/** Where the tree's paths are relative to: the project directory, then `.gitbook.yaml`'s root. */
export const rootPrefix = (tree: Pick<RepositoryTree, 'root'>, projectDirectory: string): string =>
  (tree.root === undefined ? joinPath(projectDirectory) : joinPath(projectDirectory, tree.root)) ?? '';

export const inRoot = (prefix: string, path: string) => (prefix ? `${prefix}/${path}` : path);

/**
 * The layout codec's tree as content's import: pages with `git{oid, path}` (the path in the
 * repository, the blob's SHA) so a re-import finds them, files with their bytes.
 */
export function importedContent(tree: RepositoryTree, files: ReadonlyMap<string, TreeFile>, projectDirectory: string): ImportedContent {
  const prefix = rootPrefix(tree, projectDirectory);
  const page = (n: GitPageNode): ImportedPage => {
    const path = n.gitPath ? inRoot(prefix, n.gitPath) : undefined;
    const oid = path ? files.get(path)?.oid : undefined;
    return {
      kind: n.kind,
      title: n.title,
      slug: n.slug,
      ...(n.markdown !== undefined ? { markdown: n.markdown } : {}),
      ...(n.description ? { description: n.description } : {}),
      ...(n.icon ? { icon: n.icon } : {}),
      ...(n.hidden ? { hidden: true } : {}),
      ...(n.href ? { href: n.href } : {}),
      ...(path && oid ? { git: { oid, path } } : {}),
      children: n.children.map(page),
    };
  };
  return {
    pages: tree.pages.map(page),
    files: tree.files.map((f) => {
      const path = inRoot(prefix, f.path);
      const name = f.path.slice(f.path.lastIndexOf('/') + 1);
      return {
        name,
        contentType: contentTypeOf(name),
        base64: Buffer.from(f.bytes).toString('base64'),
        size: f.bytes.length,
        git: { oid: files.get(path)?.oid ?? '', path },
      };
    }),
  };
}
