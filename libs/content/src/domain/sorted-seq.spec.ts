import fc from 'fast-check';
import { SortedSeq } from './sorted-seq';

const cmp = (a: number, b: number) => a - b;

describe('sorted sequence', () => {
  it('matches a sorted array under inserts and removes: order, size, at() and rank()', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 120, size: 'max' }),
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 300 })), { maxLength: 500, size: 'max' }),
        (initial, ops) => {
          const start = [...new Set(initial)].sort(cmp);
          let seq = SortedSeq.fromSorted(start, cmp);
          const model = new Set(start);
          for (const [add, x] of ops) {
            if (add && !model.has(x)) {
              model.add(x);
              seq = seq.insert(x);
            }
            if (!add) {
              model.delete(x);
              seq = seq.remove(x);
            }
          }
          const sorted = [...model].sort(cmp);
          expect(seq.toArray()).toEqual(sorted);
          expect(seq.size).toBe(sorted.length);
          for (const i of [0, 1, sorted.length >> 1, sorted.length - 2, sorted.length - 1, sorted.length, -1]) expect(seq.at(i)).toBe(sorted[i]);
          for (const x of [0, 57, 150, 299, 301]) expect(seq.rank(x)).toBe(sorted.filter((y) => y < x).length);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('leaves earlier versions unchanged', () => {
    const a = SortedSeq.fromSorted(
      Array.from({ length: 2000 }, (_, i) => i * 2),
      cmp,
    );
    const b = a.insert(7).remove(0);
    expect(a.size).toBe(2000);
    expect(a.at(0)).toBe(0);
    expect(b.at(0)).toBe(2);
    expect(b.rank(8)).toBe(4);
    expect(a.remove(1)).toBe(a);
  });
});
