import { BadRequest } from '@app/platform';

/**
 * Reading a document that arrives as untrusted JSON: every value is `unknown`, and every error
 * is a 400 naming the node by its path (`document.nodes[2].nodes[0].leaves[1].text`).
 */

/** `value[key]` when value is an object, else undefined (like `value?.[key]` on parsed JSON). */
export function prop(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/** An optional array field: absent (null/undefined) reads as empty; anything else but an array is a 400. */
export function optionalArray(value: unknown, field: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new BadRequest(`${field}: must be an array`);
  return value as unknown[];
}

export function requiredArray(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new BadRequest(`${field}: must be an array`);
  return value as unknown[];
}

/** An optional string field; numbers are accepted as their decimal text. */
export function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new BadRequest(`${field}: must be a string`);
}

export function requiredString(value: unknown, field: string): string {
  const s = optionalString(value, field);
  if (s === undefined) throw new BadRequest(`${field}: is required`);
  return s;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Documents nest; a hostile one must not overflow the stack. */
export const MAX_DEPTH = 64;
export function checkDepth(depth: number, field: string): void {
  if (depth > MAX_DEPTH) throw new BadRequest(`${field}: nested deeper than ${MAX_DEPTH} levels`);
}
