import { readFileSync } from 'fs';
import { onFirstUse } from '@app/platform';

/** pdfkit, loaded with the first PDF (shared with pdf-canvas). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (onFirstUse)
export const pdfkit = onFirstUse(() => require('pdfkit') as typeof import('pdfkit'));

/**
 * The bundled Unicode fonts (DejaVu, from the `dejavu-fonts-ttf` package: Latin, Greek,
 * Cyrillic, Armenian, Georgian, Hebrew, many symbols). Paths come from `require.resolve`, so
 * they are found from the sources and from dist/ alike, and nothing is downloaded at run time.
 */
export type FontKey = 'sans' | 'bold' | 'italic' | 'boldItalic' | 'mono';
export const FONT_KEYS: readonly FontKey[] = ['sans', 'bold', 'italic', 'boldItalic', 'mono'];

const FILES: Record<FontKey, string> = {
  sans: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
  mono: 'DejaVuSansMono.ttf',
};

export const fontPath = (key: FontKey): string => require.resolve(`dejavu-fonts-ttf/ttf/${FILES[key]}`);

/** Drawn for a character no bundled font covers (every DejaVu face has it); counted by the caller. */
export const REPLACEMENT = '\uFFFD';

/** Characters that draw nothing (joiners, variation selectors, soft hyphens, BOM): dropped, so search finds the words around them. */
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/u;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

interface LoadedFonts {
  bytes: Record<FontKey, Buffer>;
  coverage: Record<FontKey, ReadonlySet<number>>;
}
let loaded: LoadedFonts | undefined;

/**
 * Font bytes and the code points each face covers, read once per process. The coverage comes
 * from fontkit's character set of the font pdfkit opened (pdfkit's own font object, so the
 * coverage is exactly what pdfkit will draw with).
 */
export function bundledFonts(): LoadedFonts {
  if (loaded) return loaded;
  const scratch = new (pdfkit())({ autoFirstPage: false });
  const bytes = {} as Record<FontKey, Buffer>;
  const coverage = {} as Record<FontKey, ReadonlySet<number>>;
  for (const key of FONT_KEYS) {
    bytes[key] = readFileSync(fontPath(key));
    scratch.font(bytes[key]);
    const face = (scratch as unknown as { _font?: { font?: { characterSet?: number[] } } })._font?.font;
    if (!face?.characterSet) throw new Error(`pdfkit did not open ${FILES[key]} as a TrueType font`);
    coverage[key] = new Set(face.characterSet);
  }
  loaded = { bytes, coverage };
  return loaded;
}

export interface FontSegment {
  text: string;
  font: FontKey;
}

/** The faces tried, in order, for a character the wanted face lacks (same style first). */
const FALLBACKS: Record<FontKey, readonly FontKey[]> = {
  sans: ['sans', 'bold', 'italic', 'boldItalic', 'mono'],
  bold: ['bold', 'sans', 'boldItalic', 'italic', 'mono'],
  italic: ['italic', 'sans', 'boldItalic', 'bold', 'mono'],
  boldItalic: ['boldItalic', 'bold', 'italic', 'sans', 'mono'],
  mono: ['mono', 'sans', 'bold', 'italic', 'boldItalic'],
};

/**
 * Splits text into runs each drawable by one bundled face: `font` where it covers the
 * character, another face where only that one does, else the replacement character (a
 * visible �), counted in `missing`. Never a silent `?`.
 */
export function segmentByFont(text: string, font: FontKey): { segments: FontSegment[]; missing: number } {
  // Printable ASCII is in every face: the common case needs no per-character lookups.
  if (PRINTABLE_ASCII.test(text)) return { segments: text ? [{ text, font }] : [], missing: 0 };
  const { coverage } = bundledFonts();
  const segments: FontSegment[] = [];
  let missing = 0;
  let current: FontSegment | undefined;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let drawn = ch;
    if (IGNORABLE.test(ch)) continue;
    let face: FontKey | undefined = coverage[font].has(cp) ? font : undefined;
    if (!face) {
      face = FALLBACKS[font].find((k) => coverage[k].has(cp));
      if (!face) {
        missing++;
        drawn = REPLACEMENT;
        face = coverage[font].has(0xfffd) ? font : 'sans';
      }
    }
    if (current && current.font === face) current.text += drawn;
    else segments.push((current = { text: drawn, font: face }));
  }
  return { segments, missing };
}
