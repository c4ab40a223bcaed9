import type { Definition, FootnoteDefinition, PhrasingContent } from 'mdast';
import { contentRef, imageRef, normalizeInlines, text } from './document-builders';
import { BlockNode, InlineNode, Mark, TextNode } from './document-nodes';
import { isLineBreak } from './html-snippets';
import { plain } from './mdast-text';

/** What inline conversion needs from the whole tree: link definitions and footnotes. */
export interface InlineContext {
  definitions: Map<string, Definition>;
  footnotes: Map<string, FootnoteDefinition>;
  /** Converts a footnote's content into annotation-body blocks. */
  footnoteBody(definition: FootnoteDefinition): BlockNode[];
}

type Inline = TextNode | InlineNode;

const MARK_OF = { strong: 'bold', emphasis: 'italic', delete: 'strikethrough' } as const;

function image(url: string, alt: string | null | undefined, title: string | null | undefined): InlineNode {
  return { object: 'inline', type: 'inline-image', isVoid: true, data: { ref: imageRef(url), ...(alt ? { alt } : {}), ...(title ? { title } : {}) } };
}

function link(url: string, title: string | null | undefined, nodes: Inline[]): InlineNode {
  // A link holds text and images only (reference DocumentInlineLink): other inlines become their text.
  const flat = nodes.flatMap((n): Inline[] => (n.object === 'text' || n.type === 'inline-image' ? [n] : [text(inlineText([n]))]));
  return { object: 'inline', type: 'link', isVoid: false, data: { ref: contentRef(url), ...(title ? { title } : {}) }, nodes: normalizeInlines(flat) };
}

/** Plain text of document inlines (link labels, table titles, footnote labels). */
export function inlineText(nodes: readonly (Inline | BlockNode)[]): string {
  return nodes
    .map((n) => {
      if (n.object === 'text') return n.leaves.map((l) => l.text).join('');
      if (n.object === 'inline' && n.type === 'inline-math') return n.data.formula ?? '';
      if (n.object === 'inline' && n.type === 'inline-image') return n.data.alt ?? '';
      return inlineText(n.nodes ?? []);
    })
    .join('');
}

function convert(node: PhrasingContent, marks: readonly Mark[], ctx: InlineContext): Inline[] {
  switch (node.type) {
    case 'text':
      return [text(node.value, marks)];
    case 'inlineCode':
      return [text(node.value, [...marks, 'code'])];
    case 'break':
      return [text('\n', marks)];
    case 'strong':
    case 'emphasis':
    case 'delete':
      return node.children.flatMap((c) => convert(c, [...marks, MARK_OF[node.type]], ctx));
    case 'link':
      return [
        link(
          node.url,
          node.title,
          node.children.flatMap((c) => convert(c, marks, ctx)),
        ),
      ];
    case 'image':
      return [image(node.url, node.alt, node.title)];
    case 'linkReference':
    case 'imageReference': {
      const def = ctx.definitions.get(node.identifier);
      if (!def) return [text(plain(node), marks)];
      if (node.type === 'imageReference') return [image(def.url, node.alt, def.title)];
      return [
        link(
          def.url,
          def.title,
          node.children.flatMap((c) => convert(c, marks, ctx)),
        ),
      ];
    }
    case 'inlineMath':
      return node.value.trim() ? [{ object: 'inline', type: 'inline-math', isVoid: true, data: { formula: node.value } }] : [];
    case 'footnoteReference': {
      const def = ctx.footnotes.get(node.identifier);
      const body = def ? ctx.footnoteBody(def) : [];
      const label = node.label ?? node.identifier;
      if (!body.length) return [text(`[^${label}]`, marks)];
      return [
        {
          object: 'inline',
          type: 'annotation',
          isVoid: false,
          data: {},
          nodes: [text(label)],
          fragments: [{ object: 'fragment', fragment: 'annotation-body', type: 'annotation-body', nodes: body }],
        },
      ];
    }
    case 'html':
      // Inline HTML is kept visible as code (never as markup: a document is not a place for raw
      // HTML, and as text its URLs would turn into links); a line break tag is a line break.
      return [isLineBreak(node.value) ? text('\n', marks) : text(node.value.replace(/\s*\n\s*/g, ' '), [...marks, 'code'])];
    default:
      return [text(plain(node), marks)];
  }
}

export function inlines(nodes: PhrasingContent[], ctx: InlineContext): Inline[] {
  return normalizeInlines(nodes.flatMap((n) => convert(n, [], ctx)));
}
