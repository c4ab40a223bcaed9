import { createHash } from 'crypto';
import { BadRequest } from '../ddd/errors';

/**
 * The one codec of `page` cursors, shared by every list. A cursor is opaque to clients but not
 * secret: base64url of `{"v":1,"l":<list digest>,"k":[<keys>]}`, where
 *   - `v` is the format version (a format change answers 400 for old cursors, never guesses);
 *   - `l` binds the cursor to the list it came from: a digest of the list's identity (its name
 *     plus everything that selects and orders its items: scope, filters, sort). A cursor of one
 *     list, or of the same list with other filters, answers 400 instead of paging a list it does
 *     not belong to. A plain digest, not an HMAC: it is a consistency check, not a credential,
 *     and the keys it guards carry nothing the caller may not see;
 *   - `k` holds the keys of the last item handed out (keyset paging), each checked against the
 *     type the list writes there. Only primitives (string, finite number, boolean, null) are
 *     ever accepted: whatever else a forged cursor holds never reaches a store binding.
 * Any other input (not base64url, not JSON, wrong shape, wrong arity, too long) answers 400
 * `page: …`.
 */
export type CursorKey = string | number | boolean | null;
/** `scalar`: any primitive, for sort fields whose type the list does not fix. */
export type CursorKeyType = 'string' | 'number' | 'boolean' | 'scalar';
type KeyOf<T> = T extends 'string' ? string : T extends 'number' ? number : T extends 'boolean' ? boolean : CursorKey;
export type CursorKeys<T extends readonly CursorKeyType[]> = { -readonly [I in keyof T]: KeyOf<T[I]> };

export const CURSOR_VERSION = 1;
/** Longer than any cursor a list writes in practice, shorter than Node's 16 KB request head. */
export const MAX_CURSOR_LENGTH = 12_000;

const NOT_A_CURSOR = 'page: not a cursor returned in next.page by this listing';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** JSON with object keys sorted, so equal identities give equal digests whatever the key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : canonical(x))).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** Digest of a list's identity: its name and whatever selects and orders its items. */
export const listDigest = (list: string, scope: unknown = null) =>
  createHash('sha256')
    .update(canonical([list, scope]))
    .digest('base64url')
    .slice(0, 22);

const isKeyOf = (type: CursorKeyType, v: unknown): boolean => {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'scalar':
      return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
  }
};

const kindOf = (v: unknown) =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'an array'
      : typeof v === 'object'
        ? 'an object'
        : typeof v === 'number' && !Number.isFinite(v)
          ? 'a non-finite number'
          : `a ${typeof v}`;

/**
 * Cursors of one list: `list` names it (collection or route), `scope` is what selects and orders
 * its items (filter, sort, parent ids), `keys` the types of the keys it pages on.
 *
 *   const cursor = new PageCursor('organizations.members', { filter, sort }, ['scalar', 'string'] as const);
 *   const after = page ? cursor.decode(page) : undefined;      // 400 `page: …` unless written by this list
 *   next = { page: cursor.encode([last.seq, last.id]) };
 */
export class PageCursor<T extends readonly CursorKeyType[]> {
  private readonly digest: string;

  constructor(
    readonly list: string,
    scope: unknown,
    readonly keys: T,
  ) {
    this.digest = listDigest(list, scope);
  }

  encode(values: CursorKeys<T>): string {
    const k = values as readonly unknown[];
    // A list writing what it cannot read back is a bug here, not bad input.
    if (k.length !== this.keys.length || !k.every((v, i) => isKeyOf(this.keys[i], v))) {
      throw new Error(`${this.list}: cursor keys ${canonical(k)} do not match ${this.keys.join(', ')}`);
    }
    return Buffer.from(JSON.stringify({ v: CURSOR_VERSION, l: this.digest, k })).toString('base64url');
  }

  decode(page: unknown): CursorKeys<T> {
    if (typeof page !== 'string' || page.length === 0) throw new BadRequest(`${NOT_A_CURSOR} (must be a non-empty string)`);
    if (page.length > MAX_CURSOR_LENGTH) throw new BadRequest(`${NOT_A_CURSOR} (longer than ${MAX_CURSOR_LENGTH} characters)`);
    if (!BASE64URL.test(page)) throw new BadRequest(NOT_A_CURSOR);
    let c: unknown;
    try {
      c = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
    } catch {
      throw new BadRequest(NOT_A_CURSOR);
    }
    if (!c || typeof c !== 'object' || Array.isArray(c) || Object.keys(c).sort().join(',') !== 'k,l,v') throw new BadRequest(NOT_A_CURSOR);
    const { v, l, k } = c as { v: unknown; l: unknown; k: unknown };
    if (v !== CURSOR_VERSION) throw new BadRequest(`page: cursor version ${canonical(v).slice(0, 20)} is not supported (list again without page)`);
    if (l !== this.digest) throw new BadRequest('page: the cursor belongs to another listing or to other filters (list again without page)');
    if (!Array.isArray(k) || k.length !== this.keys.length) throw new BadRequest(`${NOT_A_CURSOR} (must hold ${this.keys.length} key(s))`);
    k.forEach((x, i) => {
      if (!isKeyOf(this.keys[i], x))
        throw new BadRequest(
          `${NOT_A_CURSOR} (key ${i} must be ${this.keys[i] === 'scalar' ? 'a string, number, boolean or null' : `a ${this.keys[i]}`}, not ${kindOf(x)})`,
        );
    });
    return k as CursorKeys<T>;
  }
}
