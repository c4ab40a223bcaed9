import fc from 'fast-check';
import { isValidOrderKey, keyBetween } from './fractional-index';

/** Keys written by the hand-written implementation this library replaced (3,000 random inserts). */
const STORED = [
  'YzH',
  'YzWjV',
  'Yzga0V',
  'YzoM',
  'YzzNl',
  'Z8x',
  'ZJl',
  'ZSQ',
  'ZdK',
  'Zqj',
  'a0P',
  'aB',
  'aJi',
  'aT6',
  'aYd',
  'aiM',
  'ar7S',
  'b02p',
  'b0Cm',
  'b0Md',
  'b0g',
];

describe('order keys', () => {
  it('a key between two keys sorts strictly between them', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 60 }), (ops) => {
        const keys: string[] = [];
        for (const [n, _] of ops) {
          const i = n % (keys.length + 1);
          const k = keyBetween(keys[i - 1] ?? null, keys[i] ?? null);
          expect(isValidOrderKey(k)).toBe(true);
          if (i > 0) expect(k > keys[i - 1]).toBe(true);
          if (i < keys.length) expect(k < keys[i]).toBe(true);
          keys.splice(i, 0, k);
        }
      }),
    );
  });

  it('appending thousands of keys keeps them short', () => {
    let k: string | null = null;
    for (let i = 0; i < 5000; i++) k = keyBetween(k, null);
    expect(k!.length).toBeLessThanOrEqual(4);
    let f: string | null = null;
    for (let i = 0; i < 5000; i++) f = keyBetween(null, f);
    expect(f!.length).toBeLessThanOrEqual(5);
  });

  it('keeps ordering among keys stored before the library took over', () => {
    expect(STORED.every(isValidOrderKey)).toBe(true);
    const keys = [...STORED];
    for (let i = keys.length; i >= 0; i--) keys.splice(i, 0, keyBetween(keys[i - 1] ?? null, keys[i] ?? null));
    expect(keys).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses reversed or equal bounds and foreign keys', () => {
    expect(() => keyBetween('a1', 'a0')).toThrow();
    expect(() => keyBetween('a1', 'a1')).toThrow();
    expect(() => keyBetween('V', null)).toThrow();
    expect(['', 'V', 'a', 'a10', 'a-', 'A' + '0'.repeat(26)].some(isValidOrderKey)).toBe(false);
  });
});
