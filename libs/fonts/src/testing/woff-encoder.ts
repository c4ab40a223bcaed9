import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';

/**
 * WOFF 1.0 and WOFF2 files made from a TrueType file, for tests (no converter is installed).
 * Both follow the W3C specifications: WOFF compresses each table with zlib; WOFF2 compresses all
 * tables in one Brotli stream, keeping glyf and loca untransformed (transform version 3, which
 * the specification allows and decoders such as fontkit read).
 */
interface SfntTable {
  tag: string;
  checksum: number;
  data: Buffer;
}

function readSfnt(ttf: Buffer): { flavor: number; tables: SfntTable[] } {
  const flavor = ttf.readUInt32BE(0);
  const count = ttf.readUInt16BE(4);
  const tables: SfntTable[] = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const offset = ttf.readUInt32BE(at + 8);
    tables.push({
      tag: ttf.toString('latin1', at, at + 4),
      checksum: ttf.readUInt32BE(at + 4),
      data: ttf.subarray(offset, offset + ttf.readUInt32BE(at + 12)),
    });
  }
  return { flavor, tables };
}

const align4 = (n: number) => (n + 3) & ~3;
const sfntSize = (tables: SfntTable[]) => 12 + 16 * tables.length + tables.reduce((n, t) => n + align4(t.data.length), 0);

export function ttfToWoff(ttf: Buffer): Buffer {
  const { flavor, tables } = readSfnt(ttf);
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const stored = sorted.map((t) => {
    const z = zlib.deflateSync(t.data);
    return z.length < t.data.length ? z : t.data;
  });
  const header = Buffer.alloc(44);
  const directory = Buffer.alloc(20 * sorted.length);
  const chunks: Buffer[] = [];
  let offset = header.length + directory.length;
  sorted.forEach((t, i) => {
    directory.write(t.tag, i * 20, 'latin1');
    directory.writeUInt32BE(offset, i * 20 + 4);
    directory.writeUInt32BE(stored[i].length, i * 20 + 8);
    directory.writeUInt32BE(t.data.length, i * 20 + 12);
    directory.writeUInt32BE(t.checksum, i * 20 + 16);
    const padded = Buffer.alloc(align4(stored[i].length));
    stored[i].copy(padded);
    chunks.push(padded);
    offset += padded.length;
  });
  header.write('wOFF', 0, 'latin1');
  header.writeUInt32BE(flavor, 4);
  header.writeUInt32BE(offset, 8);
  header.writeUInt16BE(sorted.length, 12);
  header.writeUInt32BE(sfntSize(tables), 16);
  header.writeUInt16BE(1, 20);
  return Buffer.concat([header, directory, ...chunks]);
}

/** The WOFF2 known-table list: a table whose tag is here is written as its index. */
const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB ' +
  'EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
)
  .match(/.{4}\s?/g)!
  .map((t) => t.slice(0, 4));

function base128(n: number): Buffer {
  const bytes = [n & 0x7f];
  for (n = Math.floor(n / 128); n > 0; n = Math.floor(n / 128)) bytes.unshift((n & 0x7f) | 0x80);
  return Buffer.from(bytes);
}

export function ttfToWoff2(ttf: Buffer): Buffer {
  const { flavor, tables } = readSfnt(ttf);
  // loca right after glyf, as decoders expect of the pair.
  const ordered = tables.filter((t) => t.tag !== 'loca');
  const loca = tables.find((t) => t.tag === 'loca');
  if (loca) ordered.splice(ordered.findIndex((t) => t.tag === 'glyf') + 1, 0, loca);
  const directory = Buffer.concat(
    ordered.map((t) => {
      const known = KNOWN_TAGS.indexOf(t.tag);
      const transform = t.tag === 'glyf' || t.tag === 'loca' ? 3 << 6 : 0;
      const flags = Buffer.from([(known >= 0 ? known : 63) | transform]);
      return Buffer.concat([flags, known >= 0 ? Buffer.alloc(0) : Buffer.from(t.tag, 'latin1'), base128(t.data.length)]);
    }),
  );
  const compressed = zlib.brotliCompressSync(Buffer.concat(ordered.map((t) => t.data)), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  const header = Buffer.alloc(48);
  const length = align4(header.length + directory.length + compressed.length);
  header.write('wOF2', 0, 'latin1');
  header.writeUInt32BE(flavor, 4);
  header.writeUInt32BE(length, 8);
  header.writeUInt16BE(ordered.length, 12);
  header.writeUInt32BE(sfntSize(tables), 16);
  header.writeUInt32BE(compressed.length, 20);
  header.writeUInt16BE(1, 24);
  const out = Buffer.alloc(length);
  Buffer.concat([header, directory, compressed]).copy(out);
  return out;
}

/** A DejaVu TrueType file of the dejavu-fonts-ttf package (`DejaVuSansMono`, `DejaVuSansMono-Bold`…). */
export const dejaVu = (name: string): Buffer =>
  fs.readFileSync(path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', `${name}.ttf`));
