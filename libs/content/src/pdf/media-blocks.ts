import { asNode, DocNode, fragmentOf, str } from './document-nodes';
import { Span, spansOf } from './inline-spans';
import { layoutLines, Line } from './line-layout';
import { COLORS } from './pdf-canvas';
import { BODY, drawText, RenderContext } from './render-context';

const CODE = 9;
const CODE_LEADING = 1.45;
const PAD = 6;

/** A code block: monospace lines (wrapped, never cut off) on a grey ground, split across pages. */
export function renderCode(n: DocNode, ctx: RenderContext): void {
  const c = ctx.canvas;
  const title = str(n.data.title);
  if (title) {
    c.keep(2 * CODE * CODE_LEADING + 2 * PAD + BODY);
    drawText(ctx, [{ text: title, style: { bold: true, muted: true } }], CODE);
  }
  const sources = n.nodes.map(asNode).filter((l) => l.type === 'code-line' || l.object === 'text');
  const numbered = n.data.lineNumbers === true;
  const gutter = numbered ? c.measure(String(sources.length), 'mono', CODE) + 10 : 0;
  const width = c.width - 2 * PAD - gutter;
  const visual: { line: Line; number?: number }[] = [];
  sources.forEach((src, i) => {
    const spans = spansOf(src.object === 'text' ? [src] : src.nodes, ctx, { mono: true });
    const { lines, missing } = layoutLines(spans, { width, size: CODE, measure: c.measure, preserveSpaces: true });
    c.missing += missing;
    lines.forEach((line, k) => visual.push({ line, ...(k === 0 ? { number: i + 1 } : {}) }));
  });
  if (!visual.length) return;
  const lh = CODE * CODE_LEADING;
  for (let i = 0; i < visual.length;) {
    c.keep(2 * PAD + lh);
    const n = Math.max(1, Math.min(visual.length - i, Math.floor((c.room() - 2 * PAD) / lh)));
    const top = c.reserve(n * lh + 2 * PAD);
    c.doc
      .save()
      .rect(c.x, top, c.width, n * lh + 2 * PAD)
      .fill(COLORS.codeBg)
      .restore();
    for (let k = 0; k < n; k++, i++) {
      const y = top + PAD + k * lh;
      const v = visual[i];
      if (numbered && v.number !== undefined) {
        const label = String(v.number);
        c.font('mono', CODE)
          .fillColor(COLORS.muted)
          .text(label, c.x + PAD + gutter - 10 - c.measure(label, 'mono', CODE), y + (lh - 1.164 * CODE) / 2, { lineBreak: false });
      }
      c.drawLine(v.line, c.x + PAD + gutter, y, CODE, lh);
    }
  }
  c.gap(8);
}

/** Block math: the TeX source, centred in monospace (a PDF here has no TeX typesetter). */
export function renderMath(n: DocNode, ctx: RenderContext): void {
  const formula = str(n.data.formula) ?? '';
  drawText(ctx, [{ text: formula, style: { mono: true } }], BODY, { align: 'center' });
  ctx.canvas.gap(6);
}

export function renderDivider(ctx: RenderContext): void {
  const c = ctx.canvas;
  const top = c.reserve(14);
  c.doc
    .save()
    .lineWidth(0.7)
    .moveTo(c.x, top + 7)
    .lineTo(c.x + c.width, top + 7)
    .stroke(COLORS.rule)
    .restore();
}

/** CSS pixels to points: pictures print at the size a browser shows them. */
const PX = 0.75;

/**
 * An image block (or an inline image standing alone): the PNG or JPEG itself, scaled to fit
 * the column and at most 70% of a page high, with its caption below; a framed placeholder
 * naming it where the picture cannot be embedded (other formats, addresses on the web).
 */
export function renderImage(n: DocNode, ctx: RenderContext): void {
  const c = ctx.canvas;
  const found = ctx.image(n.data.ref);
  const caption = captionSpans(n, ctx);
  const alt = str(n.data.alt) ?? '';
  if (found?.image) {
    const img = found.image;
    const scale = Math.min(1, c.width / (img.width * PX), ((c.bottom - c.top) * 0.7) / (img.height * PX));
    const [w, h] = [img.width * PX * scale, img.height * PX * scale];
    c.keep(h + (caption.length ? BODY * 2 : 0));
    const top = c.reserve(h);
    c.drawImage(img, c.x + (c.width - w) / 2, top, w, h);
  } else {
    const label = `[Image: ${alt || found?.name || 'not embedded'}]`;
    const [x, w] = [c.x, c.width];
    c.decorated(
      (top, bottom) =>
        c.doc
          .save()
          .lineWidth(0.6)
          .dash(3, { space: 2 })
          .rect(x, top, w, bottom - top)
          .stroke(COLORS.rule)
          .undash()
          .restore(),
      6,
      () => drawText(ctx, [{ text: label, style: { muted: true } }], BODY, { align: 'center' }),
    );
  }
  if (caption.length) {
    c.gap(3);
    drawText(ctx, caption, BODY - 1.5, { align: 'center', color: COLORS.muted });
  }
  c.gap(8);
}

function captionSpans(n: DocNode, ctx: RenderContext): Span[] {
  const fragment = fragmentOf(n, 'caption');
  const fromFragment = (fragment?.nodes ?? []).flatMap((p, i) => [
    ...(i ? [{ text: '\n', style: {} }] : []),
    ...spansOf(asNode(p).nodes, ctx, { italic: true }),
  ]);
  if (fromFragment.some((s) => s.text.trim())) return fromFragment;
  const caption = str(n.data.caption);
  return caption ? [{ text: caption, style: { italic: true } }] : [];
}
