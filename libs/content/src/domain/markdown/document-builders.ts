import { BlockData, BlockNode, BlockType, ContentRef, ImageRef, InlineNode, JsonDocument, Mark, MARKS, TextNode } from './document-nodes';
import { classifyTarget } from './links';

/** Small constructors and normalisers shared by both directions of the mapping. */
export const text = (value: string, marks: readonly Mark[] = []): TextNode => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: MARKS.filter((m) => marks.includes(m)).map((type) => ({ object: 'mark', type })) }],
});

export const block = (type: BlockType, nodes?: BlockNode['nodes'], data?: BlockData, isVoid = false): BlockNode => ({
  object: 'block',
  type,
  isVoid,
  ...(data ? { data } : {}),
  ...(nodes ? { nodes } : {}),
});

/** A paragraph; the reference's paragraph data allows only `align`, so none is set. */
export const paragraph = (nodes: (TextNode | InlineNode)[]): BlockNode => block('paragraph', trimEdges(normalizeInlines(nodes)));

/**
 * Blanks at the edges of a paragraph or heading trimmed (outside code): markdown has no way to
 * start a paragraph with a blank or a line break (`<br>` first) other than a character reference.
 */
export function trimEdges(nodes: (TextNode | InlineNode)[]): (TextNode | InlineNode)[] {
  const edit = (index: number, trim: (s: string) => string, leafAt: (n: number) => number) => {
    const node = nodes[index];
    if (node?.object !== 'text') return;
    const k = leafAt(node.leaves.length);
    const leaf = node.leaves[k];
    if (!leaf || leaf.marks.some((m) => m.type === 'code')) return;
    nodes[index] = { ...node, leaves: node.leaves.map((l, i) => (i === k ? { ...l, text: trim(l.text) } : l)) };
  };
  nodes = [...nodes];
  edit(
    0,
    (s) => s.replace(/^\s+/, ''),
    () => 0,
  );
  edit(
    nodes.length - 1,
    (s) => s.replace(/\s+$/, ''),
    (n) => n - 1,
  );
  return normalizeInlines(nodes);
}

/** Where a markdown target points: page links by id (with their anchor), files by id, the rest as URLs. */
export function contentRef(target: string): ContentRef {
  const c = classifyTarget(target);
  if (c.kind === 'page') return c.anchor !== undefined ? { kind: 'anchor', anchor: c.anchor, page: c.page } : { kind: 'page', page: c.page };
  if (c.kind === 'file') return { kind: 'file', file: c.file };
  if (c.kind === 'anchor') return { kind: 'anchor', anchor: c.anchor };
  return { kind: 'url', url: target };
}

export function imageRef(target: string): ImageRef {
  const ref = contentRef(target);
  return ref.kind === 'file' ? ref : { kind: 'url', url: target };
}

const markKey = (t: TextNode['leaves'][number]) => t.marks.map((m) => m.type).join(',');

/**
 * Canonical inline content: adjacent text nodes merged into one, adjacent leaves with the same
 * marks merged, empty leaves dropped, and never empty (the reference expects a text node).
 */
export function normalizeInlines(nodes: (TextNode | InlineNode)[]): (TextNode | InlineNode)[] {
  const out: (TextNode | InlineNode)[] = [];
  for (const node of nodes) {
    if (node.object === 'inline') {
      out.push(node);
      continue;
    }
    const last = out[out.length - 1];
    const target = last?.object === 'text' ? last : { object: 'text' as const, leaves: [] };
    if (target !== last) out.push(target);
    for (const leaf of node.leaves) {
      if (leaf.text === '') continue;
      const prev = target.leaves[target.leaves.length - 1];
      if (prev && markKey(prev) === markKey(leaf)) target.leaves[target.leaves.length - 1] = { ...prev, text: prev.text + leaf.text };
      else target.leaves.push(leaf);
    }
  }
  const kept = out.filter((n) => n.object === 'inline' || n.leaves.length > 0);
  return kept.length ? kept : [text('')];
}

/** Deterministic keys in document order, so one markdown always gives one document. */
export function withKeys(doc: JsonDocument): JsonDocument {
  let next = 0;
  const visit = (node: BlockNode | InlineNode | TextNode): void => {
    if (node.object === 'text') return;
    node.key = (next++).toString(36);
    node.nodes?.forEach(visit);
    node.fragments?.forEach((f) => f.nodes.forEach(visit));
  };
  doc.nodes.forEach(visit);
  return doc;
}
