/**
 * A minimal PDF 1.4 writer: A4 pages of text in the standard Helvetica, Helvetica-Bold and
 * Courier fonts (WinAnsiEncoding, so no font embedding), uncompressed content streams, and a
 * cross-reference table with exact byte offsets. Enough for readable printouts of markdown.
 */
export interface PdfLine {
  text: string;
  font: 'regular' | 'bold' | 'mono';
  size: number;
  indent?: number;
  /** Extra space above the line, in points. */
  gap?: number;
  /** A horizontal rule instead of text. */
  rule?: boolean;
}

const PAGE_W = 595,
  PAGE_H = 842,
  MARGIN = 56;
const FONTS = { regular: 'F1', bold: 'F2', mono: 'F3' } as const;

/** Unicode characters WinAnsiEncoding places outside Latin-1. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** The bytes of a PDF string literal: WinAnsi codes, with `\`, `(` and `)` escaped. */
export function pdfString(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const code = WIN_ANSI[ch] ?? ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) ? c : 0x3f);
    if (code === 0x5c || code === 0x28 || code === 0x29) bytes.push(0x5c);
    bytes.push(code);
  }
  return Buffer.from([0x28, ...bytes, 0x29]);
}

/** Approximate advance width (points): Helvetica averages about 0.52 em; Courier is 0.6 em. */
const widthOf = (text: string, font: PdfLine['font'], size: number) => [...text].length * size * (font === 'mono' ? 0.6 : font === 'bold' ? 0.56 : 0.52);

/** Splits long lines at spaces (or hard) so they fit the text width. */
export function wrap(line: PdfLine): PdfLine[] {
  const max = PAGE_W - 2 * MARGIN - (line.indent ?? 0);
  if (line.rule || widthOf(line.text, line.font, line.size) <= max) return [line];
  const out: PdfLine[] = [];
  let current = '';
  for (const word of line.text.split(/(\s+)/)) {
    if (widthOf(current + word, line.font, line.size) > max && current.trim()) {
      out.push({ ...line, text: current.trimEnd(), ...(out.length ? { gap: 0 } : {}) });
      current = word.trimStart();
    } else current += word;
    while (widthOf(current, line.font, line.size) > max) {
      const fit = Math.max(1, Math.floor(max / (line.size * 0.6)));
      out.push({ ...line, text: current.slice(0, fit), ...(out.length ? { gap: 0 } : {}) });
      current = current.slice(fit);
    }
  }
  if (current.trim() || !out.length) out.push({ ...line, text: current, ...(out.length ? { gap: 0 } : {}) });
  return out;
}

function paginate(lines: PdfLine[]): Buffer[] {
  const pages: Buffer[][] = [[]];
  let y = PAGE_H - MARGIN;
  for (const line of lines.flatMap(wrap)) {
    const height = line.size * 1.35 + (line.gap ?? 0);
    if (y - height < MARGIN && pages[pages.length - 1].length) {
      pages.push([]);
      y = PAGE_H - MARGIN;
    }
    y -= height;
    const x = MARGIN + (line.indent ?? 0);
    if (line.rule) pages[pages.length - 1].push(Buffer.from(`0.6 w ${x} ${y + line.size / 2} m ${PAGE_W - MARGIN} ${y + line.size / 2} l S\n`));
    else
      pages[pages.length - 1].push(
        Buffer.concat([Buffer.from(`BT /${FONTS[line.font]} ${line.size} Tf ${x} ${y.toFixed(2)} Td `), pdfString(line.text), Buffer.from(' Tj ET\n')]),
      );
  }
  return pages.map((p) => Buffer.concat(p));
}

export function writePdf(title: string, lines: PdfLine[]): Buffer {
  const streams = paginate(lines);
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
  const firstPage = 7;
  const kids = streams.map((_, i) => `${firstPage + 2 * i} 0 R`).join(' ');
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${streams.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>');
  add(Buffer.concat([Buffer.from('<< /Title '), pdfString(title), Buffer.from(' /Producer (docs-platform-api) >>')]));
  for (const [i, s] of streams.entries()) {
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${firstPage + 2 * i + 1} 0 R >>`,
    );
    add(Buffer.concat([Buffer.from(`<< /Length ${s.length} >>\nstream\n`), s, Buffer.from('\nendstream')]));
  }
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)].join('\n') + '\n';
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(chunks);
}
