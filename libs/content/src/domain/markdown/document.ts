import { BadRequest } from '@app/platform';
import { Block, Inline, Mark } from './ast';
import { parseBlocks } from './blocks';
import { inlineToMarkdown } from './inline';
import { classifyTarget } from './links';

/**
 * Markdown ⇄ the reference rich-text document (JSONDocument): headings, paragraphs, lists,
 * task lists, code, quotes, dividers; inline links, images and marks. Links become content refs
 * (page, file, anchor or url), so a document link to a page follows the page by id.
 */
export type ContentRef = { kind: 'page'; page: string } | { kind: 'file'; file: string } | { kind: 'anchor'; anchor: string } | { kind: 'url'; url: string };
export interface TextNode {
  object: 'text';
  leaves: { object: 'leaf'; text: string; marks: { object: 'mark'; type: Mark }[] }[];
}
export interface InlineNode {
  object: 'inline';
  type: 'link' | 'inline-image';
  isVoid: boolean;
  data: { ref: ContentRef; alt?: string };
  nodes?: (TextNode | InlineNode)[];
}
export interface BlockNode {
  object: 'block';
  type: string;
  isVoid: boolean;
  data?: { syntax?: string; checked?: boolean; start?: number };
  nodes?: (BlockNode | TextNode | InlineNode)[];
}
export interface JsonDocument {
  object: 'document';
  data: { schemaVersion: 1 };
  nodes: BlockNode[];
}

const text = (value: string, marks: Mark[]): TextNode => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }],
});

function contentRef(target: string): ContentRef {
  const c = classifyTarget(target);
  if (c.kind === 'page') return { kind: 'page', page: c.page };
  if (c.kind === 'file') return { kind: 'file', file: c.file };
  if (c.kind === 'anchor') return { kind: 'anchor', anchor: c.anchor };
  return { kind: 'url', url: target };
}

function inlines(nodes: Inline[]): (TextNode | InlineNode)[] {
  const out = nodes.map((n): TextNode | InlineNode => {
    if (n.t === 'text') return text(n.text, n.marks);
    if (n.t === 'image') {
      const ref = contentRef(n.target);
      return { object: 'inline', type: 'inline-image', isVoid: true, data: { ref: ref.kind === 'file' ? ref : { kind: 'url', url: n.target }, alt: n.alt } };
    }
    const children = n.children.filter((c) => c.t !== 'link').flatMap((c) => inlines([c]));
    return { object: 'inline', type: 'link', isVoid: false, data: { ref: contentRef(n.target) }, nodes: children.length ? children : [text('', [])] };
  });
  return out.length ? out : [text('', [])];
}

function block(b: Block, inQuote = false): BlockNode[] {
  switch (b.t) {
    case 'heading':
      return [{ object: 'block', type: `heading-${b.level}`, isVoid: false, data: {}, nodes: inlines(b.inlines) }];
    case 'paragraph':
      return [{ object: 'block', type: 'paragraph', isVoid: false, nodes: inlines(b.inlines) }];
    case 'divider':
      return [{ object: 'block', type: 'divider', isVoid: true, data: {} }];
    case 'quote':
      return [{ object: 'block', type: 'blockquote', isVoid: false, data: {}, nodes: b.blocks.flatMap((x) => block(x, true)) }];
    case 'code':
      // Quotes cannot hold code blocks in the document model: keep the lines as code-marked paragraphs.
      if (inQuote) return b.lines.map((l) => ({ object: 'block', type: 'paragraph', isVoid: false, nodes: [text(l, ['code'])] }));
      return [
        {
          object: 'block',
          type: 'code',
          isVoid: false,
          data: b.syntax ? { syntax: b.syntax } : {},
          nodes: b.lines.map((l) => ({ object: 'block', type: 'code-line', isVoid: false, data: {}, nodes: [text(l, [])] })),
        },
      ];
    case 'list': {
      const type = b.tasks ? 'list-tasks' : b.ordered ? 'list-ordered' : 'list-unordered';
      const items = b.items.map((it): BlockNode => ({
        object: 'block',
        type: 'list-item',
        isVoid: false,
        ...(b.tasks ? { data: { checked: !!it.checked } } : {}),
        nodes: it.blocks.length ? it.blocks.flatMap((x) => block(x, inQuote)) : [{ object: 'block', type: 'paragraph', isVoid: false, nodes: [text('', [])] }],
      }));
      return [
        { object: 'block', type, isVoid: false, data: b.ordered && !b.tasks && b.start !== undefined && b.start !== 1 ? { start: b.start } : {}, nodes: items },
      ];
    }
  }
}

export function markdownToDocument(markdown: string): JsonDocument {
  return { object: 'document', data: { schemaVersion: 1 }, nodes: parseBlocks(markdown).flatMap((b) => block(b)) };
}

// ---- JSONDocument → markdown (for writes that send a document instead of markdown) ----
// The document arrives as untrusted JSON: every value is `unknown` and is read through `prop`.

