import type { Code, Definition, FootnoteDefinition, Html, Paragraph, Root, RootContent, Nodes } from 'mdast';
import { block, imageRef, paragraph, text } from './document-builders';
import { BlockData, BlockNode } from './document-nodes';
import { attr, Tag } from './gitbook-blocks';
import { isComment, parseFigures } from './html-snippets';

/** mdast leaf blocks → reference blocks: code (with GitBook's code attributes), HTML, images. */
const whitespace = (n: RootContent) => n.type === 'break' || (n.type === 'text' && n.value.trim() === '');

export function codeAttributes(tag: Tag): BlockData {
  const title = attr(tag, 'title');
  const overflow = attr(tag, 'overflow');
  return {
    ...(title ? { title } : {}),
    ...(attr(tag, 'lineNumbers') === 'true' ? { lineNumbers: true } : {}),
    ...(overflow === 'wrap' || overflow === 'scroll' ? { overflow } : {}),
    ...(attr(tag, 'fullWidth') === 'true' ? { fullWidth: true } : {}),
  };
}

/**
 * Code lines, blank ones emptied: inside a list or footnote, markdown cannot say "a line of only
 * spaces" (a blank line needs no indentation, so the spaces would grow on every round trip).
 */
const codeLines = (value: string): BlockNode[] => value.split('\n').map((line) => block('code-line', [text(line.trim() ? line : '')], {}));

export function codeBlock(n: Code): BlockNode {
  const title = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(n.meta ?? '');
  const data: BlockData = { ...(n.lang ? { syntax: n.lang } : {}), ...(title ? { title: title[1] ?? title[2] ?? title[3] } : {}) };
  return block('code', codeLines(n.value), data);
}

export function htmlBlock(n: Html): BlockNode[] {
  if (isComment(n.value)) return [];
  const figures = parseFigures(n.value);
  if (figures) return [imagesOf(figures.map((f) => ({ url: f.src.value, alt: f.alt, title: f.title, caption: f.caption })))];
  return [block('code', codeLines(n.value), { syntax: 'html' })];
}

export const linkParagraph = (url: string): Paragraph => ({ type: 'paragraph', children: [{ type: 'link', url, children: [{ type: 'text', value: url }] }] });

interface ImageSpec {
  url: string;
  alt?: string | null;
  title?: string | null;
  caption?: string;
}

function imagesOf(images: ImageSpec[]): BlockNode {
  const nodes = images.map((i): BlockNode => {
    const caption = i.caption ? [{ object: 'fragment' as const, fragment: 'caption', type: 'caption', nodes: [paragraph([text(i.caption)])] }] : [];
    return {
      ...block('image', undefined, { ref: imageRef(i.url), ...(i.alt ? { alt: i.alt } : {}), ...(i.title ? { title: i.title } : {}) }, true),
      fragments: caption,
    };
  });
  return block('images', nodes, {});
}

/** A paragraph of images only (blanks between them allowed) is an images block. */
export function imagesBlock(n: Paragraph): BlockNode | null {
  const images = n.children.filter((c) => !whitespace(c));
  if (!images.length || !images.every((c) => c.type === 'image')) return null;
  return imagesOf(images.map((i) => (i.type === 'image' ? { url: i.url, alt: i.alt, title: i.title } : { url: '' })));
}

/** Link and footnote definitions by identifier (the first wins, as in CommonMark). */
export function definitionsOf(root: Root): { definitions: Map<string, Definition>; footnotes: Map<string, FootnoteDefinition> } {
  const definitions = new Map<string, Definition>();
  const footnotes = new Map<string, FootnoteDefinition>();
  const stack: Nodes[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'definition' && !definitions.has(n.identifier)) definitions.set(n.identifier, n);
    if (n.type === 'footnoteDefinition' && !footnotes.has(n.identifier)) footnotes.set(n.identifier, n);
    if ('children' in n && n.type !== 'paragraph' && n.type !== 'heading') for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return { definitions, footnotes };
}
