import { block, paragraph, text } from './document-builders';
import { BlockNode, BlockType, InlineNode, TextNode } from './document-nodes';
import { inlineText } from './mdast-inline';

/**
 * Which blocks the reference allows inside each container (0.146.0 schemas), and how a block
 * that is not allowed where markdown put it is rewritten into ones that are — never dropped:
 * code becomes code-marked lines, a table one paragraph per row, images inline images, a hint
 * or quote its content, and so on. Markdown nests freely; the document model does not.
 */
const ESSENTIALS: BlockType[] = ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-ordered', 'list-unordered', 'list-tasks', 'divider'];
const set = (...types: BlockType[]) => new Set<BlockType>([...ESSENTIALS, ...types]);
export const CONTAINERS = {
  root: set('blockquote', 'hint', 'images', 'file', 'embed', 'code', 'math', 'expandable', 'tabs', 'table', 'content-ref'),
  blockquote: set('blockquote'),
  hint: set(),
  'list-item': set('code', 'hint', 'blockquote', 'math', 'table'),
  'tabs-item': set('content-ref', 'code', 'embed', 'file', 'images', 'hint', 'blockquote', 'math'),
  'expandable-body': set('images', 'code', 'table', 'hint', 'blockquote'),
  'annotation-body': set('code'),
  cell: new Set<BlockType>(['paragraph']),
} as const;
export type Container = keyof typeof CONTAINERS;

type Inline = TextNode | InlineNode;
const linkTo = (ref: NonNullable<InlineNode['data']['ref']>, label: string): InlineNode => ({
  object: 'inline',
  type: 'link',
  isVoid: false,
  data: { ref },
  nodes: [text(label)],
});
const refLabel = (ref: NonNullable<InlineNode['data']['ref']>): string =>
  ref.kind === 'url' ? ref.url : ref.kind === 'file' ? ref.file : ref.kind === 'page' ? ref.page : ref.anchor;
const inlineChildren = (b: BlockNode): Inline[] => (b.nodes ?? []).filter((n): n is Inline => n.object !== 'block');
const blockChildren = (b: BlockNode): BlockNode[] => (b.nodes ?? []).filter((n): n is BlockNode => n.object === 'block');
const fragment = (b: BlockNode, name: string) => b.fragments?.find((f) => f.fragment === name || f.type === name)?.nodes ?? [];

/** Rewrites a block not allowed in the container into allowed ones. */
function rewrite(b: BlockNode, into: Container): BlockNode[] {
  switch (b.type) {
    case 'code':
      return blockChildren(b).map((line) => paragraph([text(inlineText(line.nodes ?? []), ['code'])]));
    case 'math':
      return [paragraph([{ object: 'inline', type: 'inline-math', isVoid: true, data: { formula: b.data?.formula ?? '' } }])];
    case 'images':
      return [
        paragraph(
          blockChildren(b).map((img): InlineNode => {
            const caption = inlineText(fragment(img, 'caption'));
            return {
              object: 'inline',
              type: 'inline-image',
              isVoid: true,
              data: { ...img.data, ref: img.data!.ref!, ...(caption ? { caption } : {}) },
            };
          }),
        ),
      ];
    case 'table': {
      const cells = new Map((b.fragments ?? []).map((f) => [f.fragment, f.nodes]));
      const columns = b.data?.view?.columns ?? [];
      const rows = Object.values(b.data?.records ?? {}).sort((x, y) => (x.orderIndex < y.orderIndex ? -1 : 1));
      const header = paragraph([text(columns.map((c) => b.data?.definition?.[c]?.title ?? '').join(' | '), ['bold'])]);
      return [
        header,
        ...rows.map((r) => paragraph(columns.flatMap((c, i) => [...(i ? [text(' | ')] : []), ...(cells.get(r.values[c]) ?? []).flatMap(inlineChildren)]))),
      ];
    }
    case 'tabs':
      return blockChildren(b).flatMap((tab) => [paragraph([text(tab.data?.title ?? '', ['bold'])]), ...fitBlocks(blockChildren(tab), into)]);
    case 'expandable':
      return [paragraph(fragment(b, 'expandable-title').flatMap(inlineChildren)), ...fitBlocks(fragment(b, 'expandable-body'), into)];
    case 'embed':
      return [paragraph([linkTo({ kind: 'url', url: b.data?.url ?? '' }, b.data?.url ?? '')])];
    case 'file':
    case 'content-ref':
      return b.data?.ref ? [paragraph([linkTo(b.data.ref, refLabel(b.data.ref))])] : [];
    case 'hint':
    case 'blockquote':
      return CONTAINERS[into].has('blockquote') ? [block('blockquote', fitBlocks(blockChildren(b), 'blockquote'), {})] : fitBlocks(blockChildren(b), into);
    default:
      // Headings, lists and the rest of the essentials are allowed everywhere but in table cells.
      return [paragraph(b.nodes ? (inlineChildren(b).length ? inlineChildren(b) : [text(inlineText(blockChildren(b)))]) : [])];
  }
}

export function fitBlocks(blocks: BlockNode[], into: Container): BlockNode[] {
  const allowed: ReadonlySet<BlockType> = CONTAINERS[into];
  return blocks.flatMap((b) => (allowed.has(b.type) ? [b] : rewrite(b, into)));
}
