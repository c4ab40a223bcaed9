/**
 * Writes a page tree in the GitBook layout. Same tree, same bytes. What it normalises (so a
 * repository read and written back differs only in these):
 * - `.gitbook.yaml` is written only when it says something (a root, redirects, a non-default
 *   structure), then as `root`, `structure` (both paths spelled out), `redirects`, one blank line
 *   between sections; other keys are dropped.
 * - `SUMMARY.md`: `# Table of contents`, `*` list markers indented two spaces per level, a blank
 *   line around each `## Group`, GitBook's heading anchor `<a href="#slug" id="slug"></a>` only
 *   when a group's slug is not its title's; link texts are the page titles; one trailing newline.
 * - Page files: frontmatter only with the fields set, keys in the order description, icon,
 *   hidden (written only when true), layout (flags as `flag: {visible: bool}`, GitBook's order,
 *   other flags sorted), plain YAML scalars (no `>-` folding); then `# Title` (a file without one
 *   gains it); one blank line; the body exactly as stored. Line endings LF, no byte order mark.
 * - Paths: a page keeps its file while the file's name gives its slug; other pages move to
 *   paths from the slugs (see page-paths.writer.ts). Files are written at their paths as given.
 */
import { GitPageNode, RepositoryTree } from './repository-tree';
import { CONFIG_FILE, DEFAULT_README, DEFAULT_SUMMARY, renderGitbookConfig } from './gitbook-config.codec';
import { GitLayoutError } from './git-layout.error';
import { dirname, encodePath, joinPath, relativePath, slugify } from './layout-paths';
import { renderPageFile } from './page-file.codec';
import { assignPagePaths } from './page-paths.writer';
import { projectPrefix } from './repository-tree.reader';
import { SummaryEntry, SummaryItem } from './summary.reader';
import { writeSummary } from './summary.writer';

const encoder = new TextEncoder();

export function writeRepositoryTree(tree: RepositoryTree, projectDirectory = ''): Map<string, Uint8Array> {
  const project = projectPrefix(projectDirectory);
  const readme = tree.structure?.readme ?? DEFAULT_README;
  const summary = tree.structure?.summary ?? DEFAULT_SUMMARY;
  const prefix = tree.root === undefined ? project : joinPath(project, tree.root);
  if (prefix === undefined) throw new GitLayoutError(CONFIG_FILE, undefined, 'root: must stay inside the repository');
  const out = new Map<string, Uint8Array>();
  const put = (path: string, content: string | Uint8Array) =>
    out.set(prefix ? `${prefix}/${path}` : path, typeof content === 'string' ? encoder.encode(content) : content);

  const config = renderGitbookConfig({ root: tree.root, readme, summary, redirects: tree.redirects });
  if (config !== undefined) out.set(project ? `${project}/${CONFIG_FILE}` : CONFIG_FILE, encoder.encode(config));

  const paths = assignPagePaths(tree.pages, readme, summary);
  const item = (page: GitPageNode): SummaryItem[] => {
    const children = page.children.flatMap(item);
    if (page.kind === 'group') return children; // groups exist only at the top of a summary
    const href = page.kind === 'link' ? (page.href ?? '') : encodePath(relativePath(dirname(summary), paths.get(page)!));
    return [{ kind: 'item', title: page.title, href, children }];
  };
  const entries = tree.pages.map((page): SummaryEntry | SummaryItem[] =>
    page.kind === 'group' ? { kind: 'group', title: page.title, slug: page.slug, children: page.children.flatMap(item) } : item(page),
  );
  put(
    summary,
    writeSummary(entries.flat(), (group) => (group.slug === slugify(group.title) ? undefined : group.slug)),
  );

  const pageFiles = (list: GitPageNode[]) =>
    list.forEach((page) => {
      if (page.kind === 'document') put(paths.get(page)!, renderPageFile({ ...page, markdown: page.markdown ?? '' }));
      pageFiles(page.children);
    });
  pageFiles(tree.pages);
  for (const file of tree.files) {
    // A path that would leave the root is not written; a page's file wins over a file at its path.
    const path = joinPath(file.path);
    if (path && !out.has(prefix ? `${prefix}/${path}` : path)) put(path, file.bytes);
  }
  return out;
}
