import { execFileSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/**
 * Test helpers over poppler-utils (pdftotext, pdfinfo; installed by .ci/run): what a reader's
 * tools extract from a PDF, not what the writer meant to put in it.
 */
function withFile<T>(pdf: Buffer, fn: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-check-'));
  try {
    const path = join(dir, 'doc.pdf');
    writeFileSync(path, pdf);
    return fn(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The text pdftotext extracts (UTF-8, reading order), optionally of pages `first`..`last` (1-based). */
export function pdfText(pdf: Buffer, pages?: { first: number; last?: number }): string {
  return withFile(pdf, (path) =>
    run('pdftotext', ['-enc', 'UTF-8', ...(pages ? ['-f', String(pages.first), '-l', String(pages.last ?? pages.first)] : []), path, '-']),
  );
}

/** pdfinfo's fields (custom metadata keys included), e.g. Title, Pages, MissingGlyphs. */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  // -custom prints the metadata dictionary only; the plain run adds Pages, page size and the rest.
  const out = withFile(pdf, (path) => run('pdfinfo', ['-enc', 'UTF-8', path]) + run('pdfinfo', ['-custom', '-enc', 'UTF-8', path]));
  return Object.fromEntries(
    out.split('\n').flatMap((l) => {
      const m = /^([^:]+):\s*(.*)$/.exec(l);
      return m ? [[m[1].trim(), m[2].trim()]] : [];
    }),
  );
}

/** Link annotations and outline entries, as pdfinfo does not show them: read from the raw objects. */
export function pdfUris(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]);
}

/** Outline entries with the title of the entry they hang under (none for top-level ones). */
export function pdfOutline(pdf: Buffer): { title: string; parent?: string }[] {
  const raw = pdf.toString('latin1');
  const entries = [...raw.matchAll(/(\d+) 0 obj\s*<<[^]*?\/Parent (\d+) 0 R\s*\/Title \(((?:\\.|[^\\)])*)\)/g)].map((m) => ({
    id: m[1],
    parentId: m[2],
    title: decodePdfString(m[3]),
  }));
  const byId = new Map(entries.map((e) => [e.id, e.title]));
  return entries.map((e) => ({ title: e.title, ...(byId.has(e.parentId) ? { parent: byId.get(e.parentId) } : {}) }));
}

function decodePdfString(literal: string): string {
  const bytes = Buffer.from(
    literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) =>
      /^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e),
    ),
    'latin1',
  );
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

/** The images pdfimages lists: page, width, height and encoding (`image` = Flate/PNG, `jpeg`). */
export function pdfImages(pdf: Buffer): { page: number; width: number; height: number; enc: string }[] {
  const out = withFile(pdf, (path) => run('pdfimages', ['-list', path]));
  return out
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c[2] === 'image')
    .map((c) => ({ page: Number(c[0]), width: Number(c[3]), height: Number(c[4]), enc: c[8] }));
}
