import { writeRepositoryTree } from './repository-tree.writer';
import { readRepositoryTree } from './repository-tree.reader';
import { GitPageNode, RepositoryTree } from './repository-tree';

const doc = (title: string, slug: string, extra: Partial<GitPageNode> = {}): GitPageNode => ({
  kind: 'document',
  title,
  slug,
  markdown: '',
  children: [],
  ...extra,
});
const texts = (files: Map<string, Uint8Array>) => Object.fromEntries([...files].map(([path, bytes]) => [path, new TextDecoder().decode(bytes)]));
const tree = (pages: GitPageNode[], extra: Partial<RepositoryTree> = {}): RepositoryTree => ({ pages, files: [], redirects: {}, ...extra });

describe('writeRepositoryTree', () => {
  it('new pages: the first is README.md, a page with children is <slug>/README.md, group pages go in the group folder', () => {
    const pages = [
      doc('Welcome', 'welcome', { markdown: 'Hi\n' }),
      doc('Guides', 'guides', { children: [doc('Set up', 'set-up'), doc('Deep', 'deep', { children: [doc('Leaf', 'leaf')] })] }),
      { kind: 'link', title: 'Site', slug: 'site', href: 'https://example.com', children: [] } as GitPageNode,
      { kind: 'group', title: 'API reference', slug: 'api', children: [doc('Endpoints', 'endpoints')] } as GitPageNode,
    ];
    const out = texts(writeRepositoryTree(tree(pages)));
    expect(Object.keys(out)).toEqual([
      'SUMMARY.md',
      'README.md',
      'guides/README.md',
      'guides/set-up.md',
      'guides/deep/README.md',
      'guides/deep/leaf.md',
      'api/endpoints.md',
    ]);
    expect(out['SUMMARY.md']).toBe(
      '# Table of contents\n\n* [Welcome](README.md)\n* [Guides](guides/README.md)\n  * [Set up](guides/set-up.md)\n  * [Deep](guides/deep/README.md)\n    * [Leaf](guides/deep/leaf.md)\n* [Site](https://example.com)\n\n## API reference <a href="#api" id="api"></a>\n\n* [Endpoints](api/endpoints.md)\n',
    );
    expect(out['README.md']).toBe('# Welcome\n\nHi\n');
  });

  it('a page keeps its file while the file gives its slug, and moves when the slug changed', () => {
    const pages = [
      doc('Intro', 'intro', { gitPath: 'start/Intro Page.md' }),
      doc('Kept', 'old-name', { gitPath: 'x/old-name.md' }),
      doc('Renamed', 'new-name', { gitPath: 'x/renamed.md' }),
    ];
    expect(Object.keys(texts(writeRepositoryTree(tree(pages))))).toEqual(['SUMMARY.md', 'README.md', 'x/old-name.md', 'new-name.md']);
    const kept = [doc('Intro', 'intro-page', { gitPath: 'start/Intro Page.md' })];
    expect(texts(writeRepositoryTree(tree(kept)))['SUMMARY.md']).toContain('* [Intro](start/Intro%20Page.md)');
  });

  it('a path already taken (kept files first) gets a numbered name', () => {
    const pages = [doc('First', 'first'), doc('A', 'same'), doc('B', 'same'), doc('C', 'same', { gitPath: 'same.md' })];
    expect(Object.keys(texts(writeRepositoryTree(tree(pages))))).toEqual(['SUMMARY.md', 'README.md', 'same-2.md', 'same-3.md', 'same.md']);
  });

  it('writes .gitbook.yaml only when needed, in the project directory, and everything under the root', () => {
    expect(Object.keys(texts(writeRepositoryTree(tree([doc('A', 'a')]), 'pkg')))).toEqual(['pkg/SUMMARY.md', 'pkg/README.md']);
    const out = texts(writeRepositoryTree(tree([doc('A', 'a')], { root: './docs/', redirects: { old: 'README.md' } }), 'pkg'));
    expect(out).toEqual({
      'pkg/.gitbook.yaml': 'root: ./docs/\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n\nredirects:\n  old: README.md\n',
      'pkg/docs/SUMMARY.md': '# Table of contents\n\n* [A](README.md)\n',
      'pkg/docs/README.md': '# A\n',
    });
  });

  it('honours a custom structure: the summary links are relative to its folder', () => {
    const out = texts(writeRepositoryTree(tree([doc('Home', 'home'), doc('B', 'b')], { structure: { readme: 'home.md', summary: 'toc/SUMMARY.md' } })));
    expect(out['toc/SUMMARY.md']).toBe('# Table of contents\n\n* [Home](../home.md)\n* [B](../b.md)\n');
    expect(Object.keys(out)).toEqual(['.gitbook.yaml', 'toc/SUMMARY.md', 'home.md', 'b.md']);
  });

  it('frontmatter only with the fields set', () => {
    const pages = [doc('A', 'a', { hidden: true, icon: 'book' }), doc('B', 'b', { hidden: false, description: 'About B' })];
    const out = texts(writeRepositoryTree(tree(pages)));
    expect(out['README.md']).toBe('---\nicon: book\nhidden: true\n---\n\n# A\n');
    expect(out['b.md']).toBe('---\ndescription: About B\n---\n\n# B\n');
  });

  it('files at their paths; a page file wins, a path leaving the root is not written', () => {
    const files = [
      { path: '.gitbook/assets/a.png', bytes: new Uint8Array([1, 2]) },
      { path: 'README.md', bytes: new Uint8Array([3]) },
      { path: '../evil.png', bytes: new Uint8Array([4]) },
    ];
    const out = writeRepositoryTree(tree([doc('A', 'a')], { files, root: 'docs' }));
    expect([...out.keys()]).toEqual(['.gitbook.yaml', 'docs/SUMMARY.md', 'docs/README.md', 'docs/.gitbook/assets/a.png']);
    expect(out.get('docs/.gitbook/assets/a.png')).toEqual(new Uint8Array([1, 2]));
  });

  it('is deterministic: the same tree gives the same bytes', () => {
    const make = () =>
      tree([doc('Ü ber', 'uber', { layout: { pagination: true, title: false } }), { kind: 'group', title: 'G', slug: 'g', children: [doc('X', 'x')] }]);
    expect(writeRepositoryTree(make())).toEqual(writeRepositoryTree(make()));
    expect([...writeRepositoryTree(make()).keys()]).toEqual([...writeRepositoryTree(make()).keys()]);
  });

  it('what it writes reads back as the tree, paths assigned', () => {
    const pages = [doc('Welcome', 'welcome'), doc('Guides', 'guides', { children: [doc('Set up', 'set-up', { hidden: true })] })];
    const back = readRepositoryTree(writeRepositoryTree(tree(pages)));
    expect(back.pages).toEqual([
      { ...pages[0], gitPath: 'README.md' },
      { ...pages[1], gitPath: 'guides/README.md', children: [{ ...pages[1].children[0], gitPath: 'guides/set-up.md' }] },
    ]);
  });
});
