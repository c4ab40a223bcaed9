import type { Blockquote, Definition, FootnoteDefinition, Heading, List, Paragraph, Root, RootContent } from 'mdast';
import { block, contentRef, paragraph, text, trimEdges, withKeys } from './document-builders';
import { BlockNode, HintStyle, InlineNode, JsonDocument, TextNode } from './document-nodes';
import { tableToDocument } from './document-tables';
import { fitBlocks, Container } from './fit-blocks';
import { attr, Grouped, groupBlocks, tabItems, Tag } from './gitbook-blocks';
import { headingAnchor } from './html-snippets';
import { codeAttributes, codeBlock, definitionsOf, htmlBlock, imagesBlock, linkParagraph } from './mdast-blocks';
import { parseMarkdown } from './markdown-syntax';
import { InlineContext, inlines } from './mdast-inline';
import { plain } from './mdast-text';

/**
 * mdast → reference document. Every construct maps to the reference node of the same meaning;
 * GitBook's tags and HTML snippets become hint, tabs, code titles, embed, file, content-ref,
 * expandable and captioned images; other HTML is kept visible as an `html` code block (never as
 * markup); what the document model cannot nest where markdown put it is rewritten (fit-blocks).
 */
const HINT_STYLES: readonly HintStyle[] = ['info', 'success', 'warning', 'danger'];
// GitHub's alerts (`> [!WARNING]`) are GitHub's hints.
const ALERTS: Record<string, HintStyle> = { NOTE: 'info', TIP: 'success', IMPORTANT: 'info', WARNING: 'warning', CAUTION: 'danger' };
/** Beyond this many nested containers the rest is read as plain text (hostile input must not overflow the stack). */
const MAX_NESTING = 48;

type Inline = TextNode | InlineNode;
const isEmptyParagraph = (b: BlockNode) => b.type === 'paragraph' && (b.nodes ?? []).every((n) => n.object === 'text' && n.leaves.every((l) => l.text === ''));

class Converter {
  private readonly ctx: InlineContext;
  private readonly open = new Set<string>();

  constructor(definitions: Map<string, Definition>, footnotes: Map<string, FootnoteDefinition>) {
    this.ctx = { definitions, footnotes, footnoteBody: (d) => this.footnote(d) };
  }

  private footnote(d: FootnoteDefinition): BlockNode[] {
    // A footnote citing itself would never end: the inner citation stays text.
    if (this.open.has(d.identifier)) return [];
    this.open.add(d.identifier);
    const body = this.blocks(d.children, 'annotation-body', 1);
    this.open.delete(d.identifier);
    return body;
  }

  private inl = (children: Paragraph['children']): Inline[] => inlines(children, this.ctx);

  blocks(children: RootContent[], into: Container, depth: number): BlockNode[] {
    if (depth > MAX_NESTING) return [paragraph([text(children.map(plain).join('\n'))])];
    return fitBlocks(
      groupBlocks(children).flatMap((g) => this.grouped(g, into, depth)),
      into,
    );
  }

  private grouped(g: Grouped, into: Container, depth: number): BlockNode[] {
    if (g.kind === 'node') return this.node(g.node, into, depth);
    if (g.kind === 'tag') return this.tag(g.tag, g.children, into, depth);
    const body = [...(g.inner ? parseMarkdown(g.inner).children : []), ...g.children];
    const nodes = this.blocks(body, 'expandable-body', depth + 1);
    const fragments = [
      { object: 'fragment' as const, fragment: 'expandable-title', type: 'expandable-title', nodes: [paragraph([text(g.title)])] },
      { object: 'fragment' as const, fragment: 'expandable-body', type: 'expandable-body', nodes: nodes.length ? nodes : [paragraph([])] },
    ];
    return [{ ...block('expandable', undefined, {}, true), fragments }];
  }

  private tag(tag: Tag, children: RootContent[], into: Container, depth: number): BlockNode[] {
    switch (tag.name) {
      case 'hint': {
        const style = HINT_STYLES.find((s) => s === attr(tag, 'style')) ?? 'info';
        const nodes = this.blocks(children, 'hint', depth + 1);
        return [block('hint', nodes.length ? nodes : [paragraph([])], { style })];
      }
      case 'tabs':
      case 'tab':
        return [block('tabs', this.tabs(tag.name === 'tab' ? [{ kind: 'tag', tag, children }] : groupBlocks(children), depth), {})];
      case 'code':
        return this.blocks(children, into, depth).map((b) => (b.type === 'code' ? { ...b, data: { ...b.data, ...codeAttributes(tag) } } : b));
      case 'embed':
        return attr(tag, 'url') ? [block('embed', undefined, { url: attr(tag, 'url') }, true)] : [];
      case 'file': {
        const ref = contentRef(attr(tag, 'src') ?? '');
        return ref.kind === 'file' ? [block('file', undefined, { ref }, true)] : this.blocks([linkParagraph(attr(tag, 'src') ?? '')], into, depth);
      }
      default: {
        const url = attr(tag, 'url');
        // content-ref: the link inside repeats the url for other markdown readers.
        return url !== undefined ? [block('content-ref', undefined, { ref: contentRef(url) }, true)] : this.blocks(children, into, depth);
      }
    }
  }

