import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import { readRepositoryTree } from './repository-tree.reader';
import { writeRepositoryTree } from './repository-tree.writer';
import { GitPageNode } from './repository-tree';

/** The fixture repositories (test/fixtures/git-layout/<name>), as the files a clone would hold. */
const FIXTURES = join(__dirname, '../../../../test/fixtures/git-layout');
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
const repository = (name: string) =>
  new Map(walk(join(FIXTURES, name)).map((file) => [relative(join(FIXTURES, name), file), new Uint8Array(readFileSync(file))]));
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const titles = (pages: GitPageNode[]): unknown[] => pages.map((page) => (page.children.length ? [page.title, titles(page.children)] : page.title));

/** Files the writer changed (or added) compared with the repository. */
function changes(files: Map<string, Uint8Array>, written: Map<string, Uint8Array>) {
  return [...written]
    .filter(([path, bytes]) => !files.has(path) || Buffer.compare(Buffer.from(files.get(path)!), Buffer.from(bytes)) !== 0)
    .map(([path]) => path);
}

describe('fixture repositories', () => {
  it('lists every fixture here (a new fixture needs its expectations)', () => {
    expect(readdirSync(FIXTURES).sort()).toEqual(['handbook', 'laravel-translatable']);
  });

  describe('laravel-translatable (real, MIT)', () => {
    const files = repository('laravel-translatable');
    const tree = readRepositoryTree(files);

    it('reads the root, the groups, the titles, the asset', () => {
      expect(tree.root).toBe('./docs');
      expect(titles(tree.pages)).toEqual([
        'Introduction',
        'Issues',
        'Changelog',
        'FAQ',
        'Installation',
        ['Package', ['Interface', 'Methods', 'Scopes', 'Fallback locale', 'Locales helper', 'Validation Rule Factory']],
        ['Usage', ['Attributes', 'Forms', 'Pivot Model', 'Custom Validation Rules']],
      ]);
      expect(tree.pages[5]).toMatchObject({ kind: 'group', slug: 'package' });
      expect(tree.pages[5].children[5]).toMatchObject({ slug: 'validation-rule-factory', gitPath: 'package/validation-rule-factory.md' });
      expect(tree.pages[0].markdown).toMatch(/^\[!\[Latest Version\]/);
      expect(tree.files.map((file) => [file.path, file.bytes.length])).toEqual([['.gitbook/assets/socialcard.png', 170441]]);
    });

    it('writes back only the documented normalisations: `*` list markers, a `# Title` where a page had none', () => {
      const written = writeRepositoryTree(tree);
      expect(changes(files, written).sort()).toEqual(['docs/SUMMARY.md', 'docs/usage/custom-validation-rule.md']);
      expect(text(written.get('docs/SUMMARY.md'))).toBe(text(files.get('docs/SUMMARY.md')).replace(/^- /gm, '* '));
      const page = 'docs/usage/custom-validation-rule.md';
      expect(text(written.get(page))).toBe(`# Custom Validation Rules\n\n${text(files.get(page))}`);
      // Written once, the repository is a fixed point.
      expect(writeRepositoryTree(readRepositoryTree(written))).toEqual(written);
    });
  });

  describe('handbook (hand-written in canonical form)', () => {
    const files = repository('handbook');
    const tree = readRepositoryTree(files);

    it('reads nested folder pages, groups with anchors, links, frontmatter and referenced files', () => {
      expect(titles(tree.pages)).toEqual([
        'Welcome',
        ['Getting started', [['Install', ['On Linux', 'On macOS']], 'First steps']],
        'Status page',
        ['Guides', ['Writing [draft] pages', 'Tabs and code', 'Internal notes']],
        ['API reference', ['Endpoints', 'Changelog']],
      ]);
      expect(tree.pages[0]).toMatchObject({ slug: 'welcome', gitPath: 'README.md', description: 'What the handbook covers and how to read it.', icon: 'book' });
      expect(tree.pages[1]).toMatchObject({
        slug: 'getting-started',
        layout: { title: true, description: false, tableOfContents: true, outline: false, pagination: true },
      });
      expect(tree.pages[1].children[0]).toMatchObject({ slug: 'install', gitPath: 'getting-started/install/README.md' });
      expect(tree.pages[2]).toMatchObject({ kind: 'link', href: 'https://status.example.com' });
      expect(tree.pages[3].children[2]).toMatchObject({ slug: 'internal', hidden: true });
      expect(tree.pages[4]).toMatchObject({ kind: 'group', slug: 'api' });
      expect(tree.files.map((file) => file.path)).toEqual(['.gitbook/assets/checklist.pdf', '.gitbook/assets/diagram.svg']);
    });

    it('writes back the same bytes', () => {
      const written = writeRepositoryTree(tree);
      expect(changes(files, written)).toEqual([]);
      expect([...written.keys()].sort()).toEqual([...files.keys()].filter((path) => path !== 'SOURCE.md').sort());
    });
  });
});
