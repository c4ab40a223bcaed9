import { asNode, DocNode, fragmentOf, plainText, str } from './document-nodes';
import { Span, spansOf } from './inline-spans';
import { renderCode, renderDivider, renderImage, renderMath } from './media-blocks';
import { COLORS } from './pdf-canvas';
import { BODY, drawText, headingAnchors, LEADING, pageDestination, RenderContext } from './render-context';
import { renderTable } from './table-block';

const HEADING = { 'heading-1': 17, 'heading-2': 14.5, 'heading-3': 12.5 } as const;
const HINT_COLORS: Record<string, string> = { info: '#2f6fde', success: '#1f883d', warning: '#bf8700', danger: '#cf222e' };
const BULLETS = ['•', '◦', '▪'];
const INDENT = 18;

/** Draws a list of blocks, in order (every reference node type; unknown ones by their content). */
export function renderBlocks(nodes: unknown[], ctx: RenderContext): void {
  for (const raw of nodes) renderBlock(asNode(raw), ctx);
}

function renderBlock(n: DocNode, ctx: RenderContext): void {
  const c = ctx.canvas;
  switch (n.type) {
    case 'paragraph':
      return paragraph(n, ctx);
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return heading(n, HEADING[n.type], ctx);
    case 'list-unordered':
    case 'list-ordered':
    case 'list-tasks':
      return list(n, ctx);
    case 'list-item':
      return renderBlocks(n.nodes, ctx);
    case 'blockquote':
      c.decorated(
        (top, bottom) =>
          c.doc
            .save()
            .rect(c.x, top, 2.5, bottom - top)
            .fill(COLORS.rule)
            .restore(),
        2,
        () => c.within(12, 0, () => renderBlocks(n.nodes, ctx)),
      );
      return c.gap(6);
    case 'hint':
      return hint(n, ctx);
    case 'code':
      return renderCode(n, ctx);
    case 'math':
      return renderMath(n, ctx);
    case 'divider':
      return renderDivider(ctx);
    case 'images':
      for (const image of n.nodes) renderImage(asNode(image), ctx);
      return;
    case 'image':
      return renderImage(n, ctx);
    case 'table':
      return renderTable(n, ctx);
    case 'tabs':
      return tabs(n, ctx);
    case 'expandable':
      return expandable(n, ctx);
    case 'content-ref':
    case 'file':
    case 'embed':
      return reference(n, ctx);
    default:
      // Types a PDF has no better form for (integrations, drawings, reusable content…): their
      // content; stray text at block level prints as a paragraph.
      if (n.leaves.length)
        return drawText(
          ctx,
          n.leaves.map((l) => ({ text: l.text, style: {} })),
          BODY,
        );
      if (n.nodes.length) return renderBlocks(n.nodes, ctx);
      for (const f of n.fragments) renderBlocks(asNode(f).nodes, ctx);
  }
}

function paragraph(n: DocNode, ctx: RenderContext): void {
  const images = n.nodes.map(asNode);
  // A paragraph of images only (markdown `![alt](src)` on its own line) shows the pictures.
  if (images.some((i) => i.type === 'inline-image') && images.every((i) => i.type === 'inline-image' || !plainText(i).trim())) {
    for (const i of images.filter((x) => x.type === 'inline-image')) renderImage(i, ctx);
    return;
  }
  drawText(ctx, spansOf(n.nodes, ctx), BODY, { align: str(n.data.align) });
  ctx.canvas.gap(ctx.tight ? 2 : 6);
}

function heading(n: DocNode, size: number, ctx: RenderContext): void {
  const c = ctx.canvas;
  c.gap(size * 0.7);
  // A heading never ends a page: it moves with the first lines after it.
  c.keep(size * LEADING + 3 * BODY * LEADING);
  for (const anchor of headingAnchors(n)) c.destination(pageDestination(ctx.pageId, anchor));
  drawText(ctx, spansOf(n.nodes, ctx, { bold: true }), size, { align: str(n.data.align), leading: 1.3 });
  c.gap(size * 0.3);
}

