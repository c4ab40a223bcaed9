import fc from 'fast-check';
import { PersistentMap } from './persistent-map';

// Pairs of keys with one 32-bit FNV-1a hash, so the collision nodes are exercised too.
const COLLIDING = ['k32728', 'k261234', 'k32729', 'k261235', 'k32724', 'k261238'];
const key = fc.oneof(
  fc.integer({ min: 0, max: 400 }).map((i) => `page-${i}`),
  fc.constantFrom(...COLLIDING),
);
const op = fc.tuple(key, fc.option(fc.nat(3), { nil: undefined }));

function naiveDiff(a: Map<string, unknown>, b: Map<string, unknown>): string[] {
  const out = new Set<string>();
  for (const [k, v] of a) if (!b.has(k) || b.get(k) !== v) out.add(k);
  for (const k of b.keys()) if (!a.has(k)) out.add(k);
  return [...out].sort();
}

describe('persistent map', () => {
  it('behaves like a Map under sets and deletes, and leaves earlier versions unchanged', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400, size: 'max' }), (ops) => {
        const model = new Map<string, { v: number }>();
        let map = PersistentMap.empty<{ v: number }>();
        const versions: Array<[PersistentMap<{ v: number }>, Map<string, { v: number }>]> = [];
        for (const [k, v] of ops) {
          if (v === undefined) {
            model.delete(k);
            map = map.delete(k);
          } else {
            const value = { v };
            model.set(k, value);
            map = map.set(k, value);
          }
          versions.push([map, new Map(model)]);
        }
        for (const [version, snapshot] of versions.filter((_, i) => i % 37 === 0 || i === versions.length - 1)) {
          expect(version.size).toBe(snapshot.size);
          expect(new Map(version)).toEqual(snapshot);
          for (const k of COLLIDING) expect(version.get(k)).toBe(snapshot.get(k));
          expect(version.has('page-9999')).toBe(false);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('diff finds exactly the keys whose values changed between two versions', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300, size: 'max' }), fc.array(op, { maxLength: 40, size: 'max' }), (first, second) => {
        const model = new Map<string, unknown>();
        let a = PersistentMap.empty<unknown>();
        for (const [k, v] of first) {
          if (v === undefined) {
            model.delete(k);
            a = a.delete(k);
          } else {
            const x = { v };
            model.set(k, x);
            a = a.set(k, x);
          }
        }
        const before = new Map(model);
        let b = a;
        for (const [k, v] of second) {
          if (v === undefined) {
            model.delete(k);
            b = b.delete(k);
          } else {
            const x = { v };
            model.set(k, x);
            b = b.set(k, x);
          }
        }
        expect([...a.diff(b)].sort()).toEqual(naiveDiff(before, model));
        // A map built from scratch with the same entries compares equal wherever values are shared.
        expect([...PersistentMap.of(model).diff(b)]).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });

  it('setting a key to the value it has returns the same map; of() returns a persistent map as is', () => {
    const value = { v: 1 };
    const m = PersistentMap.of([
      ['a', value],
      ['b', { v: 2 }],
    ]);
    expect(m.set('a', value)).toBe(m);
    expect(m.delete('zzz')).toBe(m);
    expect(PersistentMap.of(m)).toBe(m);
    expect([...m.keys()].sort()).toEqual(['a', 'b']);
  });
});
