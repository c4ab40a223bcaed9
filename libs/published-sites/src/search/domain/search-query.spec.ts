import { matchesAll, matchesIn, parseQuery, termOf } from './search-query';

describe('search query', () => {
  it('keeps the distinct words of the query, folded, and never the index syntax', () => {
    expect(parseQuery('"Café" AND café OR NEAR(x*)')).toEqual({ terms: ['cafe', 'and', 'or', 'near', 'x'], prefix: false });
    expect(parseQuery('  *** "" ')).toBeNull();
    expect(parseQuery('')).toBeNull();
  });

  it('lets the last word of two characters or more match as a prefix, unless the adapter cannot', () => {
    expect(parseQuery('getting sta')).toEqual({ terms: ['getting', 'sta'], prefix: true });
    expect(parseQuery('getting sta', false)).toEqual({ terms: ['getting', 'sta'], prefix: false });
    expect(parseQuery('vitamin c')?.prefix).toBe(false);
  });

  it('holds at most 12 terms', () => {
    expect(parseQuery(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))?.terms).toHaveLength(12);
  });

  it('matches whole words, and the last term as a prefix', () => {
    const q = parseQuery('install gui')!;
    expect(termOf(q, 'install')).toBe(0);
    expect(termOf(q, 'installing')).toBe(-1);
    expect(termOf(q, 'guide')).toBe(1);
    expect(matchesAll(q, ['The Guide', 'how to install it'])).toBe(true);
    expect(matchesAll(q, ['The Guide', 'how to installation'])).toBe(false);
  });

  it('finds the matched words of a text with their positions', () => {
    const text = 'An API and its keys; the key.';
    expect(matchesIn(parseQuery('api key', false)!, text).map((m) => [m.index, m.start, m.end])).toEqual([
      [0, 3, 6],
      [1, 25, 28],
    ]);
    expect(matchesIn(parseQuery('api key')!, text).map((m) => text.slice(m.start, m.end))).toEqual(['API', 'keys', 'key']);
  });
});
