import * as fc from 'fast-check';
import { BadRequest } from '../ddd/errors';
import { CursorKeyType, listDigest, MAX_CURSOR_LENGTH, PageCursor } from './page-cursor.codec';

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const raw = (text: string) => Buffer.from(text).toString('base64url');

/** The 400 a decode answers, or a failure when it answered anything else. */
function refusal(decode: () => unknown): string {
  try {
    decode();
  } catch (e) {
    expect(e).toBeInstanceOf(BadRequest);
    expect((e as BadRequest).status).toBe(400);
    return (e as BadRequest).message;
  }
  throw new Error('the cursor was accepted');
}

describe('PageCursor (the shared page cursor codec)', () => {
  const members = new PageCursor('members', { filter: { organizationId: 'o1' }, sort: [['seq', 1]] }, ['scalar', 'string'] as const);
  const tree = new PageCursor('content_tree', { organizationId: 'o1', kind: 'space' }, ['number', 'string', 'string', 'string'] as const);
  const mine = (keys: unknown[]) => b64({ v: 1, l: listDigest('members', { filter: { organizationId: 'o1' }, sort: [['seq', 1]] }), k: keys });

  describe('round trip', () => {
    it('decodes what it encoded, for every primitive it accepts', () => {
      const scalar = fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
      fc.assert(
        fc.property(scalar, fc.string(), (seq, id) => {
          const decoded = members.decode(members.encode([seq, id]));
          expect(decoded).toEqual([Object.is(seq, -0) ? 0 : seq, id]);
        }),
      );
      fc.assert(
        fc.property(fc.integer({ min: 0 }), fc.string(), fc.string(), fc.string(), (p, parent, position, id) => {
          expect(tree.decode(tree.encode([p, parent, position, id]))).toEqual([p, parent, position, id]);
        }),
      );
    });

    it('is base64url text, versioned and bound to its list', () => {
      const page = members.encode([3, 'abc']);
      expect(page).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(JSON.parse(Buffer.from(page, 'base64url').toString())).toEqual({ v: 1, l: expect.any(String), k: [3, 'abc'] });
    });

    it('binds to the identity, not to how its keys are ordered', () => {
      const a = new PageCursor('l', { b: 1, a: { y: 2, x: [1, { d: 1, c: 2 }] } }, ['string'] as const);
      const b = new PageCursor('l', { a: { x: [1, { c: 2, d: 1 }], y: 2 }, b: 1 }, ['string'] as const);
      expect(b.decode(a.encode(['x']))).toEqual(['x']);
    });

    it('refuses to write keys it would not read back (a bug of the list, not bad input)', () => {
      expect(() => members.encode([{ a: 1 } as never, 'x'])).toThrow(/do not match/);
      expect(() => tree.encode(['1' as never, 'a', 'b', 'c'])).toThrow(/do not match/);
      expect(() => members.encode(['x'] as never)).toThrow(/do not match/);
    });
  });

  describe('forged cursors answer 400 `page: …`', () => {
    it.each<[string, unknown]>([
      ['an empty string', ''],
      ['not a string', ['a', 'b']],
      ['not base64url', 'abc!def'],
      ['padded base64', `${b64({ v: 1 })}==`],
      ['garbage base64url', 'Zm9vYmFy'],
      ['invalid UTF-8 and JSON', Buffer.from([0xff, 0xfe, 0x00]).toString('base64url')],
      ['JSON null', b64(null)],
      ['a JSON number', b64(1)],
      ['a JSON string', b64('"abc"')],
      ['an array (the old format)', b64([1, 'abc'])],
      ['an old cursor holding an object', b64([{ a: 1 }, 'abc'])],
      ['an empty object', b64({})],
      ['no version', b64({ l: 'x', k: [] })],
      ['an extra field', b64({ v: 1, l: 'x', k: [1, 'a'], extra: true })],
      ['a huge input', 'A'.repeat(MAX_CURSOR_LENGTH + 1)],
    ])('%s', (_label, page) => {
      expect(refusal(() => members.decode(page))).toMatch(/^page: /);
    });

    it('a cursor of another version', () => {
      for (const v of [0, 2, '1', null, { a: 1 }])
        expect(
          refusal(() => members.decode(b64({ v, l: listDigest('members', { filter: { organizationId: 'o1' }, sort: [['seq', 1]] }), k: [1, 'a'] }))),
        ).toMatch(/^page: cursor version .* is not supported/);
    });

    it('a cursor of another list, or of the same list with another filter or sort', () => {
      const others = [
        new PageCursor('teams', { filter: { organizationId: 'o1' }, sort: [['seq', 1]] }, ['scalar', 'string'] as const),
        new PageCursor('members', { filter: { organizationId: 'o2' }, sort: [['seq', 1]] }, ['scalar', 'string'] as const),
        new PageCursor('members', { filter: { organizationId: 'o1', role: 'admin' }, sort: [['seq', 1]] }, ['scalar', 'string'] as const),
        new PageCursor('members', { filter: { organizationId: 'o1' }, sort: [['seq', -1]] }, ['scalar', 'string'] as const),
      ];
      for (const other of others) expect(refusal(() => members.decode(other.encode([1, 'a'])))).toMatch(/^page: the cursor belongs to another listing/);
      expect(refusal(() => tree.decode(members.encode([1, 'a'])))).toMatch(/^page: /);
    });

    it.each<[string, unknown[]]>([
      ['an object key', [{ a: 1 }, 'x']],
      ['an operator object', [{ $gt: 0 }, 'x']],
      ['an array key', [[1], 'x']],
      ['a nested key', [[[{ a: [1] }]], 'x']],
      ['an object id', [1, { id: 'x' }]],
      ['a number where the id (a string) belongs', [1, 2]],
      ['null where the id belongs', [1, null]],
      ['one key too few', ['x']],
      ['one key too many', [1, 'x', 'y']],
      ['no keys', []],
    ])('a cursor of this list with %s', (_label, keys) => {
      expect(refusal(() => members.decode(mine(keys)))).toMatch(/^page: not a cursor returned in next.page by this listing/);
    });

    it('keys that are not an array', () => {
      for (const k of [{ 0: 1, 1: 'x' }, 'x', null, 1]) expect(refusal(() => members.decode(mine(k as never)))).toMatch(/^page: /);
    });

    it('non-finite numbers (JSON 1e999 parses to Infinity)', () => {
      const l = listDigest('members', { filter: { organizationId: 'o1' }, sort: [['seq', 1]] });
      expect(refusal(() => members.decode(raw(`{"v":1,"l":"${l}","k":[1e999,"x"]}`)))).toMatch(
        /key 0 must be a string, number, boolean or null, not a non-finite number/,
      );
      expect(refusal(() => members.decode(raw(`{"v":1,"l":"${l}","k":[-1e999,"x"]}`)))).toMatch(/^page: /);
    });

    it('typed keys: the tree cursor takes a number, then three strings', () => {
      const l = listDigest('content_tree', { organizationId: 'o1', kind: 'space' });
      for (const k of [
        ['1', 'a', 'b', 'c'],
        [1, 'a', 'b', 2],
        [true, 'a', 'b', 'c'],
        [1, 'a', null, 'c'],
        [1, 'a', 'b'],
      ]) {
        expect(refusal(() => tree.decode(b64({ v: 1, l, k })))).toMatch(/^page: /);
      }
      expect(tree.decode(b64({ v: 1, l, k: [7, '', 'a0', 'id'] }))).toEqual([7, '', 'a0', 'id']);
    });

    it('any string at all answers a value or 400, never something else', () => {
      const types: CursorKeyType[] = ['scalar', 'string'];
      const c = new PageCursor('x', null, types);
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string(),
            fc.base64String(),
            fc.json().map(b64),
            fc.jsonValue().map((k) => b64({ v: 1, l: listDigest('x'), k })),
          ),
          (page) => {
            try {
              const keys = c.decode(page);
              expect(keys).toHaveLength(2);
              expect(typeof keys[1]).toBe('string');
            } catch (e) {
              expect(e).toBeInstanceOf(BadRequest);
              expect((e as Error).message).toMatch(/^page: /);
            }
          },
        ),
        { numRuns: 2000 },
      );
    });
  });
});
