import { asNode, DocNode, plainText, str } from './document-nodes';
import { InlineContext, Span } from './inline-spans';
import { layoutLines } from './line-layout';
import { OpenedImage, PdfCanvas } from './pdf-canvas';

/** Body text size and line height factor; the other sizes are set beside their blocks. */
export const BODY = 10.5;
export const LEADING = 1.45;

/** A picture the renderer can draw: pdfkit's opened PNG or JPEG, or only a name for a placeholder. */
export interface ImageLookup {
  image?: OpenedImage;
  name: string;
}

export interface RenderContext extends InlineContext {
  canvas: PdfCanvas;
  /** The content page being drawn (anchors without a page point into it). */
  pageId: string;
  /** The picture a reference (file or URL) points to, if known. */
  image(ref: unknown): ImageLookup | undefined;
  /** Nesting depth of lists (bullet shape) and whether paragraphs sit tight (list items). */
  listDepth: number;
  tight: boolean;
}

/** Lays out spans at the current width and draws them (counting characters no font covers). */
export function drawText(ctx: RenderContext, spans: Span[], size: number, opts: { align?: string; color?: string; leading?: number } = {}): void {
  const c = ctx.canvas;
  const { lines, missing } = layoutLines(spans, { width: c.width, size, measure: c.measure });
  c.missing += missing;
  c.drawLines(lines, size, size * (opts.leading ?? LEADING), opts);
}

/** An anchor id as the web renders headings without an explicit one: lower case, words joined by '-'. */
export function anchorSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** The anchors a heading answers to: its explicit id and the slug of its text. */
export function headingAnchors(n: DocNode): string[] {
  return [...new Set([str(n.data.id), anchorSlug(plainText(n))])].filter((a): a is string => !!a);
}

/** Adds the destinations of a page's heading anchors to `out`. */
export function addAnchorDestinations(out: Set<string>, pageId: string, document: unknown): void {
  const visit = (raw: unknown) => {
    const n = asNode(raw);
    if (/^heading-[123]$/.test(n.type)) for (const a of headingAnchors(n)) out.add(pageDestination(pageId, a));
    n.nodes.forEach(visit);
    n.fragments.forEach(visit);
  };
  visit(document);
}

export const pageDestination = (pageId: string, anchor?: string) => `page-${pageId}${anchor ? `#${anchor}` : ''}`;