function list(n: DocNode, ctx: RenderContext): void {
  const c = ctx.canvas;
  const start = typeof n.data.start === 'number' ? n.data.start : 1;
  n.nodes.map(asNode).forEach((item, i) => {
    const marker =
      n.type === 'list-ordered'
        ? `${start + i}.`
        : n.type === 'list-tasks'
          ? item.data.checked === true
            ? '☑'
            : '☐'
          : BULLETS[ctx.listDepth % BULLETS.length];
    const x = c.x;
    const lineHeight = BODY * LEADING;
    c.setMarker((top) =>
      c
        .font('sans', BODY)
        .fillColor(COLORS.text)
        .text(marker, x, top + (lineHeight - 1.164 * BODY) / 2, { lineBreak: false }),
    );
    const inner = { ...ctx, listDepth: ctx.listDepth + 1, tight: true };
    c.within(INDENT + (n.type === 'list-ordered' && start + n.nodes.length > 99 ? 8 : 0), 0, () => renderBlocks(item.nodes, inner));
    c.flushMarker(lineHeight);
  });
  c.gap(ctx.tight ? 2 : 6);
}

function hint(n: DocNode, ctx: RenderContext): void {
  const c = ctx.canvas;
  const color = HINT_COLORS[str(n.data.style) ?? 'info'] ?? HINT_COLORS.info;
  const [x, w] = [c.x, c.width];
  c.decorated(
    (top, bottom) => {
      c.doc
        .save()
        .lineWidth(0.8)
        .rect(x, top, w, bottom - top)
        .stroke(color)
        .restore();
      c.doc
        .save()
        .rect(x, top, 3.5, bottom - top)
        .fill(color)
        .restore();
    },
    7,
    () => c.within(14, 10, () => renderBlocks(n.nodes, { ...ctx, tight: true })),
  );
  c.gap(8);
}

function tabs(n: DocNode, ctx: RenderContext): void {
  const c = ctx.canvas;
  // Print shows every tab, one after the other, each under its title.
  for (const raw of n.nodes) {
    const tab = asNode(raw);
    c.keep(3 * BODY * LEADING);
    drawText(ctx, [{ text: str(tab.data.title) || 'Tab', style: { bold: true } }], BODY);
    const x = c.x;
    c.decorated(
      (top, bottom) =>
        c.doc
          .save()
          .rect(x, top, 1.5, bottom - top)
          .fill(COLORS.rule)
          .restore(),
      3,
      () => c.within(12, 0, () => renderBlocks(tab.nodes, ctx)),
    );
    c.gap(6);
  }
}

function expandable(n: DocNode, ctx: RenderContext): void {
  const title = fragmentOf(n, 'expandable-title');
  const body = fragmentOf(n, 'expandable-body');
  const spans: Span[] = [{ text: '▾ ', style: { bold: true } }, ...spansOf(title?.nodes.flatMap((p) => asNode(p).nodes) ?? [], ctx, { bold: true })];
  drawText(ctx, spans, BODY);
  ctx.canvas.gap(2);
  ctx.canvas.within(14, 0, () => renderBlocks(body?.nodes ?? [], ctx));
  ctx.canvas.gap(4);
}

/** content-ref, file and embed: one line naming the target, clickable where it can be. */
function reference(n: DocNode, ctx: RenderContext): void {
  const ref = n.type === 'embed' ? { kind: 'url', url: str(n.data.url) ?? '' } : n.data.ref;
  const prefix = n.type === 'file' ? 'File: ' : n.type === 'embed' ? 'Embed: ' : '→ ';
  const link = ctx.link(ref);
  const c = ctx.canvas;
  const [x, w] = [c.x, c.width];
  c.decorated(
    (top, bottom) =>
      c.doc
        .save()
        .lineWidth(0.6)
        .rect(x, top, w, bottom - top)
        .stroke(COLORS.rule)
        .restore(),
    4,
    () =>
      c.within(8, 8, () =>
        drawText(
          ctx,
          [
            { text: prefix, style: { muted: true } },
            { text: ctx.label(ref), style: link ? { link } : {} },
          ],
          BODY,
        ),
      ),
  );
  c.gap(6);
}
