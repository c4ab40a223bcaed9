import { BadRequest } from '@app/platform';
import { expectMatchesSchema } from '../../../../../test/support/reference-schema';
import { BlockNode, documentToMarkdown, InlineNode, markdownToDocument, TextNode } from './document';

const sample = [
  '## Install',
  '',
  'Run **npm i** and *then* `start` — see [the guide](/pages/abc#setup), [home](/pages/abc) or ![logo](/files/f1).',
  '',
  '- one',
  '- two',
  '  1. nested',
  '',
  'Tasks:',
  '',
  '- [x] done',
  '- [ ] todo',
  '',
  '```ts',
  'const a = 1;',
  '```',
  '',
  '> quoted *text*',
  '',
  '***',
  '',
  'Last ~~line~~.',
].join('\n');

const blocks = (markdown: string) => markdownToDocument(markdown).nodes;
const inlinesOf = (b: BlockNode) => (b.nodes ?? []) as (TextNode | InlineNode)[];

describe('markdown ⇄ document', () => {
  it('maps headings, marks, links as content refs, lists, task lists, code, quotes and dividers to reference nodes', () => {
    const doc = markdownToDocument(sample);
    expectMatchesSchema('JSONDocument', doc);
    expect(doc.nodes.map((n) => n.type)).toEqual([
      'heading-2',
      'paragraph',
      'list-unordered',
      'paragraph',
      'list-tasks',
      'code',
      'blockquote',
      'divider',
      'paragraph',
    ]);
    const para = inlinesOf(doc.nodes[1]);
    const links = para.filter((n): n is InlineNode => n.object === 'inline' && n.type === 'link').map((l) => l.data.ref);
    expect(links).toEqual([
      { kind: 'anchor', anchor: 'setup', page: 'abc' },
      { kind: 'page', page: 'abc' },
    ]);
    expect(para.find((n) => n.object === 'inline' && n.type === 'inline-image')).toMatchObject({ data: { ref: { kind: 'file', file: 'f1' }, alt: 'logo' } });
    expect((para[0] as TextNode).leaves.slice(0, 4)).toEqual([
      { object: 'leaf', text: 'Run ', marks: [] },
      { object: 'leaf', text: 'npm i', marks: [{ object: 'mark', type: 'bold' }] },
      { object: 'leaf', text: ' and ', marks: [] },
      { object: 'leaf', text: 'then', marks: [{ object: 'mark', type: 'italic' }] },
    ]);
    expect((doc.nodes[2].nodes?.[1] as BlockNode).nodes?.[1]).toMatchObject({ object: 'block', type: 'list-ordered' });
    expect(doc.nodes[4].nodes?.map((i) => (i as BlockNode).data)).toEqual([{ checked: true }, { checked: false }]);
    expect(doc.nodes[5]).toMatchObject({
      type: 'code',
      data: { syntax: 'ts' },
      nodes: [{ type: 'code-line', nodes: [{ leaves: [{ text: 'const a = 1;' }] }] }],
    });
  });

  it('writes a document back as the same markdown', () => {
    expect(documentToMarkdown(markdownToDocument(sample), 'document')).toBe(sample);
  });

  it('gives every block and inline a key, the same for the same markdown', () => {
    const doc = markdownToDocument(sample);
    expect(doc.nodes.map((n) => n.key)).toEqual(markdownToDocument(sample).nodes.map((n) => n.key));
    expect(new Set(doc.nodes.map((n) => n.key)).size).toBe(doc.nodes.length);
  });

  it('reads GFM tables as table blocks with column definitions, alignment and records (was a paragraph of pipes)', () => {
    const [table] = blocks('| Name | Size |\n| :-- | --: |\n| **a** | 1 |\n| b \\| c | 2 |');
    expect(table).toMatchObject({ type: 'table', isVoid: true, data: { view: { type: 'grid', columns: ['c0', 'c1'], hideHeader: false } } });
    expect(Object.values(table.data!.definition!).map((d) => [d.title, d.textAlignment])).toEqual([
      ['Name', 'left'],
      ['Size', 'right'],
    ]);
    const cells = new Map(table.fragments!.map((f) => [f.fragment, f.nodes[0]]));
    const rows = Object.values(table.data!.records!).map((r) => Object.values(r.values).map((v) => inlinesOf(cells.get(v)!)));
    expect(rows[0][0]).toEqual([{ object: 'text', leaves: [{ object: 'leaf', text: 'a', marks: [{ object: 'mark', type: 'bold' }] }] }]);
    expect(rows[1][0]).toEqual([{ object: 'text', leaves: [{ object: 'leaf', text: 'b | c', marks: [] }] }]);
    expect(documentToMarkdown({ object: 'document', nodes: [table] }, 'd')).toBe('| Name | Size |\n| - | -: |\n| **a** | 1 |\n| b \\| c | 2 |');
  });

  it('keeps images with alt and title, standalone as an images block and inline in text (images were dropped)', () => {
    const [images, para] = blocks('![Logo](/files/f1 "The logo")\n\nSee ![icon](https://x.org/i.png) here');
    expect(images).toMatchObject({ type: 'images', nodes: [{ type: 'image', data: { ref: { kind: 'file', file: 'f1' }, alt: 'Logo', title: 'The logo' } }] });
    expect(inlinesOf(para)[1]).toMatchObject({ type: 'inline-image', data: { ref: { kind: 'url', url: 'https://x.org/i.png' }, alt: 'icon' } });
    expect(documentToMarkdown(markdownToDocument('![Logo](/files/f1 "The logo")'), 'd')).toBe('![Logo](/files/f1 "The logo")');
  });

  it('keeps parentheses in link targets (they used to end the link)', () => {
    const [para] = blocks('See [Foo](https://en.wikipedia.org/wiki/Foo_(bar)) now');
    expect(inlinesOf(para)[1]).toMatchObject({ type: 'link', data: { ref: { kind: 'url', url: 'https://en.wikipedia.org/wiki/Foo_(bar)' } } });
  });

  it('keeps HTML visible and inert: blocks as html code, inline tags as code, <br> a line break, comments dropped', () => {
    const doc = markdownToDocument('<div onclick="x()">Hi</div>\n\n<!-- note -->\n\nPress <kbd>K</kbd><br>now');
    expect(doc.nodes[0]).toMatchObject({ type: 'code', data: { syntax: 'html' }, nodes: [{ nodes: [{ leaves: [{ text: '<div onclick="x()">Hi</div>' }] }] }] });
    expect(doc.nodes).toHaveLength(2);
    expect((inlinesOf(doc.nodes[1])[0] as TextNode).leaves.map((l) => [l.text, l.marks.map((m) => m.type)])).toEqual([
      ['Press ', []],
      ['<kbd>', ['code']],
      ['K', []],
      ['</kbd>', ['code']],
      ['\nnow', []],
    ]);
  });

  it('rewrites what the reference cannot nest where markdown put it, never dropping it', () => {
    const [quote] = blocks('> ```js\n> let a\n> ```');
    expect(quote).toMatchObject({ type: 'blockquote', nodes: [{ type: 'paragraph', nodes: [{ leaves: [{ text: 'let a', marks: [{ type: 'code' }] }] }] }] });
    const [item] = blocks('- ![pic](/files/f1)').flatMap((l) => l.nodes as BlockNode[]);
    expect(item.nodes).toMatchObject([{ type: 'paragraph', nodes: [{ type: 'inline-image', data: { ref: { kind: 'file', file: 'f1' } } }] }]);
  });

  it('reads footnotes as annotations and writes them back as footnotes', () => {
    const md = 'Text[^a] here.\n\n[^a]: The *note*.';
    const [para] = blocks(md);
    expect(inlinesOf(para)[1]).toMatchObject({
      type: 'annotation',
      nodes: [{ leaves: [{ text: 'a' }] }],
      fragments: [{ type: 'annotation-body', nodes: [{ type: 'paragraph' }] }],
    });
    expect(documentToMarkdown(markdownToDocument(md), 'd')).toBe(md);
  });

  it('skips YAML frontmatter, but not a body that opens with a thematic break', () => {
    expect(blocks('---\ntitle: A\nlayout:\n  width: wide\n---\n\nText')).toMatchObject([{ type: 'paragraph', nodes: [{ leaves: [{ text: 'Text' }] }] }]);
    expect(blocks('---\n\nText\n\n---').map((b) => b.type)).toEqual(['divider', 'paragraph', 'divider']);
  });

  it('never throws on hostile markdown: deep nesting and delimiter floods read as text', () => {
    for (const md of ['>'.repeat(20_000) + ' x', '- '.repeat(5_000) + 'x', '*a_'.repeat(30_000), '['.repeat(50_000), 'a\n' + ' '.repeat(300) + '- x']) {
      const doc = markdownToDocument(md);
      expectMatchesSchema('JSONDocument', doc);
    }
  });
});

