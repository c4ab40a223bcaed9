import { jsonBytes, Lru } from './lru';

describe('Lru', () => {
  it('bounded by entries, drops the least recently used (a hit counts as a use)', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
  });

  it('bounded by bytes, drops the least recently used until the rest fit the budget', () => {
    const lru = new Lru<string, { text: string }>({ maxBytes: 100, sizeOf: jsonBytes });
    const doc = (n: number) => ({ text: 'x'.repeat(n - 11) }); // {"text":""} is 11 bytes
    lru.set('small-1', doc(20));
    lru.set('small-2', doc(20));
    lru.get('small-1');
    lru.set('big', doc(70)); // 110 bytes held: the least recently used one goes
    expect(lru.get('small-2')).toBeUndefined();
    expect(lru.get('small-1')).toEqual(doc(20));
    expect(lru.get('big')).toEqual(doc(70));
    expect(lru.bytes).toBe(90);
    // Thousands of tiny values fit where an entry count would have dropped them.
    const many = new Lru<number, string>({ maxBytes: 10_000, sizeOf: jsonBytes });
    for (let i = 0; i < 3_000; i++) many.set(i, 'x');
    expect(many.size).toBe(3_000);
    expect(many.bytes).toBe(9_000);
  });

  it('with both bounds, whichever is reached first applies', () => {
    const lru = new Lru<number, string>({ maxEntries: 2, maxBytes: 1_000, sizeOf: jsonBytes });
    for (let i = 0; i < 3; i++) lru.set(i, 'x');
    expect([lru.size, lru.get(0)]).toEqual([2, undefined]);
  });

  it('does not keep a value larger than the whole budget', () => {
    const lru = new Lru<string, string>({ maxBytes: 10, sizeOf: (v) => Buffer.byteLength(v) });
    lru.set('a', 'fits');
    lru.set('huge', 'x'.repeat(11));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('a')).toBe('fits');
  });

  it('measures JSON in UTF-8 bytes and refuses a budget without a measure', () => {
    expect(jsonBytes({ t: 'é' })).toBe(10);
    expect(() => new Lru<string, string>({ maxBytes: 10 })).toThrow(/sizeOf/);
  });
});
