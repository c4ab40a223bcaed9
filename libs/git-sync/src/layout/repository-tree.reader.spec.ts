import { readRepositoryTree } from './repository-tree.reader';
import { GitLayoutError } from './git-layout.error';
import { GitPageNode } from './repository-tree';

const repo = (files: Record<string, string | Uint8Array>) =>
  new Map(Object.entries(files).map(([path, content]) => [path, typeof content === 'string' ? new TextEncoder().encode(content) : content]));
const outline = (pages: GitPageNode[]): unknown[] =>
  pages.map((page) => [page.kind, page.title, page.slug, page.gitPath ?? page.href, ...(page.children.length ? [outline(page.children)] : [])]);

describe('readRepositoryTree', () => {
  it('reads the root and structure of .gitbook.yaml inside the project directory', () => {
    const files = repo({
      'pkg/.gitbook.yaml': 'root: ./site/\nstructure:\n  readme: home.md\n  summary: toc/SUMMARY.md\nredirects:\n  old: home.md\n',
      'pkg/site/toc/SUMMARY.md': '* [Home](../home.md)\n* [Guide](../guide.md)\n',
      'pkg/site/home.md': '# Home\n\nHi',
      'pkg/site/guide.md': '# Guide\n',
      'site/guide.md': '# Outside the project\n',
    });
    const tree = readRepositoryTree(files, './pkg/');
    expect(outline(tree.pages)).toEqual([
      ['document', 'Home', 'home', 'home.md'],
      ['document', 'Guide', 'guide', 'guide.md'],
    ]);
    expect(tree).toMatchObject({ root: './site/', structure: { readme: 'home.md', summary: 'toc/SUMMARY.md' }, redirects: { old: 'home.md' } });
  });

  it('titles: the page heading, else the summary text, else the file name; slugs from paths; a missing file is an empty page', () => {
    const files = repo({
      'SUMMARY.md':
        '* [Intro](README.md)\n* [Listed title](guides/README.md)\n  * [Set up](guides/set%20up.md)\n  * [Gone](guides/gone.md)\n* [](untitled-page.md)\n',
      'README.md': '\uFEFF# Welcome\r\n\r\nBody\r\n',
      'guides/README.md': 'No heading here\n',
      'guides/set up.md': '# Setting up\n',
      'untitled-page.md': 'text\n',
    });
    const tree = readRepositoryTree(files);
    expect(outline(tree.pages)).toEqual([
      ['document', 'Welcome', 'welcome', 'README.md'],
      [
        'document',
        'Listed title',
        'guides',
        'guides/README.md',
        [
          ['document', 'Setting up', 'set-up', 'guides/set up.md'],
          ['document', 'Gone', 'gone', 'guides/gone.md'],
        ],
      ],
      ['document', 'Untitled page', 'untitled-page', 'untitled-page.md'],
    ]);
    expect(tree.pages[0].markdown).toBe('Body\n');
    expect(tree.pages[1].children[1].markdown).toBe('');
  });

  it('groups, link pages, a file listed twice, and the readme first when the summary omits it', () => {
    const files = repo({
      'SUMMARY.md': '* [A](a.md)\n* [Site](https://example.com)\n* [Spec](files/spec.pdf)\n\n## Part one\n\n* [A again](a.md)\n  * [B](b.md)\n',
      'README.md': '# Start\n',
      'a.md': '# A\n',
      'b.md': '# B\n',
    });
    expect(outline(readRepositoryTree(files).pages)).toEqual([
      ['document', 'Start', 'start', 'README.md'],
      ['document', 'A', 'a', 'a.md'],
      ['link', 'Site', 'site', 'https://example.com'],
      ['link', 'Spec', 'spec', 'files/spec.pdf'],
      ['group', 'Part one', 'part-one', undefined, [['document', 'B', 'b', 'b.md']]],
    ]);
  });

  it('frontmatter becomes page fields', () => {
    const files = repo({
      'SUMMARY.md': '* [A](a.md)\n',
      'a.md': '---\ndescription: About A\nicon: rocket\nhidden: true\nlayout:\n  outline:\n    visible: false\n---\n\n# A\n',
    });
    expect(readRepositoryTree(files).pages[0]).toEqual({
      kind: 'document',
      title: 'A',
      slug: 'a',
      gitPath: 'a.md',
      markdown: '',
      description: 'About A',
      icon: 'rocket',
      hidden: true,
      layout: { outline: false },
      children: [],
    });
  });

  it('without SUMMARY.md: the folders, sorted, README first; folder READMEs hold their folder; top folders without one are groups', () => {
    const files = repo({
      'README.md': '# Home\n',
      'zeta.md': '# Zeta\n',
      'alpha.md': '',
      'guides/README.md': '# Guides\n',
      'guides/b.md': '# B\n',
      'guides/a.md': '# A\n',
      'guides/deep/c.md': '# C\n',
      'reference/api.md': '# API\n',
      '.gitbook/assets/notes.md': '# not a page\n',
    });
    expect(outline(readRepositoryTree(files).pages)).toEqual([
      ['document', 'Home', 'home', 'README.md'],
      ['document', 'Alpha', 'alpha', 'alpha.md'],
      [
        'document',
        'Guides',
        'guides',
        'guides/README.md',
        [
          ['document', 'A', 'a', 'guides/a.md'],
          ['document', 'B', 'b', 'guides/b.md'],
          ['document', 'C', 'c', 'guides/deep/c.md'],
        ],
      ],
      ['document', 'Zeta', 'zeta', 'zeta.md'],
      ['group', 'Reference', 'reference', undefined, [['document', 'API', 'api', 'reference/api.md']]],
    ]);
  });

  it('files: everything under .gitbook/assets/ and the non-markdown files pages reference', () => {
    const files = repo({
      'docs/SUMMARY.md': '* [A](guide/a.md)\n',
      'docs/guide/a.md':
        '# A\n\n![x](../images/x%20y.png) <img src="/img/z.svg"> [ref]: ./local.txt\n[def]: ../data.csv\n[md](b.md) [out](https://x.org/y.png) ![up](../../outside.png)\n',
      'docs/guide/b.md': '# B\n',
      'docs/images/x y.png': new Uint8Array([1]),
      'docs/img/z.svg': '<svg/>',
      'docs/data.csv': 'a,b',
      'docs/unused.png': new Uint8Array([2]),
      'docs/.gitbook/assets/logo.png': new Uint8Array([3]),
      'outside.png': new Uint8Array([4]),
      '.gitbook.yaml': 'root: docs\n',
    });
    expect(readRepositoryTree(files).files.map((file) => file.path)).toEqual(['.gitbook/assets/logo.png', 'data.csv', 'images/x y.png', 'img/z.svg']);
  });

  it('refuses a root or project directory outside the repository, naming .gitbook.yaml', () => {
    expect(() => readRepositoryTree(repo({ 'docs/.gitbook.yaml': 'root: ../../x\n' }), 'docs')).toThrow(
      new GitLayoutError('docs/.gitbook.yaml', undefined, 'root: must stay inside the repository'),
    );
    expect(() => readRepositoryTree(repo({}), '../x')).toThrow(GitLayoutError);
    expect(() => readRepositoryTree(repo({ '.gitbook.yaml': 'structure:\n  readme: ../x.md\n' }))).toThrow(/structure.readme: must stay inside the root/);
  });

  it('names the repository path and line of a page with bad frontmatter', () => {
    const files = repo({ '.gitbook.yaml': 'root: ./docs/\n', 'docs/SUMMARY.md': '* [A](a.md)\n', 'docs/a.md': '---\ntitle: [\n---\n# A\n' });
    expect(() => readRepositoryTree(files)).toThrow(/^docs\/a\.md:\d+: frontmatter is not valid YAML/);
  });

  it('an empty repository is an empty tree', () => {
    expect(readRepositoryTree(repo({}))).toEqual({ pages: [], files: [], redirects: {} });
  });
});