/** `value[key]` when value is an object, else undefined (like `value?.[key]` on parsed JSON). */
function prop(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

const str = (value: unknown): string => String(value);
const MARKS: readonly Mark[] = ['bold', 'italic', 'code', 'strikethrough'];
const isMark = (value: unknown): value is Mark => (MARKS as readonly unknown[]).includes(value);

function refToTarget(ref: unknown, field: string): string {
  const kind = prop(ref, 'kind');
  const page = prop(ref, 'page');
  const anchor = prop(ref, 'anchor');
  switch (kind) {
    case 'page':
      return `/pages/${str(page)}${anchor ? `#${str(anchor)}` : ''}`;
    case 'file':
      return `/files/${str(prop(ref, 'file'))}`;
    case 'anchor':
      return page ? `/pages/${str(page)}#${str(anchor)}` : `#${str(anchor)}`;
    case 'url':
      return str(prop(ref, 'url'));
    default:
      throw new BadRequest(`${field}.data.ref: unsupported content reference kind ${JSON.stringify(kind)}`);
  }
}

/** An optional array field: absent (null/undefined) reads as empty; anything else but an array is a 400. */
function optionalArray(value: unknown, field: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new BadRequest(`${field}: must be an array`);
  return value as unknown[];
}

function toInlines(nodes: unknown, field: string): Inline[] {
  if (!Array.isArray(nodes)) throw new BadRequest(`${field}.nodes: must be an array`);
  return (nodes as unknown[]).flatMap((n, i): Inline[] => {
    const f = `${field}.nodes[${i}]`;
    const object = prop(n, 'object');
    const type = prop(n, 'type');
    if (object === 'text') {
      const leaves = prop(n, 'leaves');
      if (!Array.isArray(leaves)) throw new BadRequest(`${f}.leaves: must be an array`);
      return (leaves as unknown[]).map((l, k) => ({
        t: 'text' as const,
        text: str(prop(l, 'text') ?? ''),
        marks: optionalArray(prop(l, 'marks'), `${f}.leaves[${k}].marks`)
          .map((m) => prop(m, 'type'))
          .filter(isMark),
      }));
    }
    const data = prop(n, 'data');
    if (object === 'inline' && type === 'link') return [{ t: 'link', target: refToTarget(prop(data, 'ref'), f), children: toInlines(prop(n, 'nodes'), f) }];
    if (object === 'inline' && type === 'inline-image') return [{ t: 'image', target: refToTarget(prop(data, 'ref'), f), alt: str(prop(data, 'alt') ?? '') }];
    throw new BadRequest(`${f}: unsupported inline node ${JSON.stringify(type ?? object)}`);
  });
}

function toMarkdown(nodes: unknown, field: string, indent = ''): string[] {
  if (!Array.isArray(nodes)) throw new BadRequest(`${field}.nodes: must be an array`);
  const out: string[] = [];
  (nodes as unknown[]).forEach((n, i) => {
    const f = `${field}.nodes[${i}]`;
    const type = str(prop(n, 'type'));
    const children = prop(n, 'nodes');
    const data = prop(n, 'data');
    if (prop(n, 'object') !== 'block') throw new BadRequest(`${f}: must be a block`);
    if (/^heading-[1-3]$/.test(type)) out.push(`${indent}${'#'.repeat(Number(type.slice(-1)))} ${inlineToMarkdown(toInlines(children, f))}`, '');
    else if (type === 'paragraph')
      out.push(
        ...inlineToMarkdown(toInlines(children, f))
          .split('\n')
          .map((l) => indent + l),
        '',
      );
    else if (type === 'divider') out.push(`${indent}---`, '');
    else if (type === 'code') {
      const lines = optionalArray(children, `${f}.nodes`).map((l, j) =>
        inlineToMarkdown(toInlines(prop(l, 'nodes'), `${f}.nodes[${j}]`).map((x) => (x.t === 'text' ? { ...x, marks: [] } : x))).replace(/\\(.)/g, '$1'),
      );
      out.push(`${indent}\`\`\`${str(prop(data, 'syntax') ?? '')}`, ...lines.map((l) => indent + l), `${indent}\`\`\``, '');
    } else if (type === 'blockquote') out.push(...toMarkdown(children, f).map((l) => `${indent}> ${l}`.trimEnd()), '');
    else if (type === 'list-unordered' || type === 'list-ordered' || type === 'list-tasks') {
      const start = prop(data, 'start');
      optionalArray(children, `${f}.nodes`).forEach((item, j) => {
        const marker = type === 'list-ordered' ? `${(typeof start === 'number' ? start : 1) + j}.` : '-';
        const check = type === 'list-tasks' ? `[${prop(prop(item, 'data'), 'checked') ? 'x' : ' '}] ` : '';
        const body = toMarkdown(prop(item, 'nodes'), `${f}.nodes[${j}]`).filter((l, k, all) => !(l === '' && k === all.length - 1));
        const pad = ' '.repeat(marker.length + 1);
        body.forEach((l, k) => out.push(k === 0 ? `${indent}${marker} ${check}${l}` : l === '' ? '' : `${indent}${pad}${l}`));
      });
      out.push('');
    } else throw new BadRequest(`${f}.type: unsupported block type ${JSON.stringify(type)} (supported: headings, paragraph, lists, code, blockquote, divider)`);
  });
  return out;
}

/** Markdown of a JSONDocument; 400 naming the node for anything outside the supported subset. */
export function documentToMarkdown(doc: unknown, field: string): string {
  if (prop(doc, 'object') !== 'document') throw new BadRequest(`${field}.object: must be "document"`);
  const lines = toMarkdown(prop(doc, 'nodes'), field);
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}
