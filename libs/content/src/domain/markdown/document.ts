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
type Json = Record<string, any>;

const text = (value: string, marks: Mark[]): Json => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }],
});

function contentRef(target: string): Json {
  const c = classifyTarget(target);
  if (c.kind === 'page') return { kind: 'page', page: c.page };
  if (c.kind === 'file') return { kind: 'file', file: c.file };
  if (c.kind === 'anchor') return { kind: 'anchor', anchor: c.anchor };
  return { kind: 'url', url: target };
}

function inlines(nodes: Inline[]): Json[] {
  const out = nodes.map((n) => {
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

function block(b: Block, inQuote = false): Json[] {
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
      const items = b.items.map((it) => ({
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

export function markdownToDocument(markdown: string): Json {
  return { object: 'document', data: { schemaVersion: 1 }, nodes: parseBlocks(markdown).flatMap((b) => block(b)) };
}

// ---- JSONDocument → markdown (for writes that send a document instead of markdown) ----

function refToTarget(ref: Json | undefined, field: string): string {
  switch (ref?.kind) {
    case 'page':
      return `/pages/${ref.page}${ref.anchor ? `#${ref.anchor}` : ''}`;
    case 'file':
      return `/files/${ref.file}`;
    case 'anchor':
      return ref.page ? `/pages/${ref.page}#${ref.anchor}` : `#${ref.anchor}`;
    case 'url':
      return String(ref.url);
    default:
      throw new BadRequest(`${field}.data.ref: unsupported content reference kind ${JSON.stringify(ref?.kind)}`);
  }
}

function toInlines(nodes: unknown, field: string): Inline[] {
  if (!Array.isArray(nodes)) throw new BadRequest(`${field}.nodes: must be an array`);
  return nodes.flatMap((n: Json, i): Inline[] => {
    const f = `${field}.nodes[${i}]`;
    if (n?.object === 'text') {
      if (!Array.isArray(n.leaves)) throw new BadRequest(`${f}.leaves: must be an array`);
      return n.leaves.map((l: Json) => ({
        t: 'text' as const,
        text: String(l?.text ?? ''),
        marks: (l?.marks ?? []).map((m: Json) => m?.type).filter((m: string) => ['bold', 'italic', 'code', 'strikethrough'].includes(m)),
      }));
    }
    if (n?.object === 'inline' && n.type === 'link') return [{ t: 'link', target: refToTarget(n.data?.ref, f), children: toInlines(n.nodes, f) }];
    if (n?.object === 'inline' && n.type === 'inline-image') return [{ t: 'image', target: refToTarget(n.data?.ref, f), alt: String(n.data?.alt ?? '') }];
    throw new BadRequest(`${f}: unsupported inline node ${JSON.stringify(n?.type ?? n?.object)}`);
  });
}

function toMarkdown(nodes: unknown, field: string, indent = ''): string[] {
  if (!Array.isArray(nodes)) throw new BadRequest(`${field}.nodes: must be an array`);
  const out: string[] = [];
  nodes.forEach((n: Json, i) => {
    const f = `${field}.nodes[${i}]`;
    const type = String(n?.type);
    if (n?.object !== 'block') throw new BadRequest(`${f}: must be a block`);
    if (/^heading-[1-3]$/.test(type)) out.push(`${indent}${'#'.repeat(Number(type.slice(-1)))} ${inlineToMarkdown(toInlines(n.nodes, f))}`, '');
    else if (type === 'paragraph')
      out.push(
        ...inlineToMarkdown(toInlines(n.nodes, f))
          .split('\n')
          .map((l) => indent + l),
        '',
      );
    else if (type === 'divider') out.push(`${indent}---`, '');
    else if (type === 'code') {
      const lines = (n.nodes ?? []).map((l: Json, j: number) =>
        inlineToMarkdown(toInlines(l?.nodes, `${f}.nodes[${j}]`).map((x) => (x.t === 'text' ? { ...x, marks: [] } : x))).replace(/\\(.)/g, '$1'),
      );
      out.push(`${indent}\`\`\`${n.data?.syntax ?? ''}`, ...lines.map((l: string) => indent + l), `${indent}\`\`\``, '');
    } else if (type === 'blockquote') out.push(...toMarkdown(n.nodes, f).map((l) => `${indent}> ${l}`.trimEnd()), '');
    else if (type === 'list-unordered' || type === 'list-ordered' || type === 'list-tasks') {
      (n.nodes ?? []).forEach((item: Json, j: number) => {
        const marker = type === 'list-ordered' ? `${(n.data?.start ?? 1) + j}.` : '-';
        const check = type === 'list-tasks' ? `[${item?.data?.checked ? 'x' : ' '}] ` : '';
        const body = toMarkdown(item?.nodes, `${f}.nodes[${j}]`).filter((l, k, all) => !(l === '' && k === all.length - 1));
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
  const d = doc as Json;
  if (!d || typeof d !== 'object' || d.object !== 'document') throw new BadRequest(`${field}.object: must be "document"`);
  const lines = toMarkdown(d.nodes, field);
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}