  private tabs(groups: Grouped[], depth: number): BlockNode[] {
    const items = tabItems(groups);
    return items.map((t) => {
      const nodes = this.blocks(t.children, 'tabs-item', depth + 1);
      return block('tabs-item', nodes.length ? nodes : [paragraph([])], { title: t.title });
    });
  }

  private node(n: RootContent, into: Container, depth: number): BlockNode[] {
    switch (n.type) {
      case 'paragraph': {
        // A paragraph left empty (`<br>` alone) has no markdown: it is dropped.
        const p = imagesBlock(n) ?? paragraph(this.inl(n.children));
        return isEmptyParagraph(p) ? [] : [p];
      }
      case 'heading':
        return [this.heading(n)];
      case 'thematicBreak':
        return [block('divider', undefined, {}, true)];
      case 'blockquote':
        return [this.quote(n, depth)];
      case 'list':
        return this.list(n, depth);
      case 'code':
        return [codeBlock(n)];
      case 'math':
        // An empty formula has no markdown of its own (`$$$$` would open a block).
        return n.value.trim() ? [block('math', undefined, { formula: n.value }, true)] : [];
      case 'html':
        return htmlBlock(n);
      case 'table':
        return [tableToDocument(n, (children) => this.inl(children))];
      case 'definition':
      case 'footnoteDefinition':
      case 'yaml':
        return [];
      default:
        return [paragraph([text(plain(n))])];
    }
  }

  private heading(n: Heading): BlockNode {
    const children = [...n.children];
    // `## Title <a href="#id" id="id"></a>`: the anchor is the heading's id, not text.
    const tail = children.slice(-2);
    const id = tail.length === 2 && tail.every((c) => c.type === 'html') ? headingAnchor(tail.map((c) => c.value).join('')) : null;
    if (id) children.splice(-2, 2);
    const last = children[children.length - 1];
    if (id && last?.type === 'text') children[children.length - 1] = { ...last, value: last.value.trimEnd() };
    const type = n.depth === 1 ? 'heading-1' : n.depth === 2 ? 'heading-2' : 'heading-3';
    return block(type, trimEdges(this.inl(children)), id ? { id } : {});
  }

  private quote(n: Blockquote, depth: number): BlockNode {
    const [first, ...rest] = n.children;
    const lead = first?.type === 'paragraph' && first.children[0]?.type === 'text' ? first.children[0] : null;
    const alert = lead ? /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\n|$)/.exec(lead.value) : null;
    if (!alert || first.type !== 'paragraph') return block('blockquote', this.blocks(n.children, 'blockquote', depth + 1), {});
    const remaining = [{ ...lead!, value: lead!.value.slice(alert[0].length) }, ...first.children.slice(1)].filter(
      (c) => !(c.type === 'text' && c.value === ''),
    );
    const children = remaining.length ? [{ ...first, children: remaining }, ...rest] : rest;
    const nodes = this.blocks(children, 'hint', depth + 1);
    return block('hint', nodes.length ? nodes : [paragraph([])], { style: ALERTS[alert[1]] });
  }

  private list(n: List, depth: number): BlockNode[] {
    const tasks = !n.ordered && n.children.every((i) => typeof i.checked === 'boolean');
    const items = n.children.flatMap((item) => {
      let nodes = this.blocks(item.children, 'list-item', depth + 1);
      if (!tasks && typeof item.checked === 'boolean') {
        // A checkbox the document cannot hold (ordered or mixed list) stays visible as text.
        const box = text(item.checked ? '[x] ' : '[ ] ');
        nodes = nodes[0]?.type === 'paragraph' ? [paragraph([box, ...(nodes[0].nodes as Inline[])]), ...nodes.slice(1)] : [paragraph([box]), ...nodes];
      }
      // An empty item has no safe markdown (after a paragraph, `-` alone underlines it as a heading): it is dropped.
      return nodes.every(isEmptyParagraph) ? [] : [block('list-item', nodes, tasks ? { checked: item.checked === true } : undefined)];
    });
    if (!items.length) return [];
    if (tasks) return [block('list-tasks', items, {})];
    return [block(n.ordered ? 'list-ordered' : 'list-unordered', items, n.ordered && typeof n.start === 'number' && n.start !== 1 ? { start: n.start } : {})];
  }
}

export function mdastToDocument(root: Root): JsonDocument {
  const { definitions, footnotes } = definitionsOf(root);
  const nodes = new Converter(definitions, footnotes).blocks(root.children, 'root', 0);
  return withKeys({ object: 'document', data: { schemaVersion: 1 }, nodes });
}
