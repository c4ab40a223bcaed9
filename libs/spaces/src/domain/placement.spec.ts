import { InvalidPosition, placeAmong, Sibling } from './placement';
import { keyAfter } from './position';

const s = (id: string, position: string, kind: 'space' | 'collection' = 'space'): Sibling => ({ kind, id, position });
const siblings = [s('a', 'B'), s('c1', 'D', 'collection'), s('b', 'F')];

describe('placeAmong', () => {
  it('appends at the end when no position is given', () => {
    expect(placeAmong(siblings, { kind: 'space', id: 'new' }, null)! > 'F').toBe(true);
    expect(placeAmong([], { kind: 'space', id: 'new' }, null)).toBe(keyAfter(null));
  });

  it('places before or after a space or a collection', () => {
    const before = placeAmong(siblings, { kind: 'space', id: 'new' }, { before: { kind: 'collection', id: 'c1' } })!;
    expect(before > 'B' && before < 'D').toBe(true);
    const after = placeAmong(siblings, { kind: 'space', id: 'new' }, { after: { kind: 'collection', id: 'c1' } })!;
    expect(after > 'D' && after < 'F').toBe(true);
    const first = placeAmong(siblings, { kind: 'space', id: 'new' }, { before: { kind: 'space', id: 'a' } })!;
    expect(first < 'B').toBe(true);
  });

  it('moves within the same parent, and answers null when nothing would change', () => {
    const toFront = placeAmong(siblings, { kind: 'space', id: 'b' }, { before: { kind: 'space', id: 'a' } })!;
    expect(toFront < 'B').toBe(true);
    expect(placeAmong(siblings, { kind: 'space', id: 'b' }, null)).toBeNull(); // already last
    expect(placeAmong(siblings, { kind: 'space', id: 'a' }, { before: { kind: 'collection', id: 'c1' } })).toBeNull();
    expect(placeAmong(siblings, { kind: 'space', id: 'b' }, { after: { kind: 'collection', id: 'c1' } })).toBeNull();
  });

  it('refuses a position outside the target parent, of the wrong kind, or relative to itself (400)', () => {
    expect(() => placeAmong(siblings, { kind: 'space', id: 'new' }, { before: { kind: 'space', id: 'zzz' } })).toThrow(InvalidPosition);
    expect(() => placeAmong(siblings, { kind: 'space', id: 'new' }, { before: { kind: 'space', id: 'c1' } })).toThrow(InvalidPosition);
    expect(() => placeAmong(siblings, { kind: 'space', id: 'a' }, { after: { kind: 'space', id: 'a' } })).toThrow(/itself/);
  });

  it('shares a key with two siblings that already share one (concurrent appends)', () => {
    const tied = [s('x', 'K'), s('y', 'K')];
    expect(placeAmong(tied, { kind: 'space', id: 'n' }, { after: { kind: 'space', id: 'x' } })).toBe('K');
  });
});
