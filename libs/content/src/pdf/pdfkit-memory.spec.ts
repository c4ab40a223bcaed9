import PDFDocument from 'pdfkit';
import { fontPath } from './pdf-fonts';
import { getHeapSpaceStatistics, setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';
import { batchContentWrites, collectOutput, heapPacer } from './pdfkit-memory';

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

describe('heapPacer', () => {
  const oldSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;

  it('collects promoted garbage once the old generation grew by its step (the collector is reached without --expose-gc)', async () => {
    // The garbage of what ran before goes first: a full collection of it during the loop below
    // would shrink the old generation while the kept objects grow it (a flake seen in CI).
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    const pace = heapPacer(8);
    // 40 MB of small objects kept across a few scavenges (so they are promoted), then dropped.
    let kept: Array<{ n: number; s: string }> | null = [];
    for (let i = 0; i < 400_000; i++) {
      kept.push({ n: i, s: `garbage ${i} `.repeat(4) });
      if (i % 50_000 === 0) await new Promise((r) => setImmediate(r));
    }
    const grown = oldSpace();
    kept = null;
    pace();
    expect(kept).toBeNull();
    // A full collection ran: what was promoted and dropped is gone (a scavenge never frees old space).
    expect(grown - oldSpace()).toBeGreaterThan(20 * 1024 * 1024);
  });

  it('does nothing before the step is reached', () => {
    const pace = heapPacer(1024);
    const before = oldSpace();
    pace();
    expect(Math.abs(oldSpace() - before)).toBeLessThan(4 * 1024 * 1024);
  });
});
