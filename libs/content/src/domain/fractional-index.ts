import { generateKeyBetween } from 'fractional-indexing';

/**
 * Order keys for siblings, from rocicorp's fractional-indexing: every page carries a string key
 * and siblings sort by (key, id). Inserting or moving one page changes only that page's key, so
 * reorders are page-level changes that three-way merge like any other field, and no sibling
 * list has to be rewritten. Comparison is plain string comparison.
 *
 * Keys stored before the library replaced our own copy of its algorithm are in its format
 * (the two agreed key for key), so they need no conversion.
 */
const BASE_62 = /^[0-9A-Za-z]+$/;

/** A key the library accepts as a neighbour (it checks the head and the trailing digit, not the alphabet). */
export function isValidOrderKey(key: string): boolean {
  if (!BASE_62.test(key)) return false;
  try {
    generateKeyBetween(key, null);
    return true;
  } catch {
    return false;
  }
}

/** A key strictly between a and b (null: unbounded on that side). Requires a < b. */
export function keyBetween(a: string | null, b: string | null): string {
  // The library swaps reversed bounds; a reversed pair here is a caller's bug, not a request.
  if (a !== null && b !== null && a >= b) throw new Error(`keyBetween: ${a} >= ${b}`);
  return generateKeyBetween(a, b);
}
