import fc from 'fast-check';
import { GitPageNode, RepositoryTree } from './repository-tree';
import { readRepositoryTree } from './repository-tree.reader';
import { writeRepositoryTree } from './repository-tree.writer';
import { treeArb } from './testing/repository-tree.arbitrary';

const RUNS = 200;
const withoutPaths = (pages: GitPageNode[]): GitPageNode[] =>
  pages.map(({ gitPath: _gitPath, ...page }) => ({ ...page, children: withoutPaths(page.children) }));
const count = (pages: GitPageNode[]): number => pages.reduce((n, page) => n + 1 + count(page.children), 0);
const projectArb = fc.constantFrom('', 'packages/docs');

describe('layout round trip (property)', () => {
  it(`read(write(tree)) is the tree, the writer choosing the paths (${RUNS} runs)`, () => {
    const sizes: number[] = [];
    fc.assert(
      fc.property(treeArb, projectArb, (tree, project) => {
        sizes.push(count(tree.pages));
        const back = readRepositoryTree(writeRepositoryTree(tree, project), project);
        expect({ ...back, pages: withoutPaths(back.pages) }).toEqual(tree);
      }),
      { numRuns: RUNS },
    );
    // The generator must reach non-trivial trees, or the property says little.
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(20);
  });

  it(`a tree read from a repository comes back exactly, paths included, and in the same bytes (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(treeArb, projectArb, (generated, project) => {
        const written = writeRepositoryTree(generated, project);
        const tree: RepositoryTree = readRepositoryTree(written, project);
        const again = writeRepositoryTree(tree, project);
        expect(readRepositoryTree(again, project)).toEqual(tree);
        expect(again).toEqual(written);
      }),
      { numRuns: RUNS },
    );
  });
});
