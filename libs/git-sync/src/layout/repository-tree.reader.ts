import { RepositoryFiles, RepositoryTree } from './repository-tree';
import { CONFIG_FILE, DEFAULT_README, DEFAULT_SUMMARY, parseGitbookConfig } from './gitbook-config.codec';
import { GitLayoutError } from './git-layout.error';
import { joinPath } from './layout-paths';
import { RootFiles } from './page-files.reader';
import { pagesFromSummary } from './summary-pages.reader';
import { pagesFromFolders } from './folder-pages.reader';
import { collectFiles } from './page-assets.reader';

const decoder = new TextDecoder('utf-8');

/** `projectDirectory` normalised (`./docs/` → `docs`); one that leaves the repository is refused. */
export function projectPrefix(projectDirectory: string): string {
  const prefix = joinPath(projectDirectory);
  if (prefix === undefined) throw new GitLayoutError('repoProjectDirectory', undefined, 'must stay inside the repository');
  return prefix;
}

/**
 * A repository in the GitBook layout as a page tree: `.gitbook.yaml` in the project directory
 * says where the root is and which files are the readme and the summary; the summary (or, without
 * one, the folders) gives the pages; `.gitbook/assets/` and referenced files give the files.
 * Paths in the tree are relative to the root. Pure: the caller brings the files.
 */
export function readRepositoryTree(files: RepositoryFiles, projectDirectory = ''): RepositoryTree {
  const project = projectPrefix(projectDirectory);
  const configPath = project ? `${project}/${CONFIG_FILE}` : CONFIG_FILE;
  const configBytes = files.get(configPath);
  const config = parseGitbookConfig(configBytes && decoder.decode(configBytes), configPath);
  const prefix = config.root === undefined ? project : joinPath(project, config.root);
  if (prefix === undefined) throw new GitLayoutError(configPath, undefined, 'root: must stay inside the repository');
  const readme = joinPath(config.readme);
  const summary = joinPath(config.summary);
  if (!readme) throw new GitLayoutError(configPath, undefined, 'structure.readme: must stay inside the root');
  if (!summary) throw new GitLayoutError(configPath, undefined, 'structure.summary: must stay inside the root');

  const local = new Map<string, Uint8Array>();
  for (const [path, bytes] of files) {
    const clean = joinPath(path);
    if (clean === undefined) continue;
    if (prefix === '') local.set(clean, bytes);
    else if (clean.startsWith(`${prefix}/`)) local.set(clean.slice(prefix.length + 1), bytes);
  }
  const root = new RootFiles(local, prefix);
  const pages = local.has(summary) ? pagesFromSummary(root, summary, readme) : pagesFromFolders(root, readme);
  const tree: RepositoryTree = { pages, files: collectFiles(local, pages), redirects: config.redirects };
  if (config.root !== undefined) tree.root = config.root;
  if (readme !== DEFAULT_README || summary !== DEFAULT_SUMMARY) tree.structure = { readme, summary };
  return tree;
}