describe('documentToMarkdown on untrusted documents', () => {
  const at = 'changes[0].document.document';
  it.each([
    [{ object: 'document', nodes: [{ object: 'block', type: 'mystery', nodes: [] }] }, `${at}.nodes[0].type: unsupported block type "mystery"`],
    [{ object: 'document', nodes: 'x' }, `${at}.nodes: must be an array`],
    [{ object: 'nope' }, `${at}.object: must be "document"`],
    [{ object: 'document', nodes: [{ object: 'text' }] }, `${at}.nodes[0]: must be a block`],
    [
      { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'inline', type: 'mention' }] }] },
      `${at}.nodes[0].nodes[0]: unsupported inline node "mention"`,
    ],
    [
      { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'inline', type: 'link', data: { ref: { kind: 'user' } } }] }] },
      `${at}.nodes[0].nodes[0].data.ref: unsupported content reference kind "user"`,
    ],
    [
      { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text: 1, marks: {} }] }] }] },
      `${at}.nodes[0].nodes[0].leaves[0].marks: must be an array`,
    ],
    [{ object: 'document', nodes: [{ object: 'block', type: 'embed', data: {} }] }, `${at}.nodes[0].data.url: is required`],
  ])('400 naming the node: %j', (doc, message) => {
    expect(() => documentToMarkdown(doc, at)).toThrow(BadRequest);
    expect(() => documentToMarkdown(doc, at)).toThrow(message);
  });

  it('400 for a document nested deeper than the limit, not a stack overflow', () => {
    let node: unknown = { object: 'block', type: 'paragraph', nodes: [] };
    for (let i = 0; i < 10_000; i++) node = { object: 'block', type: 'blockquote', nodes: [node] };
    expect(() => documentToMarkdown({ object: 'document', nodes: [node] }, 'd')).toThrow(/nested deeper than 64 levels/);
  });

  it('accepts documents without the optional fields (isVoid, data, marks)', () => {
    const doc = { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Why' }] }] }] };
    expect(documentToMarkdown(doc, 'description')).toBe('Why');
  });
});
