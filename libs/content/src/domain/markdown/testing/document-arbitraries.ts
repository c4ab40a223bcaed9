import fc from 'fast-check';
import { block, normalizeInlines, paragraph, text } from '../document-builders';
import { BlockNode, BlockType, ContentRef, Fragment, InlineNode, Mark, TextNode } from '../document-nodes';

/**
 * fast-check generators of reference documents in canonical form (what markdownToDocument
 * produces): every construct of the mapping, nested as the reference allows. Text avoids what
 * markdown itself reads differently on purpose: bare URLs and e-mail addresses (GFM makes them
 * links) and blanks at the edges of a paragraph (markdown trims them).
 */
export type Inline = TextNode | InlineNode;
const MARK_SETS: Mark[][] = [[], [], ['bold'], ['italic'], ['strikethrough'], ['code'], ['bold', 'italic'], ['bold', 'code'], ['italic', 'strikethrough']];
const word = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-zA-Z0-9]{1,8}$/) },
  { weight: 2, arbitrary: fc.constantFrom('Ж', 'λόγος', 'é', '中文', '🙂', 'naïve', 'Ωmega') },
  { weight: 3, arbitrary: fc.stringMatching(/^[-*_~`#!|\\<>[\](){}$%&"'=+.,:;?^]{1,3}$/) },
  { weight: 1, arbitrary: fc.constantFrom('1.', '-', '+', '>', '#', '***', '---', '$$', '{%', '[^1]', '<br>', '&amp;', '\\', '`x`') },
);
/** Words joined by single spaces. */
export const phrase = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
export const ident = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/);
const urls = fc.constantFrom(
  'https://example.com',
  'https://en.wikipedia.org/wiki/Foo_(bar)',
  'mailto:team@example.com',
  './guide.md',
  'other page.md',
  '../up/x?y=1&z=2',
);
const pageRef = ident.map((page): ContentRef => ({ kind: 'page', page }));
const anchorRef = fc
  .tuple(ident, fc.option(ident, { nil: undefined }))
  .map(([anchor, page]): ContentRef => (page ? { kind: 'anchor', anchor, page } : { kind: 'anchor', anchor }));
const fileRef = ident.map((file) => ({ kind: 'file' as const, file }));
const urlRef = urls.map((url) => ({ kind: 'url' as const, url }));
const anyRef = fc.oneof(pageRef, anchorRef, fileRef, urlRef);
const imageRef = fc.oneof(fileRef, urlRef);

/** Text runs with marks, never starting or ending with a blank; in paragraphs, some joined by a line break (outside code). */
const textRuns = (breaks: boolean) =>
  fc
    .array(fc.tuple(phrase, fc.constantFrom(...MARK_SETS), fc.constantFrom('', ' ', ' ', breaks ? '\n' : ' ')), { minLength: 1, maxLength: 4 })
    .map((parts) =>
      parts.map(([value, marks, gap], i) => text(i < parts.length - 1 ? value + (marks.includes('code') && gap === '\n' ? ' ' : gap) : value, marks)),
    );
const runs = textRuns(false);

const inlineImage = fc
  .record({ ref: imageRef, alt: fc.option(phrase, { nil: undefined }), title: fc.option(phrase, { nil: undefined }) })
  .map((d): InlineNode => ({
    object: 'inline',
    type: 'inline-image',
    isVoid: true,
    data: Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)),
  }));
const link = fc
  .tuple(anyRef, runs)
  .map(([ref, nodes]): InlineNode => ({ object: 'inline', type: 'link', isVoid: false, data: { ref }, nodes: normalizeInlines(nodes) }));
const inlineMath = fc
  .stringMatching(/^[a-z0-9]([a-z0-9+^_{}=\\ ]{0,8}[a-z0-9}])?$/)
  .map((formula): InlineNode => ({ object: 'inline', type: 'inline-math', isVoid: true, data: { formula } }));
const annotation = (body: fc.Arbitrary<BlockNode[]>) =>
  body.map((nodes): InlineNode => ({
    object: 'inline',
    type: 'annotation',
    isVoid: false,
    data: {},
    nodes: [text('note')],
    fragments: [{ object: 'fragment', fragment: 'annotation-body', type: 'annotation-body', nodes }],
  }));

/** Inline content: text runs with links, images, math (and footnotes where allowed) between them. */
export const inlines = (footnotes: boolean, body?: fc.Arbitrary<BlockNode[]>, breaks = false): fc.Arbitrary<Inline[]> => {
  const inline = footnotes && body ? fc.oneof(link, inlineImage, inlineMath, annotation(body)) : fc.oneof(link, inlineImage, inlineMath);
  return fc
    .tuple(textRuns(breaks), fc.array(fc.tuple(inline, textRuns(breaks)), { maxLength: 2 }))
    .map(([first, rest]) => normalizeInlines([...first, ...rest.flatMap(([n, r]) => [text(' '), n, text(' '), ...r])]));
};

export const para = (footnotes = false, body?: fc.Arbitrary<BlockNode[]>) => inlines(footnotes, body, true).map(paragraph);
export const heading = fc
  .tuple(fc.constantFrom<BlockType>('heading-1', 'heading-2', 'heading-3'), inlines(false), fc.option(ident, { nil: undefined }))
  .map(([type, nodes, id]) => block(type, nodes, id ? { id } : {}));
export const divider = fc.constant(block('divider', undefined, {}, true));
const codeLine = fc
  .oneof(fc.constant(''), fc.string({ maxLength: 20 }), fc.constantFrom('```', '~~~', '    indented', '{% hint %}', '$$'))
  .map((s) => s.replace(/[\r\n]/g, '').replace(/^\s+$/, ''));
export const code = fc
  .record({
    lines: fc.array(codeLine, { minLength: 1, maxLength: 3 }),
    syntax: fc.option(fc.constantFrom('js', 'ts', 'bash', 'c++'), { nil: undefined }),
    title: fc.option(phrase, { nil: undefined }),
    lineNumbers: fc.option(fc.constant(true), { nil: undefined }),
    overflow: fc.option(fc.constant('wrap' as const), { nil: undefined }),
  })
  .map(({ lines, ...data }) =>
    block(
      'code',
      lines.map((l) => block('code-line', [text(l)], {})),
      Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)),
    ),
  );
export const math = fc.stringMatching(/^[a-z0-9][a-z0-9+^_{}=\\ ]{0,12}$/).map((formula) => block('math', undefined, { formula: formula.trim() || 'x' }, true));
export const embed = urls.filter((u) => u.startsWith('https')).map((url) => block('embed', undefined, { url }, true));
export const file = fileRef.map((ref) => block('file', undefined, { ref }, true));
export const contentRef = anyRef.map((ref) => block('content-ref', undefined, { ref }, true));
export const images = fc
  .array(fc.record({ ref: imageRef, alt: fc.option(phrase, { nil: undefined }), caption: fc.option(phrase, { nil: undefined }) }), {
    minLength: 1,
    maxLength: 3,
  })
  .map((list) =>
    block(
      'images',
      list.map(({ ref, alt, caption }): BlockNode => {
        const fragments: Fragment[] = caption ? [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [paragraph([text(caption)])] }] : [];
        return { ...block('image', undefined, { ref, ...(alt ? { alt } : {}) }, true), fragments };
      }),
      {},
    ),
  );
