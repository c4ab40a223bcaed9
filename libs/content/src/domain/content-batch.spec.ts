import { BadRequest } from '@app/platform';
import { applyBatch, ContentChange } from './content-batch';
import { PageEntry } from './page';
import { templateChanges } from './templates';
import { WorkingTree } from './tree';
import { build, bodyOf, fixtureContext, insert } from './test-fixtures';

const tree = (s: { pages: ReadonlyMap<string, PageEntry> }) => new WorkingTree(s.pages);
const titles = (s: { pages: ReadonlyMap<string, PageEntry> }, parent: string | null = null) =>
  tree(s)
    .children(parent)
    .map((p) => p.title);

describe('content batch', () => {
  it('given an empty tree, when pages are inserted, then they are placed in order with derived slugs and paths', () => {
    const r = build([insert('Getting started'), insert('API'), insert('Install', 'Run it.', { into: 'p1' }), insert('First', '', { at: 0 })]);
    expect(titles(r.structure)).toEqual(['First', 'Getting started', 'API']);
    const t = tree(r.structure);
    expect(t.path('p3')).toBe('getting-started/install');
    expect(bodyOf(t.get('p3')!.doc)).toBe('Run it.');
    expect(r.outcomes).toEqual([
      { object: 'created_page', page: 'p1' },
      { object: 'created_page', page: 'p2' },
      { object: 'created_page', page: 'p3' },
      { object: 'created_page', page: 'p4' },
    ]);
  });

  it('takes the title and metadata from the markdown heading and frontmatter, which win over fields', () => {
    const r = build([insert('Ignored', '---\ndescription: "Short: text"\nhidden: true\n---\n# Real title\n\nBody\n')]);
    const p = r.structure.pages.get('p1')!;
    expect(p).toMatchObject({ title: 'Real title', slug: 'real-title', description: 'Short: text', hidden: true });
    expect(bodyOf(p.doc)).toBe('Body\n');
  });

  it('renames, re-slugs, moves and reorders with update_page', () => {
    const base = build([insert('A'), insert('B'), insert('C')]).structure;
    const r = applyBatch(
      base,
      [
        { operation: 'update_page', page: 'p3', fields: { title: 'Charlie', slug: 'charlie' } },
        { operation: 'update_page', page: 'p3', fields: {}, at: 0 },
        { operation: 'update_page', page: 'p2', fields: {}, into: 'p1' },
      ],
      fixtureContext('x'),
    );
    expect(titles(r.structure)).toEqual(['Charlie', 'A']);
    expect(titles(r.structure, 'p1')).toEqual(['B']);
    expect(tree(r.structure).path('p3')).toBe('charlie');
    expect(r.outcomes.map((o) => o.page)).toEqual(['p3', 'p2']);
  });

  it('deletes a page with its subpages', () => {
    const base = build([insert('A'), insert('A1', '', { into: 'p1' }), insert('A2', '', { into: 'p2' }), insert('B')]).structure;
    const r = applyBatch(base, [{ operation: 'delete_page', page: 'p1' }], fixtureContext('x'));
    expect([...r.structure.pages.keys()]).toEqual(['p4']);
    expect(r.outcomes).toEqual(['p3', 'p2', 'p1'].map((page) => ({ object: 'deleted_page', page })));
  });

  it('resolves links by id, batch ref, absolute path and relative .md path to stable /pages/<id> links', () => {
    const base = build([insert('Guide'), insert('Install', '', { into: 'p1' })]).structure;
    const r = applyBatch(
      base,
      [
        insert('Setup', '[by ref](./later.md) [abs](/guide/install) [rel](../guide.md) [sib](install.md) [ext](https://x.io) [gone](/nope) `[code](/guide)`', {
          into: 'p1',
        }),
        insert('Later', '', { ref: 'later' }),
        { operation: 'insert_files', files: [{ ref: 'diagram.png', name: 'diagram.png', contentType: 'image/png', size: 3, blob: 'b1' }] },
        { operation: 'update_page', page: 'p2', fields: {}, markdown: '![d](./diagram.png) [id](/pages/p1#top)' },
      ],
      fixtureContext('x'),
    );
    const body = (id: string) => bodyOf(r.structure.pages.get(id)!.doc);
    expect(body('x1')).toBe('[by ref](/pages/x2) [abs](/pages/p2) [rel](/pages/p1) [sib](/pages/p2) [ext](https://x.io) [gone](/nope) `[code](/guide)`');
    expect(body('p2')).toBe('![d](/files/x3) [id](/pages/p1#top)');
    expect(r.insertedFiles).toMatchObject([{ id: 'x3', name: 'diagram.png', size: 3 }]);
  });

  it('resolves the reference link forms: /pages/<slug path>, Git file paths, README and folder-style links', () => {
    const base = build([insert('Guide'), insert('Install', '', { into: 'p1' }), insert('Other')]).structure;
    const links =
      '[a](/pages/guide/install) [b](/pages/guide/install.md) [c](/pages/guide/README.md) [d](/pages/README.md) [e](./install.md) [f](./install) [g](../other.md) [h](/pages/nope/x)';
    const r = applyBatch(base, [{ operation: 'update_page', page: 'p1', fields: {}, markdown: links }], fixtureContext('x'));
    // Guide has subpages, so its file is guide/README.md and relative links start in guide/.
    expect(bodyOf(r.structure.pages.get('p1')!.doc)).toBe(
      '[a](/pages/p2) [b](/pages/p2) [c](/pages/p1) [d](/pages/p1) [e](/pages/p2) [f](/pages/p2) [g](/pages/p3) [h](/pages/nope/x)',
    );
  });

  describe('rejects the whole batch naming the change and the rule', () => {
    const base = build([insert('A'), insert('B', '', { into: 'p1' })]).structure;
    const cases: Array<[string, ContentChange[], RegExp]> = [
      ['unknown page', [{ operation: 'update_page', page: 'nope', fields: {} }], /^changes\[0\]\.page: no page with id nope/],
      ['move into own descendant', [{ operation: 'update_page', page: 'p1', fields: {}, into: 'p2' }], /^changes\[0\]\.into: cannot move page p1 into itself/],
      ['slug clash', [insert('Other'), insert('A')], /^changes\[1\]\.slug: "a" is already used by sibling page p1/],
      ['index too large', [insert('X', '', { at: 5 })], /^changes\[0\]\.at: must be at most 1/],
      ['bad slug', [insert('X', '', { fields: { title: 'X', slug: 'Not Valid' } })], /^changes\[0\]\.slug: must be lower-case/],
      ['unknown parent', [insert('X', '', { into: 'zzz' })], /^changes\[0\]\.into: no page with id zzz/],
      [
        'deleted then updated',
        [
          { operation: 'delete_page', page: 'p1' },
          { operation: 'update_page', page: 'p2', fields: {} },
        ],
        /^changes\[1\]\.page: no page with id p2/,
      ],
      ['duplicate ref', [insert('X', '', { ref: 'r' }), insert('Y', '', { ref: 'r' })], /^changes\[1\]\.ref: "r" is already used/],
    ];
    it.each(cases)('%s', (_, changes, message) => {
      expect(() => applyBatch(base, changes, fixtureContext('x'))).toThrow(BadRequest);
      expect(() => applyBatch(base, changes, fixtureContext('x'))).toThrow(message);
    });

    it('and leaves the input structure untouched', () => {
      const before = JSON.stringify([...base.pages]);
      expect(() => applyBatch(base, [insert('New'), { operation: 'delete_page', page: 'nope' }], fixtureContext('x'))).toThrow(BadRequest);
      expect(JSON.stringify([...base.pages])).toBe(before);
    });
  });
});

describe('templates', () => {
  it('builds a nested tree from a built-in template, with content refs as links', () => {
    const r = build(templateChanges('product-docs', { product: { kind: 'url', url: 'https://example.com' } }));
    const t = tree(r.structure);
    expect(titles(r.structure)).toEqual(['Overview', 'Quickstart', 'Guides']);
    expect(t.path([...r.structure.pages.values()].find((p) => p.title === 'Your first guide')!.id)).toBe('guides/your-first-guide');
    expect(bodyOf(r.structure.pages.get('p1')!.doc)).toContain('[Learn about the product](https://example.com)');
    expect(bodyOf(r.structure.pages.get('p1')!.doc)).toContain('[Quickstart](/pages/p2)');
    expect(() => templateChanges('nope')).toThrow('template.id: unknown template "nope"');
  });
});
