import fc from 'fast-check';
import { commonLines } from './line-diff';
import { diff3, mergeText } from './diff3';

const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', '', '# t'), { maxLength: 30 });

describe('line diff', () => {
  it('finds a longest common subsequence that is a valid matching', () => {
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const m = commonLines(a, b);
        for (let i = 0; i < m.length; i++) {
          expect(a[m[i].a]).toBe(b[m[i].b]);
          if (i > 0) {
            expect(m[i].a).toBeGreaterThan(m[i - 1].a);
            expect(m[i].b).toBeGreaterThan(m[i - 1].b);
          }
        }
      }),
    );
  });

  it('matches everything of identical inputs and is minimal on a known case', () => {
    expect(commonLines(['a', 'b', 'c'], ['a', 'b', 'c'])).toHaveLength(3);
    expect(commonLines(['a', 'b', 'c', 'a', 'b', 'b', 'a'], ['c', 'b', 'a', 'b', 'a', 'c'])).toHaveLength(4);
  });
});

describe('diff3', () => {
  it('given no concurrent change, when merging, then the result is exactly the other side', () => {
    fc.assert(
      fc.property(lines, lines, (base, ours) => {
        expect(diff3(base, ours, base)).toEqual({ clean: true, lines: ours });
        expect(diff3(base, base, ours)).toEqual({ clean: true, lines: ours });
      }),
    );
  });

  it('given the same change on both sides, then it is taken once', () => {
    fc.assert(
      fc.property(lines, lines, (base, both) => {
        expect(diff3(base, both, both)).toEqual({ clean: true, lines: both });
      }),
    );
  });

  /** Edits on disjoint base lines: each (distinct) line is kept, or edited, deleted or followed by an insertion by one side. */
  const disjointEdits = fc
    .integer({ min: 1, max: 25 })
    .chain((n) =>
      fc.tuple(
        fc.constant(Array.from({ length: n }, (_, i) => `line ${i}`)),
        fc.array(fc.constantFrom<'keep' | 'ours' | 'theirs'>('keep', 'ours', 'theirs'), { minLength: n, maxLength: n }),
        fc.array(fc.constantFrom<'edit' | 'delete' | 'insert'>('edit', 'delete', 'insert'), { minLength: n, maxLength: n }),
      ),
    );
  const edit = (l: string, kind: string, side: string) => (kind === 'edit' ? [`${l} (${side})`] : kind === 'delete' ? [] : [l, `after ${l} (${side})`]);
  const apply = (base: string[], owner: string[], kind: string[], side: string) => base.flatMap((l, i) => (owner[i] === side ? edit(l, kind[i], side) : [l]));

  it('given edits on disjoint lines, then the merge is clean, keeps both sides and commutes', () => {
    fc.assert(
      fc.property(disjointEdits, ([base, owner, kind]) => {
        // Adjacent lines edited by different sides are still different lines: no spacing needed.
        const spaced = owner;
        const ours = apply(base, spaced, kind, 'ours');
        const theirs = apply(base, spaced, kind, 'theirs');
        const ab = diff3(base, ours, theirs);
        expect(ab).toEqual(diff3(base, theirs, ours));
        expect(ab).toEqual({ clean: true, lines: base.flatMap((l, i) => (spaced[i] === 'keep' ? [l] : edit(l, kind[i], spaced[i]))) });
      }),
    );
  });

  it('merges edits on adjacent lines', () => {
    const r = mergeText('a\nb\nc\nd', 'a\nB\nc\nd', 'a\nb\nC\nd');
    expect(r).toMatchObject({ clean: true, text: 'a\nB\nC\nd' });
  });

  it('reports the same lines changed on both sides as a conflict with base line numbers', () => {
    const r = diff3(['a', 'b', 'c', 'd'], ['a', 'B1', 'c', 'd'], ['a', 'B2', 'c', 'd']);
    expect(r).toEqual({ clean: false, conflicts: [{ baseStart: 2, baseEnd: 2, base: ['b'], ours: ['B1'], theirs: ['B2'] }] });
  });

  it('reports two different insertions at the same point as a conflict', () => {
    const r = diff3(['a', 'b'], ['a', 'x', 'b'], ['a', 'y', 'b']);
    expect(r.clean).toBe(false);
  });

  it('places an insertion before a replacement that starts at the same line, whichever side', () => {
    const base = ['a', 'b', 'c'];
    expect(diff3(base, ['a', 'new', 'b', 'c'], ['a', 'B', 'c'])).toEqual({ clean: true, lines: ['a', 'new', 'B', 'c'] });
    expect(diff3(base, ['a', 'B', 'c'], ['a', 'new', 'b', 'c'])).toEqual({ clean: true, lines: ['a', 'new', 'B', 'c'] });
  });

  it('conflicts are symmetric', () => {
    fc.assert(
      fc.property(lines, lines, lines, (base, a, b) => {
        expect(diff3(base, a, b).clean).toBe(diff3(base, b, a).clean);
      }),
    );
  });
});

describe('diff3 with a preferred side (conflict resolution)', () => {
  it('takes the preferred side of conflicting lines, merges the rest, and prefer ours/theirs mirror each other', () => {
    const base = ['a', 'x', 'b', 'c', 'd'];
    const ours = ['a', 'x', 'B1', 'c', 'D'];
    const theirs = ['A', 'x', 'B2', 'c', 'd'];
    expect(diff3(base, ours, theirs, 'ours')).toEqual({ clean: true, lines: ['A', 'x', 'B1', 'c', 'D'] });
    expect(diff3(base, ours, theirs, 'theirs')).toEqual({ clean: true, lines: ['A', 'x', 'B2', 'c', 'D'] });
    fc.assert(
      fc.property(lines, lines, lines, (b, o, t) => {
        expect(diff3(b, o, t, 'ours')).toEqual(diff3(b, t, o, 'theirs'));
      }),
    );
  });
});
