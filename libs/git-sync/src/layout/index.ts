export type { GitFileEntry, GitPageNode, RepositoryFiles, RepositoryTree } from './repository-tree';
export { readRepositoryTree } from './repository-tree.reader';
export { writeRepositoryTree } from './repository-tree.writer';
export { GitLayoutError } from './git-layout.error';
