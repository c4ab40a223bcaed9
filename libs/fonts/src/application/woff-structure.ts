import * as zlib from 'zlib';

/** No font needs more once decompressed: a file claiming more is refused before inflating it (no zip bombs). */
const MAX_SFNT_BYTES = 64 * 1024 * 1024;

/**
 * The container check fontkit leaves out: its decompressors (pure JS) return whatever comes out
 * of a damaged stream, and tables are read lazily, so a corrupted file can still "open". Here
 * every compressed table (WOFF, zlib) or the one table stream (WOFF2, Brotli) must decompress,
 * strictly, to exactly the sizes the directory gives. Null when the container is sound.
 */
export function woffStructureProblem(bytes: Buffer, format: 'woff' | 'woff2'): string | null {
  try {
    return format === 'woff' ? woff(bytes) : woff2(bytes);
  } catch (e) {
    return `its ${format === 'woff' ? 'zlib' : 'Brotli'} data is damaged (${e instanceof Error ? e.message : String(e)})`;
  }
}

/** WOFF 1.0: a 44-byte header, then 20 bytes per table: tag, offset, compLength, origLength, checksum. */
function woff(bytes: Buffer): string | null {
  const count = bytes.readUInt16BE(12);
  if (44 + 20 * count > bytes.length) return 'its table directory is cut off';
  for (let i = 0; i < count; i++) {
    const at = 44 + 20 * i;
    const tag = bytes.toString('latin1', at, at + 4);
    const [offset, compLength, origLength] = [bytes.readUInt32BE(at + 4), bytes.readUInt32BE(at + 8), bytes.readUInt32BE(at + 12)];
    if (offset + compLength > bytes.length || compLength > origLength) return `its ${tag} table lies outside the file`;
    if (origLength > MAX_SFNT_BYTES) return `its ${tag} table is larger than a font may be`;
    if (compLength < origLength && zlib.inflateSync(bytes.subarray(offset, offset + compLength), { maxOutputLength: origLength }).length !== origLength) {
      return `its ${tag} table does not decompress to its size`;
    }
  }
  return null;
}

/** WOFF2: a 48-byte header, then per table: flags, a tag if custom, UIntBase128 lengths; then one Brotli stream. */
function woff2(bytes: Buffer): string | null {
  const count = bytes.readUInt16BE(12);
  const totalCompressed = bytes.readUInt32BE(20);
  let at = 48;
  let expected = 0;
  const base128 = () => {
    let n = 0;
    for (let i = 0; i < 5; i++) {
      const b = bytes.readUInt8(at++);
      n = n * 128 + (b & 0x7f);
      if (!(b & 0x80)) return n;
    }
    throw new Error('a length in the table directory is too long');
  };
  for (let i = 0; i < count; i++) {
    const flags = bytes.readUInt8(at++);
    const tag = (flags & 0x3f) === 0x3f ? bytes.toString('latin1', at, (at += 4)) : String(flags & 0x3f);
    const origLength = base128();
    const version = flags >> 6;
    const transformed = tag === '10' || tag === '11' || tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    expected += transformed ? base128() : origLength;
  }
  if (at + totalCompressed > bytes.length) return 'its compressed data is cut off';
  if (expected > MAX_SFNT_BYTES) return 'its tables are larger than a font may be';
  const out = zlib.brotliDecompressSync(bytes.subarray(at, at + totalCompressed), { maxOutputLength: Math.max(expected, 1) });
  return out.length === expected ? null : `its tables decompress to ${out.length} bytes, not the ${expected} its directory gives`;
}
