import { renderPdf, PdfPage } from './pdf-renderer';
import * as d from './testing/documents';
import { png } from './testing/images';
import { pdfImages, pdfInfo, pdfText } from './testing/poppler';

const render = (document: unknown, extra: Partial<PdfPage> = {}, title = 'Layout') =>
  renderPdf({
    title,
    createdAt: new Date('2026-01-02T03:04:05Z'),
    pages: [{ id: 'p', title: 'Page', document, ...extra }],
    pageTitle: () => undefined,
    file: (id) => (id === 'huge' ? { name: 'huge.png', bytes: png(1200, 3000) } : undefined),
  });

describe('PDF layout across pages', () => {
  it('continues a long table on the next pages with its header repeated, every row once', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`row-${i}`, `value ${i}`]);
    const { bytes, pageCount } = await render(d.doc(d.table(['Key', 'Value'], rows)));
    expect(pageCount).toBeGreaterThanOrEqual(3);
    for (let n = 1; n <= pageCount; n++) expect(pdfText(bytes, { first: n })).toMatch(/Key\s+Value/);
    const all = pdfText(bytes);
    for (const [key] of rows) expect(all.split(new RegExp(`\\b${key}\\b`)).length - 1).toBe(1);
  });

  it('splits a long code block across pages, keeping every line in order', async () => {
    const lines = Array.from({ length: 160 }, (_, i) => `line_${i} = compute(${i});`);
    const { bytes, pageCount } = await render(d.doc(d.p('before'), d.code(lines), d.p('after')));
    expect(pageCount).toBeGreaterThanOrEqual(3);
    const text = pdfText(bytes);
    const positions = lines.map((l) => text.indexOf(l));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('wraps long paragraphs and cuts words wider than the page, losing no character', async () => {
    const words = Array.from({ length: 1500 }, (_, i) => `word${i}`);
    const long = 'https://example.com/' + 'segment/'.repeat(40);
    const { bytes, pageCount } = await render(d.doc(d.p(words.join(' ')), d.p(long)));
    expect(pageCount).toBeGreaterThanOrEqual(2);
    const text = pdfText(bytes);
    for (const w of words) expect(text).toMatch(new RegExp(`\\b${w}\\b`));
    expect(text.replace(/\s+/g, '')).toContain(long);
  });

  it('scales a picture taller than the page to fit it', async () => {
    const { bytes, pageCount } = await render(d.doc(d.images(d.image({ kind: 'file', file: 'huge' }, 'Tall'))));
    expect(pageCount).toBe(1);
    expect(pdfImages(bytes)).toEqual([{ page: 1, width: 1200, height: 3000, enc: 'image' }]);
    expect(pdfText(bytes)).toContain('Tall');
  });
});

describe('PDF text in any script', () => {
  it('keeps Latin, Greek and Cyrillic extractable in every style, also in the title metadata', async () => {
    const sample = 'Ελληνικά Кириллица Ünïcödé';
    const { bytes } = await render(
      d.doc(d.h(2, sample), d.p(d.text(sample, 'bold'), ' ', d.text(sample, 'italic'), ' ', d.text(sample, 'bold', 'italic'), ' ', d.text(sample, 'code'))),
      { title: 'Страница' },
      'Руководство Οδηγός',
    );
    const text = pdfText(bytes);
    expect(text.replace(/\s+/g, ' ').split(sample).length - 1).toBe(5);
    expect(text).toContain('Страница');
    expect(pdfInfo(bytes).Title).toBe('Руководство Οδηγός');
  });

  it('draws characters no bundled font covers as U+FFFD and counts them in the result and the metadata', async () => {
    const { bytes, missingGlyphs } = await render(d.doc(d.p('漢字 and 𝄞 here'), d.code(['print("你")'])));
    expect(missingGlyphs).toBe(4);
    expect(pdfInfo(bytes).MissingGlyphs).toBe('4');
    const text = pdfText(bytes);
    expect(text).toContain('\uFFFD\uFFFD and \uFFFD here');
    expect(text).toContain('print("\uFFFD")');
    expect(text).not.toContain('?');
  });
});

describe('PDF renderer robustness', () => {
  it('prints malformed or unknown nodes as well as it can instead of failing', async () => {
    const document = {
      object: 'document',
      nodes: [
        null,
        42,
        { type: 'paragraph' },
        { object: 'block', type: 'future-block', nodes: [d.p('future text')] },
        { object: 'block', type: 'table', data: {} },
        {
          object: 'block',
          type: 'table',
          data: { view: { columns: ['a', 7] }, definition: 'x', records: { r: { values: { a: { kind: 'url', url: 'https://e.x' } } } } },
        },
        { object: 'block', type: 'images', nodes: 'not an array' },
        { object: 'block', type: 'list-ordered', data: { start: 'x' }, nodes: [{}, d.item()] },
        { object: 'block', type: 'code', nodes: [{ object: 'text', leaves: [{ text: 'bare code text' }] }] },
        { object: 'block', type: 'image', data: { ref: { kind: 'file', file: 'missing' } } },
        { object: 'block', type: 'expandable', fragments: [] },
        { object: 'text', leaves: [{ object: 'leaf', text: 'stray text', marks: [] }] },
        d.p({ object: 'inline', type: 'emoji', data: { code: 'zz-not-hex' } }, { object: 'inline', type: 'mystery', data: {} }, 'tail words'),
      ],
    };
    const { bytes } = await render(document);
    const text = pdfText(bytes);
    for (const w of ['future text', 'https://e.x', 'bare code text', '[Image: not embedded]', 'stray text', 'tail words']) expect(text).toContain(w);
  });

  it('prints a valid one-page PDF for no pages, and the same bytes for the same revision', async () => {
    const empty = await renderPdf({ title: 'Empty', pages: [], pageTitle: () => undefined, file: () => undefined });
    expect(pdfInfo(empty.bytes).Pages).toBe('1');
    const a = await render(d.doc(d.p('same')));
    const b = await render(d.doc(d.p('same')));
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });
});
