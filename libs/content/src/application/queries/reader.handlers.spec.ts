import { build, insert } from '../../domain/test-fixtures';
import { WorkingTree } from '../../domain/tree';
import { readerMarkdown, readerPages, reusablesVersion } from './reader.handlers';

const links = { page: (id: string, anchor?: string) => (id === 'gone' ? null : `/s/${id}${anchor ? `#${anchor}` : ''}`), file: (id: string) => `/f/${id}` };

describe('reader pages of a revision', () => {
  it('walks the tree depth first with depths and full paths, also a deep chain', () => {
    const depth = 1000;
    const changes = [
      insert('A', 'a', { ref: 'a' }),
      insert('B', 'b', { ref: 'b', into: 'a' }),
      insert('C', 'c', { into: 'a' }),
      insert('D', 'd', { ref: 'd0' }),
    ];
    for (let i = 1; i < depth; i++) changes.push(insert(`D${i}`, '', { ref: `d${i}`, into: `d${i - 1}` }));
    const { structure } = build(changes);
    const pages = readerPages(new WorkingTree(structure.pages), 'r');
    expect(pages.slice(0, 5).map((p) => [p.title, p.depth, p.path])).toEqual([
      ['A', 0, 'a'],
      ['B', 1, 'a/b'],
      ['C', 1, 'a/c'],
      ['D', 0, 'd'],
      ['D1', 1, 'd/d1'],
    ]);
    expect(pages).toHaveLength(3 + depth);
    expect(pages[pages.length - 1].depth).toBe(depth - 1);
    expect(pages[0].bodyVersion).toBe(`${structure.pages.get(pages[0].id)!.doc}.r`);
  });

  it('versions the reusable contents as a whole, independent of map order', () => {
    const r = (id: string, doc: string) => [id, { id, title: id, doc, createdAt: '', updatedAt: '' }] as const;
    expect(reusablesVersion(undefined)).toBe('');
    expect(reusablesVersion(new Map())).toBe('');
    const v = reusablesVersion(new Map([r('a', 'h1'), r('b', 'h2')]));
    expect(reusablesVersion(new Map([r('b', 'h2'), r('a', 'h1')]))).toBe(v);
    expect(reusablesVersion(new Map([r('a', 'h1'), r('b', 'h3')]))).not.toBe(v);
  });
});

describe('reader markdown', () => {
  it("points stored page and file links at the reader's URLs, keeping anchors and other links", () => {
    expect(readerMarkdown('[a](/pages/p1#x) ![i](/files/f1) [g](/pages/gone) [w](https://x.org)', links)).toBe(
      '[a](/s/p1#x) ![i](/f/f1) [g](/pages/gone) [w](https://x.org)',
    );
    expect(readerMarkdown('{% file src="/files/f1" %}\n\n{% content-ref url="/pages/p1" %}\n[p](/pages/p1)\n{% endcontent-ref %}', links)).toBe(
      '{% file src="/f/f1" %}\n\n{% content-ref url="/s/p1" %}\n[p](/s/p1)\n{% endcontent-ref %}',
    );
    expect(readerMarkdown('no links', links)).toBe('no links');
  });
});
