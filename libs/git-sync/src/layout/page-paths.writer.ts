import { GitPageNode } from './repository-tree';
import { basename, dirname, isFolderReadme, isHiddenPath, isMarkdown, joinPath, pageSlug, slugify, SLUG_PATTERN } from './layout-paths';

/**
 * Where each document page's file goes. A page keeps its `gitPath` while reading that path back
 * gives the page's slug (so files do not move on every export); other pages get a path from the
 * slugs: the first page is the readme when its title gives its slug, a page with children is
 * `<folder>/<slug>/README.md`, any other `<folder>/<slug>.md`, where the folder is the parent's
 * (a group's is its slug). A path already taken gets `-2`, `-3`… (the slug read back changes).
 */
export function assignPagePaths(pages: GitPageNode[], readme: string, summary: string): Map<GitPageNode, string> {
  const paths = new Map<GitPageNode, string>();
  const used = new Set([summary]);
  const keeps = (page: GitPageNode, path: string) =>
    isMarkdown(path) && !isHiddenPath(path) && joinPath(path) === path && !used.has(path) && pageSlug(path, page.title) === page.slug;

  const keep = (list: GitPageNode[]) =>
    list.forEach((page) => {
      if (page.kind === 'document' && page.gitPath !== undefined && keeps(page, page.gitPath)) {
        paths.set(page, page.gitPath);
        used.add(page.gitPath);
      }
      keep(page.children);
    });

  const segment = (slug: string) => (SLUG_PATTERN.test(slug) ? slug : slugify(slug));

  const derive = (page: GitPageNode, folder: string, first: boolean): string => {
    if (first && keeps(page, readme)) return readme;
    const base = segment(page.slug);
    for (let n = 1; ; n++) {
      const name = n === 1 ? base : `${base}-${n}`;
      const path = joinPath(folder, page.children.length ? `${name}/README.md` : `${name}.md`)!;
      if (!used.has(path)) return path;
    }
  };

  /** The folder new children of a page go to: a folder README's folder, else the file's name without `.md`. */
  const folderOf = (page: GitPageNode, path: string) =>
    isFolderReadme(path) ? dirname(path) : joinPath(dirname(path), basename(path) === 'README.md' ? segment(page.slug) : basename(path).replace(/\.md$/i, ''))!;

  const place = (list: GitPageNode[], folder: string, top: boolean) =>
    list.forEach((page, index) => {
      if (page.kind !== 'document') return place(page.children, joinPath(folder, segment(page.slug))!, false);
      let path = paths.get(page);
      if (path === undefined) {
        path = derive(page, folder, top && index === 0);
        paths.set(page, path);
        used.add(path);
      }
      place(page.children, folderOf(page, path), false);
    });

  keep(pages);
  place(pages, '', true);
  return paths;
}
