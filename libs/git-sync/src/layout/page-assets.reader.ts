import { GitFileEntry, GitPageNode } from './repository-tree';
import { decodePath, dirname, isExternal, isMarkdown, joinPath } from './layout-paths';

/** Where markdown and GitBook blocks name other files: `](dest)`, `src="…"`/`href="…"`, `[ref]: dest`. */
const REFERENCES = [/\]\(\s*<([^>\n]+)>/g, /\]\(\s*([^\s)<]+)/g, /\b(?:src|href)="([^"\n]+)"/g, /^ {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+)/gm];
const ASSETS = '.gitbook/assets/';

function referencedPaths(page: GitPageNode): string[] {
  if (!page.gitPath || !page.markdown) return [];
  const from = dirname(page.gitPath);
  const found: string[] = [];
  for (const pattern of REFERENCES) {
    for (const match of page.markdown.matchAll(pattern)) {
      const target = match[1];
      if (isExternal(target) || target.startsWith('#')) continue;
      const path = target.startsWith('/') ? joinPath(decodePath(target)) : joinPath(from, decodePath(target));
      if (path) found.push(path);
    }
  }
  return found;
}

/**
 * The files of the tree: everything under `.gitbook/assets/`, and any other non-markdown file of
 * the root that a page references (relative to the page, or `/`-absolute from the root); sorted
 * by path so the same repository always gives the same list.
 */
export function collectFiles(bytes: ReadonlyMap<string, Uint8Array>, pages: GitPageNode[]): GitFileEntry[] {
  const paths = new Set([...bytes.keys()].filter((path) => path.startsWith(ASSETS)));
  const visit = (list: GitPageNode[]) =>
    list.forEach((page) => {
      for (const path of referencedPaths(page)) if (bytes.has(path) && !isMarkdown(path)) paths.add(path);
      visit(page.children);
    });
  visit(pages);
  return [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((path) => ({ path, bytes: bytes.get(path)! }));
}
