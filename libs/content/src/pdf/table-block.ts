import { asNode, DocNode, fragmentOf, plainText, record, str } from './document-nodes';
import { Span, SpanStyle, spansOf } from './inline-spans';
import { layoutLines, Line } from './line-layout';
import { COLORS } from './pdf-canvas';
import { RenderContext } from './render-context';

const SIZE = 9.5;
const LH = SIZE * 1.4;
const PAD = 4;
const HEADER_BG = '#f6f8fa';

interface Column {
  id: string;
  title: string;
  align: string;
  type: string;
}

/**
 * A table block (data.view.columns, data.definition, data.records ordered by orderIndex; a
 * text cell's value names the fragment holding its rich text): a grid with borders and a bold
 * header row. Rows taller than the room left continue on the next page, header repeated.
 */
export function renderTable(n: DocNode, ctx: RenderContext): void {
  const c = ctx.canvas;
  const view = record(n.data.view);
  const definition = record(n.data.definition);
  const ids = Array.isArray(view.columns) ? view.columns.filter((v): v is string => typeof v === 'string') : Object.keys(definition);
  const columns: Column[] = ids.map((id) => {
    const d = record(definition[id]);
    return { id, title: str(d.title) ?? '', align: str(d.textAlignment) ?? 'left', type: str(d.type) ?? 'text' };
  });
  if (!columns.length) return;
  const rows = Object.entries(record(n.data.records))
    .map(([id, r]) => ({ id, order: str(record(r).orderIndex) ?? '', values: record(record(r).values) }))
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const cells = rows.map((r) => columns.map((col) => cellSpans(r.values[col.id], col, n, ctx)));
  const header = view.hideHeader === true ? undefined : columns.map((col) => [{ text: col.title, style: { bold: true } }]);
  const widths = columnWidths(columns, view, [...(header ? [header] : []), ...cells], ctx);
  const lay = (row: Span[][]) =>
    row.map((spans, i) => {
      const { lines, missing } = layoutLines(spans, { width: widths[i] - 2 * PAD, size: SIZE, measure: c.measure });
      c.missing += missing;
      return lines;
    });
  const head = header && lay(header);
  const drawHeader = () => head && drawSlice(head, 0, Math.max(...head.map((l) => l.length)), true);
  c.keep((head ? 2 : 1) * (LH + 2 * PAD));
  drawHeader();
  for (const row of cells) {
    const lines = lay(row);
    const total = Math.max(1, ...lines.map((l) => l.length));
    let from = 0;
    while (from < total) {
      const whole = (total - from) * LH + 2 * PAD;
      // A row that fits on a fresh page starts there; a taller one is split at the page end.
      if (!c.fits(whole) && (whole <= c.bottom - c.top - (head ? LH + 2 * PAD : 0) || c.room() < LH + 2 * PAD)) {
        c.newPage();
        drawHeader();
      }
      const count = Math.max(1, Math.min(total - from, Math.floor((c.room() - 2 * PAD) / LH)));
      drawSlice(lines, from, from + count, false);
      from += count;
    }
  }
  c.gap(8);

  function drawSlice(lines: Line[][], from: number, to: number, isHeader: boolean): void {
    const h = (to - from) * LH + 2 * PAD;
    const top = c.reserve(h);
    let x = c.x;
    columns.forEach((col, i) => {
      if (isHeader) c.doc.save().rect(x, top, widths[i], h).fill(HEADER_BG).restore();
      c.doc.save().lineWidth(0.6).rect(x, top, widths[i], h).stroke(COLORS.rule).restore();
      lines[i].slice(from, to).forEach((line, k) => {
        const free = widths[i] - 2 * PAD - line.width;
        const dx = col.align === 'center' ? free / 2 : col.align === 'right' ? free : 0;
        c.drawLine(line, x + PAD + dx, top + PAD + k * LH, SIZE, LH);
      });
      x += widths[i];
    });
  }
}

function cellSpans(value: unknown, col: Column, table: DocNode, ctx: RenderContext): Span[] {
  const plain = (text: string, style: SpanStyle = {}): Span[] => [{ text, style }];
  if (value === null || value === undefined) return [];
  if (typeof value === 'boolean') return plain(col.type === 'checkbox' ? (value ? '☑' : '☐') : String(value));
  if (typeof value === 'number') return plain(col.type === 'rating' ? '★'.repeat(Math.max(0, Math.min(10, Math.round(value)))) : String(value));
  if (typeof value === 'string') {
    const fragment = fragmentOf(table, value);
    if (!fragment) return plain(value);
    // Paragraphs of the cell's fragment, one per line; other blocks by their text.
    return fragment.nodes
      .map(asNode)
      .flatMap((b, i) => [
        ...(i ? [{ text: '\n', style: {} }] : []),
        ...(b.type === 'paragraph' || b.type.startsWith('heading') ? spansOf(b.nodes, ctx) : plain(plainText(b))),
      ]);
  }
  if (Array.isArray(value)) return plain(value.map((v) => (typeof v === 'string' ? v : ctx.label(v))).join(', '));
  const ref = record(value).ref ?? value;
  const link = ctx.link(ref);
  return plain(ctx.label(ref), link ? { link } : {});
}

/** Widths from view.columnWidths (percentages) when given, else shared by the content's natural width. */
function columnWidths(columns: Column[], view: Record<string, unknown>, rows: Span[][][], ctx: RenderContext): number[] {
  const total = ctx.canvas.width;
  const given = record(view.columnWidths);
  const percents = columns.map((col) => given[col.id]);
  if (percents.every((p): p is number => typeof p === 'number' && p > 0)) {
    const sum = percents.reduce((a, b) => a + b, 0);
    return percents.map((p) => (p / sum) * total);
  }
  const measure = (spans: Span[]) =>
    Math.max(
      0,
      ...spans
        .map((s) => s.text)
        .join('')
        .split('\n')
        .map((t) => ctx.canvas.measure(t, 'sans', SIZE)),
    );
  const natural = columns.map((_, i) => Math.max(24, ...rows.map((r) => measure(r[i]) + 2 * PAD + 2)));
  const sum = natural.reduce((a, b) => a + b, 0);
  if (sum <= total) return natural.map((w) => w + (total - sum) / columns.length);
  // Too wide: every column keeps a fair minimum, the rest goes by natural width.
  const floor = Math.min(total / columns.length, 60);
  const rest = total - floor * columns.length;
  const extra = natural.map((w) => Math.max(0, w - floor));
  const extraSum = extra.reduce((a, b) => a + b, 0) || 1;
  return extra.map((e) => floor + (e / extraSum) * rest);
}
