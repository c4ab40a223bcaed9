import type { Html, RootContent } from 'mdast';
import { attributes, detailsOpening, HtmlAttribute, isDetailsEnd, summary } from './html-snippets';

/**
 * Pairs GitBook's block tags and `<details>` among siblings: `{% hint %}`…`{% endhint %}`,
 * `{% tabs %}`/`{% tab %}`, `{% code %}`, `{% content-ref %}`, and the single tags `{% embed %}`,
 * `{% file %}` (their optional end tags close a caption this server does not model; the caption
 * stays as ordinary blocks). A tag without its partner, or one this server does not know, is
 * kept as literal text.
 */
export interface Tag {
  name: string;
  attrs: HtmlAttribute[];
}

const PAIRED = new Set(['hint', 'tabs', 'tab', 'code', 'content-ref']);
const SINGLE = new Set(['embed', 'file']);

/** `{% name a="b" c='d' %}` → name and attributes (offsets relative to the tag text). */
export function parseTag(value: string): Tag | null {
  const m = /^\{%-?\s*([a-z][\w-]*)([\s\S]*?)-?%\}$/.exec(value.trim());
  return m ? { name: m[1], attrs: attributes(m[2], value.indexOf(m[2], 2 + m[1].length)) } : null;
}

export const attr = (tag: Tag, name: string): string | undefined => tag.attrs.find((a) => a.name === name)?.value;

export type Grouped =
  | { kind: 'node'; node: RootContent }
  | { kind: 'tag'; tag: Tag; children: RootContent[] }
  | { kind: 'details'; title: string; children: RootContent[]; inner?: string };

const tagOf = (node: RootContent): Tag | null => (node.type === 'gitbookTag' ? parseTag(node.value) : null);

/** Index of the sibling closing the block opened at `from`, counting nested blocks of the same kind. */
function closing(children: RootContent[], from: number, opens: (n: RootContent) => boolean, closes: (n: RootContent) => boolean): number {
  let depth = 0;
  for (let i = from + 1; i < children.length; i++) {
    if (opens(children[i])) depth++;
    else if (closes(children[i]) && depth-- === 0) return i;
  }
  return -1;
}

const detailsOpen = (n: RootContent) => n.type === 'html' && detailsOpening(n.value) !== null && !/<\/details>\s*$/i.test(n.value);

export function groupBlocks(children: RootContent[]): Grouped[] {
  const out: Grouped[] = [];
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    const tag = tagOf(node);
    if (tag && PAIRED.has(tag.name)) {
      const end = closing(
        children,
        i,
        (n) => tagOf(n)?.name === tag.name,
        (n) => tagOf(n)?.name === `end${tag.name}`,
      );
      if (end >= 0) {
        out.push({ kind: 'tag', tag, children: children.slice(i + 1, end) });
        i = end;
        continue;
      }
    } else if (tag && SINGLE.has(tag.name)) {
      out.push({ kind: 'tag', tag, children: [] });
      continue;
    } else if (tag && SINGLE.has(tag.name.replace(/^end/, ''))) continue;
    if (node.type === 'html') {
      const details = groupDetails(children, i, node);
      if (details) {
        out.push(details.group);
        i = details.end;
        continue;
      }
    }
    out.push({ kind: 'node', node });
  }
  return out;
}

function groupDetails(children: RootContent[], i: number, node: Html): { group: Grouped; end: number } | null {
  let open = detailsOpening(node.value);
  if (!open) return null;
  // The whole element in one HTML block (no blank lines inside): its body is parsed as markdown.
  const whole = /^([\s\S]*)<\/details>\s*$/i.exec(open.rest);
  if (whole) return { group: { kind: 'details', title: open.title ?? '', children: [], inner: whole[1] }, end: i };
  const end = closing(children, i, detailsOpen, (n) => n.type === 'html' && isDetailsEnd(n.value));
  if (end < 0) return null;
  let first = i + 1;
  const next = children[first];
  const own = open.title === null && !open.rest.trim() && next?.type === 'html' ? summary(next.value) : null;
  if (own) {
    open = own;
    first++;
  }
  const body = children.slice(Math.min(first, end), end);
  return { group: { kind: 'details', title: open.title ?? '', children: body, ...(open.rest.trim() ? { inner: open.rest } : {}) }, end };
}

/** The tabs of a `{% tabs %}` block: each `{% tab title %}` with its blocks; content between tabs belongs to the tab before it (or to an untitled first tab). */
export function tabItems(groups: Grouped[]): Array<{ title: string; children: RootContent[] }> {
  const items: Array<{ title: string; children: RootContent[] }> = [];
  for (const g of groups) {
    if (g.kind === 'tag' && g.tag.name === 'tab') items.push({ title: attr(g.tag, 'title') ?? '', children: [...g.children] });
    else if (g.kind === 'node') {
      if (!items.length) items.push({ title: '', children: [] });
      items[items.length - 1].children.push(g.node);
    }
  }
  return items;
}
