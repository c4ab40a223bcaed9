import fc from 'fast-check';
import { isPositionKey, keyAfter, keyBetween } from './position';

/** Keys as the hand-written implementation wrote them (first key 'V', appends bump a digit). */
const oldKey = fc.stringMatching(/^[0-9A-Za-z]{0,5}[1-9A-Za-z]$/);

/** Inserts at the places `choices` pick and checks after each one that the list stays sorted. */
function insertAll(start: string[], choices: number[]): string[] {
  const keys = [...start];
  for (const c of choices) {
    const i = c % (keys.length + 1);
    const k = keyBetween(keys[i - 1] ?? null, keys[i] ?? null);
    if (i > 0) expect(k > keys[i - 1]).toBe(true);
    if (i < keys.length) expect(k < keys[i]).toBe(true);
    expect(isPositionKey(k)).toBe(true);
    keys.splice(i, 0, k);
  }
  return keys;
}

describe('position keys', () => {
  it('appending produces strictly increasing, valid, short keys', () => {
    let last: string | null = null;
    for (let i = 0; i < 2000; i++) {
      const next = keyAfter(last);
      expect(isPositionKey(next)).toBe(true);
      if (last !== null) expect(next > last).toBe(true);
      last = next;
    }
    expect(last!.length).toBeLessThanOrEqual(3);
  });

  it('keyBetween is strictly between its bounds, also at the ends', () => {
    expect(keyBetween(null, null)).toBe('a0');
    const a = keyBetween(null, 'a0');
    expect(a < 'a0').toBe(true);
    const b = keyBetween('a0', 'a1');
    expect(b > 'a0' && b < 'a1').toBe(true);
    expect(keyBetween('a0', null) > 'a0').toBe(true);
    expect(() => keyBetween('a1', 'a0')).toThrow();
    expect(() => keyBetween('W', 'V')).toThrow();
  });

  it('any sequence of inserts at random places keeps a strict order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 200 }), (choices) => {
        insertAll([], choices);
      }),
    );
  });

  it('keeps old-format keys in order when new keys land between, before and after them', () => {
    expect(keyAfter('V')).toBe('W');
    expect(keyAfter('z') > 'z').toBe(true);
    expect(keyBetween(null, 'V') < 'V').toBe(true);
    const between = keyBetween('V', 'a0');
    expect(between > 'V' && between < 'a0').toBe(true);
    // A library key and an old key that is its prefix (the old 'a' before a new 'a0').
    const tight = keyBetween('Z', 'a0');
    expect(tight > 'Z' && tight < 'a0').toBe(true);
    const tighter = keyBetween(tight, 'a0');
    expect(tighter > tight && tighter < 'a0').toBe(true);
    // Events from before positions project as '': new keys go after it.
    expect(keyAfter('') > '').toBe(true);
  });

  it('mixes old and new keys in one list without losing the order (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(oldKey, { maxLength: 30 }), fc.array(fc.nat(), { minLength: 1, maxLength: 150 }), (old, choices) => {
        const keys = insertAll([...old].sort(), choices);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });

  it('shares a neighbour key only when no string fits between (stored data only)', () => {
    expect(keyBetween(null, '')).toBe('');
    expect(keyBetween('a', 'a00')).toBe('a');
  });
});
