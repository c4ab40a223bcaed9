import { GitPageNode } from './repository-tree';
import { RootFiles } from './page-files.reader';
import { basename, isHiddenPath, isMarkdown, SLUG_PATTERN, slugify, titleOfName } from './layout-paths';

interface Folder {
  files: string[];
  folders: Map<string, Folder>;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The page tree of a root without `SUMMARY.md`, from its folders: the readme first, then each
 * folder's markdown files and sub-folders sorted by name (code point order). A folder with a
 * `README.md` is that page, holding the folder's other pages; a top-level folder without one is
 * a group (groups follow the top-level pages, as a summary could not list a page after a group);
 * a deeper folder without one adds its pages to its parent's.
 */
export function pagesFromFolders(root: RootFiles, readme: string): GitPageNode[] {
  const top: Folder = { files: [], folders: new Map() };
  const paths = [...root.bytes.keys()].filter((path) => isMarkdown(path) && !isHiddenPath(path) && path !== readme).sort(byName);
  for (const path of paths) {
    const segments = path.split('/');
    let folder = top;
    for (const name of segments.slice(0, -1)) {
      if (!folder.folders.has(name)) folder.folders.set(name, { files: [], folders: new Map() });
      folder = folder.folders.get(name)!;
    }
    folder.files.push(path);
  }

  const groups: GitPageNode[] = [];
  const contents = (folder: Folder, prefix: string): GitPageNode[] => {
    const names = [...folder.files.filter((path) => basename(path) !== 'README.md').map((path) => basename(path)), ...folder.folders.keys()].sort(byName);
    return names.flatMap((name): GitPageNode[] => {
      const sub = folder.folders.get(name);
      if (!sub) return [root.documentPage(`${prefix}${name}`, undefined)];
      const readmePath = `${prefix}${name}/README.md`;
      const children = contents(sub, `${prefix}${name}/`);
      if (sub.files.includes(readmePath)) return [{ ...root.documentPage(readmePath, undefined), children }];
      if (prefix !== '') return children;
      groups.push({ kind: 'group', title: titleOfName(name), slug: SLUG_PATTERN.test(name) ? name : slugify(name), children });
      return [];
    });
  };

  const pages = contents(top, '');
  if (root.bytes.has(readme)) pages.unshift(root.documentPage(readme, undefined));
  return [...pages, ...groups];
}
