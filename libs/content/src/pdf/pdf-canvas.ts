import { bundledFonts, FONT_KEYS, FontKey, pdfkit } from './pdf-fonts';
import { LinkTarget } from './inline-spans';
import { batchContentWrites, collectOutput } from './pdfkit-memory';
import { Line } from './line-layout';

/** A4 in points, with 2 cm margins; the page number sits in the bottom margin. */
export const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;

/** Ascent + descent of the DejaVu faces, in em: the height of a line's ink box. */
const INK = 1.164;

export const COLORS = { text: '#1f2328', muted: '#6e7781', link: '#0b57d0', rule: '#c8ccd0', codeBg: '#f3f4f6' } as const;

/** A PNG or JPEG pdfkit has parsed: embedded once, drawn wherever it is used. */
export interface OpenedImage {
  width: number;
  height: number;
}
// pdfkit's openImage/image(opened) exist since 0.x but are missing from @types/pdfkit.
type ImageApi = { openImage(src: Buffer): OpenedImage; image(src: OpenedImage, x: number, y: number, o: { width: number; height: number }): unknown };

interface OpenDecoration {
  top: number;
  used: boolean;
  draw: (top: number, bottom: number) => void;
}

/**
 * The drawing surface: a pdfkit document with the bundled fonts, a cursor (`x`, `width` of the
 * current container, `y` from the top of the page), page breaks, and the things that must
 * survive one: decorations (box and bar segments drawn per page) and a pending list marker
 * (drawn beside whatever comes first). A page is compressed and written out as soon as the next
 * one starts (no page buffering), so memory stays flat however long the document is; hence the
 * footer shows the page number alone, and a link inside the PDF is drawn only to a destination
 * known to exist (`destinations`, which the renderer fills before drawing each page), or else
 * to its fallback.
 */
export class PdfCanvas {
  readonly doc: PDFKit.PDFDocument;
  x: number = PAGE.margin;
  width: number = PAGE.width - 2 * PAGE.margin;
  y: number = PAGE.margin;
  /** Characters no bundled font covers, drawn as U+FFFD. */
  missing = 0;
  private page = -1;
  private drawnOnPage = false;
  private readonly decorations: OpenDecoration[] = [];
  private marker: ((y: number) => void) | undefined;
  private readonly defined = new Set<string>();
  private readonly output: Promise<Buffer>;

  /** `destinations`: the named destinations the document defines or will define (filled by the caller). */
  constructor(
    info: PDFKit.DocumentInfo & Record<string, unknown>,
    private readonly destinations: ReadonlySet<string>,
  ) {
    const fonts = bundledFonts();
    this.doc = new (pdfkit())({ autoFirstPage: false, size: 'A4', margin: PAGE.margin, info, displayTitle: true });
    for (const key of FONT_KEYS) this.doc.registerFont(key, fonts.bytes[key]);
    this.output = collectOutput(this.doc);
  }

  get top(): number {
    return PAGE.margin;
  }
  get bottom(): number {
    return PAGE.height - PAGE.margin;
  }
  get pageIndex(): number {
    return this.page;
  }

  newPage(): void {
    for (const d of this.decorations) if (d.used) d.draw(d.top, this.y);
    this.doc.addPage();
    batchContentWrites(this.doc.page);
    this.page++;
    const label = String(this.page + 1);
    this.font('sans', 8)
      .fillColor(COLORS.muted)
      .text(label, (PAGE.width - this.measure(label, 'sans', 8)) / 2, PAGE.height - PAGE.margin / 2 - 4, { lineBreak: false });
    this.y = this.top;
    this.drawnOnPage = false;
    for (const d of this.decorations) Object.assign(d, { top: this.y, used: false });
  }

  /** Room for `h` points at the cursor (a new page unless this one is still empty); returns the top. */
  reserve(h: number): number {
    if (this.page < 0 || (this.y + h > this.bottom && this.drawnOnPage)) this.newPage();
    const top = this.y;
    this.y += h;
    this.drawnOnPage = true;
    for (const d of this.decorations) d.used = true;
    const marker = this.marker;
    this.marker = undefined;
    marker?.(top);
    return top;
  }

  room(): number {
    return this.bottom - this.y;
  }

  /** Whether `h` points fit at the cursor without a page break (always true on an empty page). */
  fits(h: number): boolean {
    return this.page >= 0 && (this.y + h <= this.bottom || !this.drawnOnPage);
  }

  /** Starts a new page unless `h` points fit here (keeps a heading with what follows it). */
  keep(h: number): void {
    if (!this.fits(h)) this.newPage();
  }

