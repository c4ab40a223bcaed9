/** The part of fontkit (2.x, no bundled types) that the font inspector reads. */
declare module 'fontkit' {
  export interface Glyph {
    path: { commands: unknown[] };
  }
  export interface Font {
    type: string;
    familyName: string | null;
    numGlyphs: number;
    characterSet: number[];
    directory: { tables: Record<string, unknown> };
    variationAxes: Record<string, { min: number; default: number; max: number }>;
    getName(key: string): string | null;
    layout(text: string): { glyphs: Glyph[] };
    'OS/2'?: { usWeightClass?: number };
  }
  export function create(buffer: Buffer, postscriptName?: string): Font | { type: string; fonts?: Font[] };
}
