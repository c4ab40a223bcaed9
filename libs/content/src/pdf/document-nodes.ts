/**
 * Read access to rich-text documents in the reference shape (JSONDocument: `object`, `type`,
 * `data`, `nodes`, text `leaves` with marks, `fragments`). The renderer reads every node
 * through these accessors, as untyped JSON: a node of an unknown type or with a missing field
 * is rendered as well as it can be (its text), never a crash of the whole PDF.
 */
export interface DocNode {
  object: string;
  type: string;
  data: Record<string, unknown>;
  nodes: unknown[];
  leaves: DocLeaf[];
  fragments: unknown[];
  /** A fragment's name (`caption`, `expandable-title`, a table cell's id…). */
  fragment?: string;
}

export interface DocLeaf {
  text: string;
  marks: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const array = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const record = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});

export function asNode(v: unknown): DocNode {
  const o = record(v);
  const leaves = array(o.leaves).map((l) => {
    const leaf = record(l);
    return { text: str(leaf.text) ?? '', marks: array(leaf.marks).flatMap((m) => str(record(m).type) ?? []) };
  });
  return {
    object: str(o.object) ?? '',
    type: str(o.type) ?? '',
    data: record(o.data),
    nodes: array(o.nodes),
    leaves,
    fragments: array(o.fragments),
    ...(str(o.fragment) !== undefined ? { fragment: str(o.fragment) } : {}),
  };
}

/** The children of a document (or of any node) as nodes. */
export const childrenOf = (v: unknown): DocNode[] => array(record(v).nodes).map(asNode);

/** A named fragment of a node (`caption`, `expandable-title`, a table cell's fragment id). */
export function fragmentOf(node: DocNode, name: string): DocNode | undefined {
  return node.fragments.map(asNode).find((f) => f.fragment === name || (f.fragment === undefined && f.type === name));
}

/** All the text below a node, blocks separated by a space (for titles, alt texts, table cells). */
export function plainText(v: unknown): string {
  const n = asNode(v);
  if (n.object === 'text' || n.leaves.length) return n.leaves.map((l) => l.text).join('');
  if (n.type === 'inline-math' || n.type === 'math') return str(n.data.formula) ?? '';
  const parts = n.nodes.map(plainText);
  return n.object === 'inline' || (n.object === 'block' && !n.nodes.some((c) => asNode(c).object === 'block')) ? parts.join('') : parts.join(' ');
}