  /** Places a list marker still waiting because its item drew nothing. */
  flushMarker(h: number): void {
    if (this.marker) this.reserve(h);
  }

  /** Vertical space (dropped at a page top, where it would only push content down). */
  gap(h: number): void {
    if (this.drawnOnPage) this.y = Math.min(this.y + h, this.bottom);
  }

  within<T>(left: number, right: number, fn: () => T): T {
    const [x, width] = [this.x, this.width];
    this.x += left;
    this.width = Math.max(24, this.width - left - right);
    try {
      return fn();
    } finally {
      [this.x, this.width] = [x, width];
    }
  }

  /** Content with a box or bar beside it (`draw(top, bottom)` per page it spans). */
  decorated(draw: (top: number, bottom: number) => void, pad: number, fn: () => void): void {
    const d: OpenDecoration = { top: this.y, used: false, draw };
    this.decorations.push(d);
    this.y += pad;
    try {
      fn();
    } finally {
      this.y += pad;
      this.decorations.pop();
      if (d.used) draw(d.top, this.y);
    }
  }

  /** A list marker, drawn at the top of the next thing placed (the item's first line). */
  setMarker(draw: (y: number) => void): void {
    // An item that opens with a nested list shows both markers on its first line.
    const outer = this.marker;
    this.marker = outer
      ? (y) => {
          outer(y);
          draw(y);
        }
      : draw;
  }

  /** Parses a PNG or JPEG (throws on anything else or damaged bytes). */
  openImage(bytes: Buffer): OpenedImage {
    return (this.doc as unknown as ImageApi).openImage(bytes);
  }

  drawImage(image: OpenedImage, x: number, y: number, width: number, height: number): void {
    (this.doc as unknown as ImageApi).image(image, x, y, { width, height });
  }

  font(font: FontKey, size: number): PDFKit.PDFDocument {
    return this.doc.font(font).fontSize(size);
  }

  measure = (text: string, font: FontKey, size: number): number => this.font(font, size).widthOfString(text);

  /** Lines of one size, each on the page where it fits, aligned within the current width. */
  drawLines(lines: Line[], size: number, lineHeight: number, opts: { align?: string; color?: string } = {}): void {
    for (const line of lines) {
      const top = this.reserve(lineHeight);
      const free = this.width - line.width;
      const x = this.x + (opts.align === 'center' ? free / 2 : opts.align === 'right' ? free : 0);
      this.drawLine(line, x, top, size, lineHeight, opts.color);
    }
  }

  drawLine(line: Line, x: number, top: number, size: number, lineHeight: number, color: string = COLORS.text): void {
    const y = top + (lineHeight - INK * size) / 2;
    let cx = x;
    let i = 0;
    while (i < line.pieces.length) {
      // One text operation per run of pieces sharing face and style.
      const first = line.pieces[i];
      let text = '';
      let w = 0;
      for (; i < line.pieces.length && line.pieces[i].font === first.font && line.pieces[i].style === first.style; i++) {
        text += line.pieces[i].text;
        w += line.pieces[i].width;
      }
      const s = first.style;
      if (s.code && !s.mono)
        this.doc
          .save()
          .rect(cx - 1, y - 1, w + 2, INK * size + 2)
          .fill(COLORS.codeBg)
          .restore();
      const fill = s.link ? COLORS.link : s.muted ? COLORS.muted : color;
      this.font(first.font, size).fillColor(fill).text(text, cx, y, { lineBreak: false, underline: !!s.link, strike: !!s.strike });
      if (s.link) this.link(s.link, cx, y, w, INK * size);
      cx += w;
    }
  }

  /** Web links always; links inside the PDF only to a destination the document defines (else plain text). */
  link(target: LinkTarget, x: number, y: number, w: number, h: number): void {
    if (target.kind === 'url') return void this.doc.link(x, y, w, h, target.url);
    const dest = [target.dest, target.fallback].find((d) => d && this.destinations.has(d));
    if (dest) this.doc.goTo(x, y, w, h, dest);
  }

  /** Defines a named destination at the cursor (page titles, heading anchors), once. */
  destination(name: string): void {
    if (this.page < 0 || this.defined.has(name)) return;
    this.defined.add(name);
    // pdfkit turns this top (from the page top, like the cursor) into PDF coordinates.
    this.doc.addNamedDestination(name, 'XYZ', PAGE.margin, this.y, 0);
  }

  /** Ends the document; answers the PDF bytes. */
  finish(extraInfo: Record<string, string>): Promise<Buffer> {
    if (this.page < 0) this.newPage();
    Object.assign(this.doc.info, extraInfo);
    this.doc.end();
    return this.output;
  }
}
