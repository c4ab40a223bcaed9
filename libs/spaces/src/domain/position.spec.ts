import fc from 'fast-check';
import { isPositionKey, keyAfter, keyBetween } from './position';

describe('position keys', () => {
  it('appending produces strictly increasing, valid, short keys', () => {
    let last: string | null = null;
    for (let i = 0; i < 2000; i++) {
      const next = keyAfter(last);
      expect(isPositionKey(next)).toBe(true);
      if (last !== null) expect(next > last).toBe(true);
      last = next;
    }
    expect(last!.length).toBeLessThan(80);
  });

  it('keyBetween is strictly between its bounds, also at the ends', () => {
    expect(keyBetween(null, null)).toBe('V');
    const a = keyBetween(null, 'V');
    expect(a < 'V').toBe(true);
    const b = keyBetween('V', 'W');
    expect(b > 'V' && b < 'W').toBe(true);
    expect(keyBetween('V', null) > 'V').toBe(true);
    expect(() => keyBetween('W', 'V')).toThrow();
  });

  it('any sequence of inserts at random places keeps a strict order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 200 }), (choices) => {
        const keys: string[] = [];
        for (const c of choices) {
          const i = c % (keys.length + 1);
          const k = keyBetween(keys[i - 1] ?? null, keys[i] ?? null);
          keys.splice(i, 0, k);
        }
        for (let i = 1; i < keys.length; i++) if (!(keys[i - 1] < keys[i])) return false;
        return keys.every(isPositionKey);
      }),
    );
  });
});
