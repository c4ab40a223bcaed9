import { generateNKeysBetween } from 'fractional-indexing';
import type { AlignType, PhrasingContent, Table, TableCell } from 'mdast';
import { block, paragraph } from './document-builders';
import { BlockNode, ColumnAlignment, Fragment, InlineNode, TableDefinition, TableRecord, TextNode } from './document-nodes';
import { plain } from './mdast-text';
import { isRecord, optionalArray, optionalString, prop } from './untrusted-json';

/**
 * GFM tables ⇄ the reference table block: the header row gives the column definitions (text
 * columns, title = the header's text, alignment), each further row a record ordered by a
 * fractional index, and each cell's rich text a fragment the record's value names (as GitBook
 * stores text cells). GFM's "no alignment" reads as left, and left is written without a colon.
 */
type Inline = TextNode | InlineNode;

export function tableToDocument(node: Table, cellInlines: (children: PhrasingContent[]) => Inline[]): BlockNode {
  const [head, ...rows] = node.children;
  const width = head?.children.length ?? 0;
  const columns = Array.from({ length: width }, (_, i) => `c${i}`);
  const definition: Record<string, TableDefinition> = {};
  columns.forEach((id, i) => {
    const cell: TableCell | undefined = head.children[i];
    definition[id] = { id, title: cell ? plain(cell).trim() : '', type: 'text', textAlignment: node.align?.[i] ?? 'left' };
  });
  const order = generateNKeysBetween(null, null, rows.length);
  const records: Record<string, TableRecord> = {};
  const fragments: Fragment[] = [];
  rows.forEach((row, r) => {
    const values: Record<string, string> = {};
    columns.forEach((id, c) => {
      const fragment = `r${r}${id}`;
      values[id] = fragment;
      fragments.push({ object: 'fragment', fragment, nodes: [paragraph(cellInlines(row.children[c]?.children ?? []))] });
    });
    records[`r${r}`] = { orderIndex: order[r], values };
  });
  return { ...block('table', undefined, { view: { type: 'grid', columns, hideHeader: false }, records, definition }, true), fragments };
}

const ALIGN: Record<string, AlignType> = { center: 'center', right: 'right' };

/** A cell value of any reference column type, as phrasing: text fragments, numbers, booleans, lists, content refs. */
type CellPhrasing = (nodes: unknown, field: string) => PhrasingContent[];
type RefTarget = (ref: unknown, field: string) => string;

function cellValue(value: unknown, field: string, fragments: Map<string, unknown>, phrasing: CellPhrasing, target: RefTarget): PhrasingContent[] {
  if (typeof value === 'string' && fragments.has(value)) {
    const blocks = optionalArray(prop(fragments.get(value), 'nodes'), `${field}.nodes`);
    return blocks.flatMap((b, i) => [...(i ? [{ type: 'text' as const, value: ' ' }] : []), ...phrasing(prop(b, 'nodes') ?? [], `${field}.nodes[${i}]`)]);
  }
  if (typeof value === 'string' || typeof value === 'number') return [{ type: 'text', value: String(value) }];
  if (typeof value === 'boolean') return [{ type: 'text', value: value ? '✓' : '' }];
  if (Array.isArray(value)) return [{ type: 'text', value: value.map(String).join(', ') }];
  if (isRecord(value) && typeof value.kind === 'string') {
    const url = target(value, field);
    return [{ type: 'link', url, children: [{ type: 'text', value: url }] }];
  }
  return [];
}

/** A table cell is one line: line breaks inside it become spaces. */
function oneLine(nodes: PhrasingContent[]): PhrasingContent[] {
  return nodes.map((n): PhrasingContent => {
    if (n.type === 'break') return { type: 'text', value: ' ' };
    if (n.type === 'text' || n.type === 'inlineCode') return { ...n, value: n.value.replace(/\s*\n\s*/g, ' ') };
    return 'children' in n ? { ...n, children: oneLine(n.children) } : n;
  });
}

/** The GFM table of a table block, or null when it has no column. */
export function tableToMdast(node: unknown, field: string, phrasing: CellPhrasing, target: RefTarget): Table | null {
  const data = prop(node, 'data');
  const definition = prop(data, 'definition');
  const columns = optionalArray(prop(prop(data, 'view'), 'columns'), `${field}.data.view.columns`).map(String);
  const ids = columns.length ? columns : isRecord(definition) ? Object.keys(definition) : [];
  if (!ids.length) return null;
  const fragments = new Map(optionalArray(prop(node, 'fragments'), `${field}.fragments`).map((f) => [String(prop(f, 'fragment')), f]));
  const records = isRecord(prop(data, 'records')) ? Object.entries(prop(data, 'records') as Record<string, unknown>) : [];
  records.sort(([, a], [, b]) => (String(prop(a, 'orderIndex')) < String(prop(b, 'orderIndex')) ? -1 : 1));
  const cell = (children: PhrasingContent[]): TableCell => ({ type: 'tableCell', children: oneLine(children) });
  const header = ids.map((id) =>
    cell([{ type: 'text', value: optionalString(prop(prop(definition, id), 'title'), `${field}.data.definition.${id}.title`) ?? '' }]),
  );
  const rows = records.map(([key, record]) =>
    ids.map((id) => cell(cellValue(prop(prop(record, 'values'), id), `${field}.data.records.${key}.values.${id}`, fragments, phrasing, target))),
  );
  const align = ids.map((id) => ALIGN[String(prop(prop(definition, id), 'textAlignment') as ColumnAlignment)] ?? null);
  return { type: 'table', align, children: [header, ...rows].map((cells) => ({ type: 'tableRow', children: cells })) };
}
