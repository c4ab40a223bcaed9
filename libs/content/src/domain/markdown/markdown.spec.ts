import { BadRequest } from '@app/platform';
import { BlockNode, documentToMarkdown, InlineNode, markdownToDocument, TextNode } from './document';
import { findLinks } from './links';
import { parsePageMarkdown, renderPageMarkdown } from './page-markdown';

const sample = [
  '## Install',
  '',
  'Run **npm i** and _then_ `start` — see [the guide](/pages/abc#setup) or ![logo](/files/f1).',
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
  '---',
  '',
  'Last ~~line~~.',
].join('\n');

describe('markdown', () => {
  it('renders documents with headings, marks, links as content refs, lists, code, quotes and dividers', () => {
    const doc = markdownToDocument(sample);
    expect(doc.object).toBe('document');
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
    const para = doc.nodes[1].nodes ?? [];
    const inlineOfType = (type: string) => para.find((n): n is InlineNode => n.object === 'inline' && n.type === type);
    expect(inlineOfType('link')?.data.ref).toEqual({ kind: 'page', page: 'abc' });
    expect(inlineOfType('inline-image')?.data.ref).toEqual({ kind: 'file', file: 'f1' });
    const bold = para[1] as TextNode;
    expect(bold.leaves[0]).toEqual({ object: 'leaf', text: 'npm i', marks: [{ object: 'mark', type: 'bold' }] });
    const secondItem = doc.nodes[2].nodes?.[1] as BlockNode;
    expect(secondItem.nodes?.[1]).toMatchObject({ object: 'block', type: 'list-ordered' });
  });

  it('round-trips markdown → document → markdown → document', () => {
    const doc = markdownToDocument(sample);
    expect(markdownToDocument(documentToMarkdown(doc, 'document'))).toEqual(doc);
  });

  it('rejects document nodes outside the supported subset with the node path', () => {
    expect(() =>
      documentToMarkdown({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'tabs', nodes: [] }] }, 'changes[0].document.document'),
    ).toThrow(
      new BadRequest(
        'changes[0].document.document.nodes[0].type: unsupported block type "tabs" (supported: headings, paragraph, lists, code, blockquote, divider)',
      ),
    );
  });

  it('rejects a leaf whose marks are not an array with a 400 naming it (was a TypeError)', () => {
    const leaf = { object: 'leaf', text: 'x', marks: 'bold' };
    const doc = { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [leaf] }] }] };
    expect(() => documentToMarkdown(doc, 'document')).toThrow(new BadRequest('document.nodes[0].nodes[0].leaves[0].marks: must be an array'));
  });

  it('reads frontmatter and the title heading, and renders them back identically', () => {
    const md = '---\ndescription: "A: b"\nhidden: true\n---\n\n# Title here\n\nBody line\n';
    const parsed = parsePageMarkdown(md, 'm');
    expect(parsed).toEqual({ fields: { description: 'A: b', hidden: true, title: 'Title here' }, body: 'Body line\n' });
    const rendered = renderPageMarkdown(
      { id: 'p', parent: null, order: 'a0', slug: 's', doc: 'd', createdAt: '', updatedAt: '', title: 'Title here', description: 'A: b', hidden: true },
      parsed.body,
    );
    expect(parsePageMarkdown(rendered, 'm')).toEqual(parsed);
  });

  it('finds links outside code only', () => {
    expect(findLinks('[a](/x) `[b](/y)`\n```\n[c](/z)\n```\n![d](<e f.png>)').map((l) => [l.target, l.image])).toEqual([
      ['/x', false],
      ['e f.png', true],
    ]);
  });
});
