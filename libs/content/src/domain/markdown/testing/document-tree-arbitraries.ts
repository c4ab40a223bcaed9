import fc from 'fast-check';
import { generateNKeysBetween } from 'fractional-indexing';
import { block, paragraph, text, withKeys } from '../document-builders';
import { BlockNode, ColumnAlignment, Fragment, JsonDocument, TableDefinition, TableRecord } from '../document-nodes';
import { code, contentRef, divider, embed, file, heading, images, inlines, math, para, phrase } from './document-arbitraries';

/** Containers, nested as the reference allows them, up to `depth` levels; and whole documents. */
type Arb = fc.Arbitrary<BlockNode>;
const some = (arb: Arb, max = 2) => fc.array(arb, { minLength: 1, maxLength: max });

const list = (depth: number): Arb =>
  fc
    .tuple(
      fc.constantFrom<'list-unordered' | 'list-ordered' | 'list-tasks'>('list-unordered', 'list-ordered', 'list-tasks'),
      fc.array(fc.tuple(some(listItemBlock(depth)), fc.boolean()), { minLength: 1, maxLength: 3 }),
      fc.constantFrom(1, 1, 0, 3),
      fc.array(para(), { minLength: 3, maxLength: 3 }),
    )
    .map(([type, items, start, leads]) =>
      block(
        type,
        // GFM reads a checkbox only before a paragraph.
        items.map(([nodes, checked], i) =>
          type === 'list-tasks' ? block('list-item', [leads[i], ...nodes.slice(1)], { checked }) : block('list-item', nodes),
        ),
        type === 'list-ordered' && start !== 1 ? { start } : {},
      ),
    );
const essential = (depth: number): Arb =>
  depth > 0 ? fc.oneof(para(), para(), heading, divider, list(depth - 1)) : fc.oneof(para(), para(), heading, divider);
const quote = (depth: number): Arb =>
  some(depth > 0 ? fc.oneof(essential(depth), quote(depth - 1)) : essential(0)).map((nodes) => block('blockquote', nodes, {}));
const hint = (depth: number): Arb =>
  fc
    .tuple(fc.constantFrom('info', 'success', 'warning', 'danger') as fc.Arbitrary<'info'>, some(essential(depth)))
    .map(([style, nodes]) => block('hint', nodes, { style }));
function listItemBlock(depth: number): Arb {
  return depth > 0 ? fc.oneof(essential(depth), code, hint(depth - 1), quote(depth - 1), math, table) : fc.oneof(essential(0), code, math);
}

/** GFM unescapes `\|` in a cell even inside code, so a cell cannot hold a literal backslash before a pipe. */
const noBackslash = <T extends BlockNode['nodes']>(nodes: T): T =>
  nodes?.map((n) =>
    n.object === 'text'
      ? { ...n, leaves: n.leaves.map((l) => ({ ...l, text: l.text.replace(/\\/g, '/') })) }
      : { ...n, ...(n.nodes ? { nodes: noBackslash(n.nodes) } : {}) },
  ) as T;
const cellInlines = inlines(false).map(noBackslash);

export const table: Arb = fc
  .tuple(
    fc.array(fc.tuple(phrase, fc.constantFrom<ColumnAlignment>('left', 'center', 'right')), { minLength: 1, maxLength: 3 }),
    fc.array(fc.array(cellInlines, { minLength: 3, maxLength: 3 }), { maxLength: 3 }),
  )
  .map(([columns, rows]) => {
    const ids = columns.map((_, i) => `c${i}`);
    const definition: Record<string, TableDefinition> = {};
    columns.forEach(([title, textAlignment], i) => (definition[ids[i]] = { id: ids[i], title, type: 'text', textAlignment }));
    const order = generateNKeysBetween(null, null, rows.length);
    const records: Record<string, TableRecord> = {};
    const fragments: Fragment[] = [];
    rows.forEach((cells, r) => {
      records[`r${r}`] = { orderIndex: order[r], values: Object.fromEntries(ids.map((id) => [id, `r${r}${id}`])) };
      ids.forEach((id, c) => fragments.push({ object: 'fragment', fragment: `r${r}${id}`, nodes: [paragraph(cells[c])] }));
    });
    return { ...block('table', undefined, { view: { type: 'grid', columns: ids, hideHeader: false }, records, definition }, true), fragments };
  });

const tabs = (depth: number): Arb =>
  fc
    .array(fc.tuple(phrase, some(fc.oneof(essential(depth), contentRef, code, embed, file, images, hint(depth), quote(depth), math))), {
      minLength: 1,
      maxLength: 3,
    })
    .map((items) =>
      block(
        'tabs',
        items.map(([title, nodes]) => block('tabs-item', nodes, { title })),
        {},
      ),
    );
const expandable = (depth: number): Arb =>
  fc.tuple(phrase, some(fc.oneof(essential(depth), images, code, table, hint(depth), quote(depth)))).map(([title, body]) => ({
    ...block('expandable', undefined, {}, true),
    fragments: [
      { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [paragraph([text(title)])] },
      { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: body },
    ],
  }));

/** Footnote labels are unique within a document (markdown would merge equal ones). */
function relabel(nodes: BlockNode['nodes'] = [], next = { n: 0 }): void {
  for (const n of nodes) {
    if (n.object === 'inline' && n.type === 'annotation') n.nodes = [text(`n${++next.n}`)];
    if (n.object !== 'text') {
      relabel(n.nodes, next);
      n.fragments?.forEach((f) => relabel(f.nodes, next));
    }
  }
}

const footnoteBody = some(fc.oneof(para(), code));
const topLevel: Arb = fc.oneof(
  { weight: 4, arbitrary: essential(2) },
  { weight: 2, arbitrary: para(true, footnoteBody) },
  ...[quote(2), hint(1), images, file, embed, code, math, expandable(1), tabs(1), table, contentRef].map((arbitrary) => ({ weight: 1, arbitrary })),
);

export const documentArbitrary: fc.Arbitrary<JsonDocument> = fc.array(topLevel, { minLength: 1, maxLength: 5 }).map((generated) => {
  // Generated values share objects (constants): keys and labels are set on a copy that does not.
  const nodes = JSON.parse(JSON.stringify(generated)) as BlockNode[];
  relabel(nodes);
  return withKeys({ object: 'document', data: { schemaVersion: 1 }, nodes });
});
