import { existsSync } from 'fs';
import { FONT_KEYS, fontPath, REPLACEMENT, segmentByFont } from './pdf-fonts';

describe('bundled fonts', () => {
  it('resolves every face from the dejavu-fonts-ttf package (no download)', () => {
    for (const key of FONT_KEYS) {
      expect(fontPath(key)).toMatch(/node_modules[\\/]dejavu-fonts-ttf[\\/]ttf[\\/]DejaVuSans/);
      expect(existsSync(fontPath(key))).toBe(true);
    }
  });

  it('draws Latin, Greek and Cyrillic in the wanted face', () => {
    for (const key of FONT_KEYS)
      expect(segmentByFont('Déjà vu — Ωμέγα, Жизнь!', key)).toEqual({ segments: [{ text: 'Déjà vu — Ωμέγα, Жизнь!', font: key }], missing: 0 });
  });

  it('borrows a character from another bundled face when the wanted one lacks it', () => {
    // DejaVu Sans Mono has no emoji; DejaVu Sans has this one.
    expect(segmentByFont('a😀b', 'mono')).toEqual({
      segments: [
        { text: 'a', font: 'mono' },
        { text: '😀', font: 'sans' },
        { text: 'b', font: 'mono' },
      ],
      missing: 0,
    });
  });

  it('replaces a character no bundled face covers with a visible U+FFFD and counts it, never "?"', () => {
    expect(segmentByFont('中文 ok', 'bold')).toEqual({ segments: [{ text: `${REPLACEMENT}${REPLACEMENT} ok`, font: 'bold' }], missing: 2 });
    expect(
      segmentByFont('x中', 'italic')
        .segments.map((s) => s.text)
        .join(''),
    ).toBe(`x${REPLACEMENT}`);
  });

  it('drops characters that draw nothing (joiners, variation selectors) without counting them', () => {
    expect(segmentByFont('a\u200db\ufe0fc\u00ad', 'sans')).toEqual({ segments: [{ text: 'abc', font: 'sans' }], missing: 0 });
  });
});
