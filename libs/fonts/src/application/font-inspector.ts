import { Injectable } from '@nestjs/common';
import { createHash } from 'crypto';
import { BlobStore, blobKeyProblem, onFirstUse } from '@app/platform';
import { FaceInspection, FontFile } from '../domain/font-file';
import { woffStructureProblem } from './woff-structure';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (onFirstUse)
const fontkit = onFirstUse(() => require('fontkit') as typeof import('fontkit'));

const FORMATS: Record<string, FontFile['format']> = { wOF2: 'woff2', wOFF: 'woff' };
const SFNT = new Set(['\u0000\u0001\u0000\u0000', 'OTTO', 'true', 'ttcf']);
const REQUIRED_TABLES = ['head', 'hhea', 'maxp', 'cmap', 'name', 'OS/2'];
/** Text laid out to make fontkit decode the tables a browser reads to draw (cmap, glyphs, metrics). */
const PROBE_TEXT = 'Hamburgefonstiv 0123456789';

/**
 * Reads a file as a font with fontkit. Only WOFF2 and WOFF are accepted (the reference's
 * FontSource formats, what browsers load in @font-face). fontkit opens a file lazily and happily
 * opens a bare header, so the tables a renderer needs are required and decoded (a text is laid
 * out and its glyph outlines read): a file that is not a whole font is refused here, never served.
 */
export function inspectFontBytes(bytes: Buffer): FaceInspection {
  const magic = bytes.subarray(0, 4).toString('latin1');
  const format = FORMATS[magic];
  if (!format) {
    return SFNT.has(magic)
      ? { ok: false, problem: 'is a TrueType or OpenType file: upload it as WOFF2 (or WOFF), the formats browsers load for custom fonts' }
      : { ok: false, problem: 'is not a font file (WOFF2 or WOFF expected)' };
  }
  // Both headers give the file's length at offset 8: a cut or padded file is not the font it was.
  if (bytes.length < 12 || bytes.readUInt32BE(8) !== bytes.length) {
    return {
      ok: false,
      problem: `is not a whole ${format.toUpperCase()} file (its header gives ${bytes.length < 12 ? 'no' : bytes.readUInt32BE(8)} bytes, the file has ${bytes.length})`,
    };
  }
  const damaged = woffStructureProblem(bytes, format);
  if (damaged) return { ok: false, problem: `is not a readable ${format.toUpperCase()} file: ${damaged}` };
  try {
    const font = fontkit().create(bytes);
    if (!('numGlyphs' in font) || (font.type !== 'WOFF2' && font.type !== 'WOFF'))
      return { ok: false, problem: `is not a single ${format.toUpperCase()} font` };
    const missing = REQUIRED_TABLES.filter((t) => !(t in font.directory.tables));
    if (missing.length) return { ok: false, problem: `is not a complete font (no ${missing.join(', ')} table)` };
    const family = (font.getName('preferredFamily') ?? font.familyName ?? '').trim();
    const weight = font['OS/2']?.usWeightClass;
    if (!family) return { ok: false, problem: 'is a font without a family name' };
    if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < 1 || weight > 1000)
      return { ok: false, problem: 'is a font without a usable weight class' };
    if (font.numGlyphs < 1 || font.characterSet.length === 0) return { ok: false, problem: 'is a font without glyphs' };
    for (const glyph of font.layout(PROBE_TEXT).glyphs) void glyph.path.commands.length;
    const axis = font.variationAxes?.wght;
    const file: FontFile = { sha256: createHash('sha256').update(bytes).digest('hex'), format, size: bytes.length, family: family.slice(0, 200), weight };
    if (axis && Number.isFinite(axis.min) && Number.isFinite(axis.max)) file.weightRange = [Math.ceil(axis.min), Math.floor(axis.max)];
    return { ok: true, file };
  } catch (e) {
    const reason = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 200);
    return { ok: false, problem: `could not be read as a ${format.toUpperCase()} font (${reason})` };
  }
}

/** Where the checked copy of a face's file is kept: by organization and content, never changing. */
export const fontFileKey = (organizationId: string, sha256: string) => `fonts/${organizationId}/${sha256}`;
export const FONT_MEDIA_TYPES: Record<FontFile['format'], string> = { woff2: 'font/woff2', woff: 'font/woff' };

/**
 * A face's file from the organization's storage: read by key through the platform's BlobStore
 * (uploads of another organization are not found), checked, and on success copied to a key of
 * its own (fontFileKey), so the served file never changes under the definition.
 */
@Injectable()
export class FontInspector {
  constructor(private readonly blobs: BlobStore) {}

  async inspect(organizationId: string, storageKey: string): Promise<FaceInspection> {
    const notFound = "was not found in the organization's storage (upload the file first: generateStorageUploadURL with kind customization_font)";
    if (blobKeyProblem(storageKey)) return { ok: false, problem: notFound };
    const blob = await this.blobs.get(storageKey);
    if (!blob || blob.organizationId !== organizationId) return { ok: false, problem: notFound };
    const inspection = inspectFontBytes(blob.bytes);
    if (inspection.ok) {
      await this.blobs.put(fontFileKey(organizationId, inspection.file.sha256), blob.bytes, {
        contentType: FONT_MEDIA_TYPES[inspection.file.format],
        organizationId,
      });
    }
    return inspection;
  }
}
