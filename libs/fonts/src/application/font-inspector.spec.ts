import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FilesystemBlobStore } from '@app/platform';
import { dejaVu, ttfToWoff, ttfToWoff2 } from '../testing/woff-encoder';
import { FontInspector, fontFileKey, inspectFontBytes } from './font-inspector';

describe('font inspector (fontkit)', () => {
  const regular = ttfToWoff2(dejaVu('DejaVuSansMono'));

  it('reads family, weight, format and size from WOFF2 and WOFF files', () => {
    const bold = inspectFontBytes(ttfToWoff(dejaVu('DejaVuSansMono-Bold')));
    expect(bold).toEqual({
      ok: true,
      file: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/), format: 'woff', size: expect.any(Number), family: 'DejaVu Sans Mono', weight: 700 },
    });
    const r = inspectFontBytes(regular);
    expect(r).toMatchObject({ ok: true, file: { format: 'woff2', size: regular.length, family: 'DejaVu Sans Mono', weight: 400 } });
  });

  it('refuses what is not a whole WOFF2 or WOFF font, saying why', () => {
    const problem = (bytes: Buffer) => {
      const r = inspectFontBytes(bytes);
      return r.ok ? 'accepted' : r.problem;
    };
    expect(problem(dejaVu('DejaVuSansMono'))).toMatch(/^is a TrueType or OpenType file: upload it as WOFF2/);
    expect(problem(Buffer.from('%PDF-1.7 not a font'))).toBe('is not a font file (WOFF2 or WOFF expected)');
    expect(problem(Buffer.alloc(0))).toBe('is not a font file (WOFF2 or WOFF expected)');
    // A bare header opens in fontkit: the missing tables give it away.
    const header = (magic: string) => {
      const b = Buffer.concat([Buffer.from(magic), Buffer.alloc(60)]);
      b.writeUInt32BE(b.length, 8);
      return b;
    };
    expect(problem(header('wOFF'))).toMatch(/^is not a complete font \(no head, hhea/);
    expect(problem(header('wOF2'))).toMatch(/^is not a readable WOFF2 file: its Brotli data is damaged/);
    expect(problem(regular.subarray(0, 5000))).toBe(`is not a whole WOFF2 file (its header gives ${regular.length} bytes, the file has 5000)`);
    expect(problem(Buffer.from('wOF2'))).toBe('is not a whole WOFF2 file (its header gives no bytes, the file has 4)');
    const corrupted = Buffer.from(regular);
    corrupted.fill(0x5a, 2000, 6000);
    expect(problem(corrupted)).toMatch(/^is not a readable WOFF2 file: its Brotli data is damaged/);
    const woff = ttfToWoff(dejaVu('DejaVuSansMono'));
    woff.fill(0x5a, 3000, 4000);
    expect(problem(woff)).toMatch(/^is not a readable WOFF file: (its zlib data is damaged|its \S+ table does not decompress)/);
  });

  it('reads a face from the organization’s storage only, and keeps a checked copy by content', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'font-inspector-'));
    try {
      const blobs = new FilesystemBlobStore(dir);
      await blobs.put('orgs/o1/customization_font/u1/a.woff2', regular, { contentType: 'font/woff2', organizationId: 'o1' });
      const inspector = new FontInspector(blobs);
      const notFound = /^was not found in the organization's storage/;
      expect(await inspector.inspect('o2', 'orgs/o1/customization_font/u1/a.woff2')).toEqual({ ok: false, problem: expect.stringMatching(notFound) });
      expect(await inspector.inspect('o1', 'orgs/o1/missing')).toEqual({ ok: false, problem: expect.stringMatching(notFound) });
      expect(await inspector.inspect('o1', '../../etc/passwd')).toEqual({ ok: false, problem: expect.stringMatching(notFound) });
      const found = await inspector.inspect('o1', 'orgs/o1/customization_font/u1/a.woff2');
      expect(found.ok).toBe(true);
      const copy = await blobs.get(fontFileKey('o1', found.ok ? found.file.sha256 : ''));
      expect(copy).toEqual({ bytes: regular, contentType: 'font/woff2', organizationId: 'o1', size: regular.length });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
