import type { Nodes } from 'mdast';
import { parseTag } from './gitbook-blocks';
import { parseFigures } from './html-snippets';
import { parseMarkdown } from './markdown-syntax';
import { plain } from './mdast-text';

/**
 * The link targets of a markdown text, found on its syntax tree (so code, math and escapes are
 * never mistaken for links, and `[a](https://x.org/A_(b))` keeps its parentheses): inline links
 * and images, link reference definitions, GitBook's `{% content-ref url %}` and
 * `{% file src %}`, and `<img src>` of figures. Offsets let callers rewrite targets in place.
 */
export interface MarkdownLink {
  /** Offsets of the target inside the text (inside `<…>` or quotes when it has them). */
  start: number;
  end: number;
  target: string;
  /** Images and files: content the page depends on (the others are references). */
  image: boolean;
  text: string;
  /** How the target is written, so a rewrite escapes the new one the same way (default `destination`). */
  syntax?: 'destination' | 'angle' | 'attribute';
}

/** Skips a link destination starting at `i` (raw, with balanced parentheses, or in `<…>`); returns its bounds. */
function destinationAt(src: string, i: number): { start: number; end: number; angle: boolean } | null {
  while (i < src.length && /[ \t\n]/.test(src[i])) i++;
  if (src[i] === '<') {
    let j = i + 1;
    while (j < src.length && src[j] !== '>' && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
    return src[j] === '>' ? { start: i + 1, end: j, angle: true } : null;
  }
  let depth = 0;
  let j = i;
  for (; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') j++;
    else if (c === '(') depth++;
    else if (c === ')' && depth-- === 0) break;
    else if (/\s/.test(c) || c < ' ') break;
  }
  return { start: i, end: j, angle: false };
}

/** Index after the closing `]` of the label that opens at `open` (`[`), skipping escapes and nested brackets. */
function labelEnd(src: string, open: number, to: number): number {
  let depth = 0;
  for (let j = open; j < to; j++) {
    if (src[j] === '\\') j++;
    else if (src[j] === '[') depth++;
    else if (src[j] === ']' && --depth === 0) return j + 1;
  }
  return -1;
}

function linkOf(src: string, node: Nodes): MarkdownLink[] {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return [];
  if (node.type === 'link' || node.type === 'image') {
    const open = node.type === 'image' ? start + 1 : start;
    if (src[open] !== '[') return []; // autolinks (`<https://…>`, `www.…`) are not written targets
    const close = labelEnd(src, open, end);
    if (close < 0 || src[close] !== '(') return [];
    const d = destinationAt(src, close + 1);
    if (!d) return [];
    return [
      {
        start: d.start,
        end: d.end,
        target: node.url,
        image: node.type === 'image',
        text: node.type === 'image' ? (node.alt ?? '') : plain(node),
        syntax: d.angle ? 'angle' : 'destination',
      },
    ];
  }
  if (node.type === 'definition') {
    const close = labelEnd(src, start, end);
    const d = close > 0 && src[close] === ':' ? destinationAt(src, close + 1) : null;
    return d
      ? [{ start: d.start, end: d.end, target: node.url, image: false, text: node.label ?? node.identifier, syntax: d.angle ? 'angle' : 'destination' }]
      : [];
  }
  if (node.type === 'gitbookTag') {
    const tag = parseTag(src.slice(start, end));
    const name = tag?.name === 'content-ref' ? 'url' : tag?.name === 'file' ? 'src' : null;
    const a = name ? tag!.attrs.find((x) => x.name === name) : undefined;
    if (!a) return [];
    return [{ start: start + a.start, end: start + a.end, target: a.value, image: tag!.name === 'file', text: '', syntax: 'attribute' }];
  }
  if (node.type === 'html') {
    return (parseFigures(src.slice(start, end)) ?? []).map((f) => ({
      start: start + f.src.start,
      end: start + f.src.end,
      target: f.src.value,
      image: true,
      text: f.alt ?? '',
      syntax: 'attribute' as const,
    }));
  }
  return [];
}

export function findLinks(markdown: string): MarkdownLink[] {
  const root = parseMarkdown(markdown);
  const out: MarkdownLink[] = [];
  const stack: Nodes[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(...linkOf(markdown, n));
    if ('children' in n) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out.sort((a, b) => a.start - b.start);
}

/** A new target written where the old one was, escaped for that place. */
function encode(target: string, link: MarkdownLink): string {
  if (link.syntax === 'attribute') return target.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  if (link.syntax === 'angle') return target.replace(/[<>\\]/g, '\\$&');
  let depth = 0;
  const balanced = [...target].every((c) => (c === '(' ? ++depth : c === ')' ? --depth : 0) >= 0) && depth === 0;
  if (target && balanced && ![...target].some((c) => /[\s<]/.test(c) || c < ' ')) return target.replace(/\\/g, '\\\\');
  return `<${target.replace(/[<>\\]/g, '\\$&')}>`;
}

/** Replaces link targets; `map` returns the new target or null to keep it. */
export function rewriteLinks(markdown: string, map: (link: MarkdownLink) => string | null): string {
  let out = '';
  let cursor = 0;
  for (const link of findLinks(markdown)) {
    const next = map(link);
    if (next === null || next === link.target || link.start < cursor) continue;
    out += markdown.slice(cursor, link.start) + encode(next, link);
    cursor = link.end;
  }
  return out + markdown.slice(cursor);
}

export type LinkTarget =
  | { kind: 'page'; page: string; anchor?: string }
  | { kind: 'file'; file: string }
  | { kind: 'url'; url: string }
  | { kind: 'anchor'; anchor: string }
  | { kind: 'path'; path: string };

/** What a stored (canonical) link target points at. */
export function classifyTarget(target: string): LinkTarget {
  // Only a single id segment is a stable page link; `/pages/a/b` or `/pages/x.md` left unresolved are paths.
  const page = /^\/pages\/([^/#?\s.]+)(?:#(.*))?$/.exec(target);
  if (page) return { kind: 'page', page: page[1], ...(page[2] ? { anchor: page[2] } : {}) };
  const file = /^\/files\/([^/#?\s]+)$/.exec(target);
  if (file) return { kind: 'file', file: file[1] };
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return { kind: 'url', url: target };
  if (target.startsWith('#')) return { kind: 'anchor', anchor: target.slice(1) };
  return { kind: 'path', path: target };
}
