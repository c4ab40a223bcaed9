import { expectMatchesSchema } from '../../../../test/support/reference-schema';
import { PdfInput, PdfPage, renderPdf } from './pdf-renderer';
import * as d from './testing/documents';
import { JPEG_12x16, png } from './testing/images';
import { pdfImages, pdfInfo, pdfOutline, pdfText, pdfUris } from './testing/poppler';

const FILES: Record<string, { name: string; bytes?: Buffer }> = {
  pic: { name: 'diagram.png', bytes: png(300, 150) },
  photo: { name: 'photo.jpg', bytes: JPEG_12x16 },
  gif: { name: 'anim.gif', bytes: Buffer.from('GIF89a') },
  doc: { name: 'manual.pdf' },
};

const input = (pages: PdfPage[], extra: Partial<PdfInput> = {}): PdfInput => ({
  title: 'Handbook',
  pages,
  pageTitle: (id) => pages.find((p) => p.id === id)?.title,
  file: (id) => FILES[id],
  ...extra,
});

/** One page holding every block and inline type of the reference document model. */
const everything = d.doc(
  d.h(1, 'Heading one'),
  d.h(2, 'Heading two', 'second'),
  d.h(3, 'Heading three'),
  d.p('Plain ', d.text('bold', 'bold'), ' ', d.text('italic', 'italic'), ' ', d.text('monospace', 'code'), ' ', d.text('struck', 'strikethrough'), '.'),
  d.p(
    'Visit ',
    d.link({ kind: 'url', url: 'https://example.com/docs' }, 'the site'),
    ', see ',
    d.link({ kind: 'page', page: 'p2' }, 'the second page'),
    ', jump ',
    d.link({ kind: 'anchor', anchor: 'second' }, 'up'),
    ' or ',
    d.inlineMath('e^{i\\pi}'),
  ),
  d.ul(d.item(d.p('bullet one'), d.ul(d.item(d.p('nested bullet')))), d.item(d.p('bullet two'))),
  d.ol(3, d.item(d.p('third item')), d.item(d.p('fourth item'))),
  d.tasks(d.task(true, d.p('done task')), d.task(false, d.p('open task'))),
  d.quote(d.p('quoted words')),
  d.hint('info', d.p('info hint')),
  d.hint('danger', d.p('danger hint')),
  d.code(['const answer = 42;', '  return answer;'], { syntax: 'javascript', title: 'answer.js', lineNumbers: true }),
  d.table(
    ['Name', 'Value'],
    [
      ['alpha', 'one'],
      ['beta', 'two'],
    ],
    { align: ['left', 'right'] },
  ),
  d.images(d.image({ kind: 'file', file: 'pic' }, 'A red diagram'), d.image({ kind: 'file', file: 'photo' }, 'A small photo')),
  d.images(d.image({ kind: 'url', url: 'https://example.com/remote.png' }, undefined, 'remote picture')),
  d.images(d.image({ kind: 'file', file: 'gif' }, 'An animation')),
  d.divider(),
  d.math('a^2 + b^2 = c^2'),
  d.embed('https://video.example.com/watch'),
  d.file('doc'),
  d.contentRef({ kind: 'page', page: 'p2' }),
  d.tabs(['Windows', d.p('windows steps')], ['Linux', d.p('linux steps')]),
  d.expandable('More details', d.p('hidden body')),
);

describe('PDF renderer (pdfkit, DejaVu fonts)', () => {
  let pdf: Buffer;
  let missing: number;
  beforeAll(async () => {
    const pages: PdfPage[] = [
      { id: 'p1', title: 'Everything', description: 'Every node type', document: everything },
      { id: 'p2', title: 'Second page', document: d.doc(d.p('second body')) },
      { id: 'p3', parent: 'p2', title: 'Child page', document: d.doc(d.p('child body')) },
    ];
    ({ bytes: pdf, missingGlyphs: missing } = await renderPdf(input(pages, { subject: 'Change request #4: Docs' })));
  });

  it('test documents are in the reference JSONDocument shape', () => {
    expectMatchesSchema('JSONDocument', everything);
  });

  it('prints the text of every block and inline type, extractable by pdftotext', () => {
    const text = pdfText(pdf);
    const words = [
      ...['Everything', 'Every node type', 'Heading one', 'Heading two', 'Heading three', 'Plain bold italic monospace struck.'],
      ...['Visit the site, see the second page, jump up or e^{i\\pi}', 'bullet one', 'nested bullet', 'bullet two'],
      ...['3. third item', '4. fourth item', '☑ done task', '☐ open task', 'quoted words', 'info hint', 'danger hint'],
      ...['answer.js', 'const answer = 42;', 'return answer;', 'Name', 'Value', 'alpha', 'beta', 'A red diagram', 'A small photo'],
      ...['[Image: remote picture]', '[Image: anim.gif]', 'An animation', 'a^2 + b^2 = c^2', 'Embed: https://video.example.com/watch'],
      ...['File: manual.pdf', '→ Second page', 'Windows', 'windows steps', 'Linux', 'linux steps', '▾ More details', 'hidden body'],
      ...['Second page', 'second body', 'Child page', 'child body'],
    ];
    for (const w of words) expect(text).toContain(w);
    expect(text).not.toContain('?');
    expect(missing).toBe(0);
  });

  it('writes metadata Title and Subject, one bookmark per page nested like the tree, and page numbers', () => {
    const info = pdfInfo(pdf);
    expect(info.Title).toBe('Handbook');
    expect(info.Subject).toBe('Change request #4: Docs');
    expect(info.MissingGlyphs).toBe('0');
    const pages = Number(info.Pages);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(pdfOutline(pdf)).toEqual(
      expect.arrayContaining([{ title: 'Everything' }, { title: 'Second page' }, { title: 'Child page', parent: 'Second page' }]),
    );
    expect(pdfOutline(pdf)).toHaveLength(3);
    // The footer is the page number, the last line pdftotext reads on each page.
    for (let n = 1; n <= pages; n++) expect(pdfText(pdf, { first: n })).toMatch(new RegExp(`\\n${n}\\s*$`));
  });

  it('embeds PNG and JPEG pictures and makes links clickable (web addresses and pages of the PDF)', () => {
    const imgs = pdfImages(pdf);
    expect(imgs.map((i) => `${i.width}x${i.height}`).sort()).toEqual(['12x16', '300x150']);
    expect(imgs.map((i) => i.enc).sort()).toEqual(['image', 'jpeg']);
    expect(pdfUris(pdf)).toEqual(expect.arrayContaining(['https://example.com/docs', 'https://video.example.com/watch']));
    const raw = pdf.toString('latin1');
    // Internal links go to named destinations defined for printed pages and heading anchors.
    expect(raw).toContain('/D (page-p2)');
    expect(raw).toContain('/D (page-p1#second)');
    expect(raw).toMatch(/\/Names \[/);
  });
});
