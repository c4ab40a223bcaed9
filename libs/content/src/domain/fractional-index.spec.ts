import fc from 'fast-check';
import { isValidOrderKey, keyBetween } from './fractional-index';

describe('order keys', () => {
  it('a key between two keys sorts strictly between them', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 60 }), (ops) => {
      const keys: string[] = [];
      for (const [n, _] of ops) {
        const i = n % (keys.length + 1);
        const k = keyBetween(keys[i - 1] ?? null, keys[i] ?? null);
        expect(isValidOrderKey(k)).toBe(true);
        if (i > 0) expect(k > keys[i - 1]).toBe(true);
        if (i < keys.length) expect(k < keys[i]).toBe(true);
        keys.splice(i, 0, k);
      }
    }));
  });

  it('appending thousands of keys keeps them short', () => {
    let k: string | null = null;
    for (let i = 0; i < 5000; i++) k = keyBetween(k, null);
    expect(k!.length).toBeLessThanOrEqual(4);
    let f: string | null = null;
    for (let i = 0; i < 5000; i++) f = keyBetween(null, f);
    expect(f!.length).toBeLessThanOrEqual(5);
  });
});
