import { writePdf, wrap } from './pdf-writer';
import { pageLines } from './render-markdown';
import { checkXref } from '../../testing/pdf-check';

describe('PDF writer', () => {
  it('writes a PDF 1.4 file whose xref offsets point at its objects and whose text holds the titles', () => {
    const lines = [
      ...pageLines('Getting started', '## Install\n\nRun `npm i` (twice) \\ done.\n\n- one\n- two\n\n```\ncode\n```\n\n---', 0),
      ...pageLines('Déjà vu — “quotes”', 'Body', 1),
    ];
    const pdf = writePdf('Docs', lines);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(checkXref(pdf)).toBeGreaterThanOrEqual(7);
    expect(text).toContain('(Getting started) Tj');
    expect(text).toContain('(Run npm i \\(twice\\) \\\\ done.) Tj');
    expect(pdf.includes(Buffer.from('(D\xe9j\xe0 vu \x97 \x93quotes\x94) Tj', 'latin1'))).toBe(true);
    expect(text).toContain('/BaseFont /Helvetica ');
    // Stream lengths are exact.
    for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const begin = m.index + m[0].length;
      expect(text.slice(begin + Number(m[1]), begin + Number(m[1]) + 10)).toBe('\nendstream');
    }
  });

  it('wraps long lines and starts new pages when one is full', () => {
    expect(wrap({ text: 'word '.repeat(100), font: 'regular', size: 11 }).length).toBeGreaterThan(3);
    const pdf = writePdf(
      'Long',
      Array.from({ length: 200 }, (_, i) => ({ text: `line ${i}`, font: 'regular' as const, size: 11 })),
    );
    expect(pdf.toString('latin1')).toMatch(/\/Count [4-9] /);
    checkXref(pdf);
  });
});
