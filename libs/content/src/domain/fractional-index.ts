/**
 * Order keys for siblings (fractional indexing, after rocicorp/fractional-indexing): every page
 * carries a string key and siblings sort by (key, id). Inserting or moving one page changes only
 * that page's key, so reorders are page-level changes that three-way merge like any other
 * field, and no sibling list has to be rewritten. Keys are an integer part (its length encoded
 * by the head character, so appends grow the key logarithmically) plus a fraction that never
 * ends in '0'. Comparison is plain string comparison.
 */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SMALLEST_INTEGER = 'A' + '0'.repeat(26);

function integerLength(head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 97 + 2;
  if (head >= 'A' && head <= 'Z') return 90 - head.charCodeAt(0) + 2;
  throw new Error(`invalid order key head "${head}"`);
}

function integerPart(key: string): string {
  const n = integerLength(key[0]);
  if (n > key.length) throw new Error(`invalid order key "${key}"`);
  return key.slice(0, n);
}

export function isValidOrderKey(key: string): boolean {
  try {
    if (key === SMALLEST_INTEGER || ![...key].every((c) => DIGITS.includes(c))) return false;
    const i = integerPart(key);
    return !key.slice(i.length).endsWith('0');
  } catch {
    return false;
  }
}

/** A fraction strictly between a and b ('' is 0, null is 1). */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? '0') === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const da = a ? DIGITS.indexOf(a[0]) : 0;
  const db = b !== null ? DIGITS.indexOf(b[0]) : DIGITS.length;
  if (db - da > 1) return DIGITS[Math.round((da + db) / 2)];
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[da] + midpoint(a.slice(1), null);
}

function increment(x: string): string | null {
  const [head, ...digs] = x.split('');
  for (let i = digs.length - 1; i >= 0; i--) {
    const d = DIGITS.indexOf(digs[i]) + 1;
    if (d < DIGITS.length) {
      digs[i] = DIGITS[d];
      return head + digs.join('');
    }
    digs[i] = '0';
  }
  if (head === 'Z') return 'a0';
  if (head === 'z') return null;
  const h = String.fromCharCode(head.charCodeAt(0) + 1);
  if (h > 'a') digs.push('0');
  else digs.pop();
  return h + digs.join('');
}

function decrement(x: string): string | null {
  const [head, ...digs] = x.split('');
  for (let i = digs.length - 1; i >= 0; i--) {
    const d = DIGITS.indexOf(digs[i]) - 1;
    if (d >= 0) {
      digs[i] = DIGITS[d];
      return head + digs.join('');
    }
    digs[i] = DIGITS[DIGITS.length - 1];
  }
  if (head === 'a') return 'Z' + DIGITS[DIGITS.length - 1];
  if (head === 'A') return null;
  const h = String.fromCharCode(head.charCodeAt(0) - 1);
  if (h < 'Z') digs.push(DIGITS[DIGITS.length - 1]);
  else digs.pop();
  return h + digs.join('');
}

/** A key strictly between a and b (null: unbounded on that side). Requires a < b. */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && b !== null && a >= b) throw new Error(`keyBetween: ${a} >= ${b}`);
  if (a === null) {
    if (b === null) return 'a0';
    const ib = integerPart(b);
    const fb = b.slice(ib.length);
    if (ib === SMALLEST_INTEGER) return ib + midpoint('', fb);
    if (ib < b) return ib;
    const d = decrement(ib);
    if (d === null) throw new Error('order key space exhausted');
    return d;
  }
  if (b === null) {
    const ia = integerPart(a);
    const i = increment(ia);
    return i === null ? ia + midpoint(a.slice(ia.length), null) : i;
  }
  const ia = integerPart(a);
  const ib = integerPart(b);
  if (ia === ib) return ia + midpoint(a.slice(ia.length), b.slice(ib.length));
  const i = increment(ia);
  if (i === null) throw new Error('order key space exhausted');
  return i < b ? i : ia + midpoint(a.slice(ia.length), null);
}
