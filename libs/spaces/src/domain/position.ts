import { generateKeyBetween } from 'fractional-indexing';

/**
 * Sort keys for the children of one parent (spaces and collections share one order, since a
 * move may be placed before or after either kind). Keys come from rocicorp's
 * fractional-indexing ("a0", "a1", … "a0V"): there is always a key strictly between two others,
 * moving one item only changes that item's key, and appends grow keys logarithmically. Keys
 * compare as plain strings (ASCII order), the same in JavaScript, SQLite and MongoDB.
 *
 * Keys written before the library were bare base-62 fractions ("V", "W", "VV"), and events
 * from before positions existed project as "". The library refuses those as neighbours, so a
 * key next to one comes from `legacyBetween`, which needs only plain string order. Lists
 * written since hold library keys only; old lists keep working and mix both.
 */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = DIGITS.length;
const MIDDLE = DIGITS[BASE / 2];
const BASE_62 = /^[0-9A-Za-z]+$/;
const digit = (c: string) => DIGITS.indexOf(c);

function isLibraryKey(k: string): boolean {
  if (!BASE_62.test(k)) return false;
  try {
    generateKeyBetween(k, null);
    return true;
  } catch {
    return false;
  }
}

/** A key this module writes: a library key or an old-format one (no trailing '0'). */
export function isPositionKey(k: unknown): k is string {
  return typeof k === 'string' && BASE_62.test(k) && (isLibraryKey(k) || !k.endsWith('0'));
}

/** A key after `a` (the end of the list when a is the last key; the first key when a is null). */
export function keyAfter(a: string | null): string {
  return keyBetween(a, null);
}

/**
 * A key strictly between a and b; null stands for the start (a) or the end (b) of the list.
 * When no string fits (b is "" or a followed by zeros, which only stored data can produce),
 * the new item shares a neighbour's key and sorts by id, as after concurrent appends.
 */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && b !== null && a >= b) throw new Error(`keyBetween: ${a} is not before ${b}`);
  if ((a === null || isLibraryKey(a)) && (b === null || isLibraryKey(b))) return generateKeyBetween(a, b);
  return legacyBetween(a ?? '', b) ?? a ?? b!;
}

/**
 * A string strictly between a and b in plain string order (b null: no upper bound), or null
 * when none exists. It never ends in '0' nor is b's prefix followed by zeros only, so there is
 * always room on both sides of what it returns.
 */
function legacyBetween(a: string, b: string | null): string | null {
  if (b === null) {
    // Bump the first digit that has room, dropping what follows: short keys for long appends.
    for (let i = 0; i < a.length; i++) if (digit(a[i]) < BASE - 1) return a.slice(0, i) + DIGITS[digit(a[i]) + 1];
    return a + MIDDLE;
  }
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  if (n < a.length) {
    // a and b first differ at n, with a[n] < b[n].
    const da = digit(a[n]);
    const db = digit(b[n]);
    if (db - da > 1) return b.slice(0, n) + DIGITS[Math.round((da + db) / 2)];
    if (/[^0]/.test(b.slice(n + 1))) return b.slice(0, n + 1);
    return a.slice(0, n + 1) + legacyBetween(a.slice(n + 1), null);
  }
  // a is a proper prefix of b: fit a tail below the rest of b.
  const rest = b.slice(n);
  const z = rest.search(/[^0]/);
  if (z < 0) return null;
  const d = digit(rest[z]);
  const zeros = rest.slice(0, z);
  if (d > 1) return a + zeros + DIGITS[Math.round(d / 2)];
  if (/[^0]/.test(rest.slice(z + 1))) return a + zeros + '1';
  return a + zeros + '0' + MIDDLE;
}
