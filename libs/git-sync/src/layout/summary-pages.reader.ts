import { GitPageNode } from './repository-tree';
import { RootFiles } from './page-files.reader';
import { readSummary, SummaryItem } from './summary.reader';
import { decodePath, dirname, isExternal, isMarkdown, joinPath, slugify } from './layout-paths';

/**
 * The page tree a `SUMMARY.md` describes. Items linking a markdown file inside the root are
 * document pages; other links (external, or to non-markdown files) are link pages. A file listed
 * twice is one page, at its first place (the later entry's children move up to its place). The
 * readme is the first page even when the summary does not list it.
 */
export function pagesFromSummary(root: RootFiles, summaryPath: string, readme: string): GitPageNode[] {
  const source = root.text(summaryPath) ?? '';
  const base = dirname(summaryPath);
  const seen = new Set<string>();

  const items = (list: SummaryItem[]): GitPageNode[] =>
    list.flatMap((item): GitPageNode[] => {
      const children = items(item.children);
      const path = isExternal(item.href) || item.href.startsWith('#') ? undefined : joinPath(base, decodePath(item.href));
      if (path === undefined || !isMarkdown(path)) {
        const title = item.title || item.href;
        return [{ kind: 'link', title, slug: slugify(title), href: item.href, children }];
      }
      if (seen.has(path)) return children;
      seen.add(path);
      return [{ ...root.documentPage(path, item.title || undefined), children }];
    });

  const pages = readSummary(source).map((entry): GitPageNode[] | GitPageNode =>
    entry.kind === 'group' ? { kind: 'group', title: entry.title, slug: entry.slug ?? slugify(entry.title), children: items(entry.children) } : items([entry]),
  );
  const tree = pages.flat();
  if (!seen.has(readme) && root.bytes.has(readme)) tree.unshift(root.documentPage(readme, undefined));
  return tree;
}
