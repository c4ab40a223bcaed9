/**
 * Sort keys for the children of one parent (spaces and collections share one order, since a
 * move may be placed before or after either kind). A key is a base-62 fraction that never
 * ends in '0', so there is always a key strictly between two others and moving one item only
 * changes that item's key. Keys compare as plain strings (ASCII order of the digits below),
 * the same in JavaScript, SQLite and MongoDB.
 *
 * Appending uses `keyAfter`, which bumps the first digit that can still grow, so a run of
 * appends lengthens keys by one character every ~30 items instead of every ~6 (halving).
 */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = DIGITS.length;
const digit = (c: string | undefined) => (c === undefined ? 0 : DIGITS.indexOf(c));

export function isPositionKey(k: unknown): k is string {
  return typeof k === 'string' && k.length > 0 && !k.endsWith('0') && [...k].every((c) => DIGITS.includes(c));
}

/** A fraction strictly between a and b ('' is 0, null is 1). */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? '0') === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const da = digit(a[0]);
  const db = b !== null ? digit(b[0]) : BASE;
  if (db - da > 1) return DIGITS[Math.round((da + db) / 2)];
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[da] + midpoint(a.slice(1), null);
}

/** A key after `a` (the end of the list when a is the last key; the first key when a is null). */
export function keyAfter(a: string | null): string {
  if (a === null) return 'V';
  // Bump the first digit that has room, dropping what follows it: short keys for long appends.
  for (let i = 0; i < a.length; i++) {
    const d = digit(a[i]);
    if (d < BASE - 2) return a.slice(0, i) + DIGITS[d + 1];
  }
  return midpoint(a, null);
}

/** A key strictly between a and b; null stands for the start (a) or the end (b) of the list. */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && b !== null && a >= b) throw new Error(`keyBetween: ${a} is not before ${b}`);
  if (b === null) return keyAfter(a);
  return midpoint(a ?? '', b);
}
