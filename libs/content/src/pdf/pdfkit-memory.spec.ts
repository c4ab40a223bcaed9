import PDFDocument from 'pdfkit';
import { fontPath } from './pdf-fonts';
import { batchContentWrites, collectOutput } from './pdfkit-memory';

/** The same drawing, with pdfkit's per-operator chunks or batched per page. */
async function draw(batched: boolean): Promise<{ bytes: Buffer; applied: boolean[] }> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { CreationDate: new Date('2026-01-01T00:00:00Z') } });
  const output = collectOutput(doc);
  const applied: boolean[] = [];
  doc.font(fontPath('sans'));
  for (let p = 0; p < 3; p++) {
    doc.addPage();
    if (batched) applied.push(batchContentWrites(doc.page));
    for (let i = 0; i < 200; i++) doc.fontSize(9 + (i % 3)).text(`page ${p} line ${i} — Ωμέγα Жизнь`, 50, 40 + (i % 60) * 12, { lineBreak: false });
    doc.rect(40, 40, 100, 50).stroke('#888888');
  }
  doc.end();
  return { bytes: await output, applied };
}

describe('pdfkit memory adaptations', () => {
  it('batching a page’s content writes produces exactly the bytes pdfkit writes on its own', async () => {
    const plain = await draw(false);
    const batched = await draw(true);
    expect(batched.applied).toEqual([true, true, true]);
    expect(batched.bytes.equals(plain.bytes)).toBe(true);
    expect(plain.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('leaves an object it does not recognise alone', () => {
    expect(batchContentWrites({})).toBe(false);
    expect(batchContentWrites(undefined)).toBe(false);
  });
});
