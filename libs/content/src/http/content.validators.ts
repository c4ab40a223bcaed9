import { isPlainObject, Satisfies } from '@app/platform';

/**
 * Rules of the content bodies written as class-validator decorators (`Satisfies` of the
 * platform): each names the field path and the rule, in the words the API has always used.
 */

export interface TextLimits {
  min?: number;
  max?: number;
  pattern?: RegExp;
}

/** A string of `min`..`max` characters (code points, as the domain counts them). */
export function textProblem(v: unknown, field: string, limits: TextLimits = {}): string | null {
  if (typeof v !== 'string') return `${field}: must be a string`;
  const length = [...v].length;
  if (limits.min !== undefined && length < limits.min) return `${field}: must be at least ${limits.min} characters`;
  if (limits.max !== undefined && length > limits.max) return `${field}: must be at most ${limits.max} characters`;
  if (limits.pattern && !limits.pattern.test(v)) return `${field}: must match ${limits.pattern}`;
  return null;
}
export const IsText = (limits: TextLimits = {}) => Satisfies('isText', (v, f) => textProblem(v, f, limits));

/** One of the listed strings. */
export const oneOfProblem =
  (values: readonly string[]) =>
  (v: unknown, field: string): string | null =>
    typeof v === 'string' && values.includes(v) ? null : `${field}: must be one of ${values.join(', ')}`;
export const IsOneOf = (values: readonly string[]) => Satisfies('isOneOf', oneOfProblem(values));

export const IsFlag = () => Satisfies('isFlag', (v, f) => (typeof v === 'boolean' ? null : `${f}: must be a boolean`));

export const IsIndex = () => Satisfies('isIndex', (v, f) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? null : `${f}: must be an integer >= 0`));

/** Required: absent answers `is required`, anything else is checked by `problem`. */
export const Required = (name: string, problem: (v: unknown, field: string) => string | null, hint = '') =>
  Satisfies(name, (v, f) => (v === undefined ? `${f}: is required${hint}` : problem(v, f)));

/** A JSON object (not null, not an array). */
export const objectProblem = (v: unknown, field: string): string | null => (isPlainObject(v) ? null : `${field}: must be an object`);

/** An array of `min`..`max` items, each a JSON object (each item is then validated as its DTO). */
export const arrayOfObjectsProblem =
  (min: number, max: number, rule: string) =>
  (v: unknown, field: string): string | null => {
    if (!Array.isArray(v) || v.length < min || v.length > max) return `${field}: ${rule}`;
    const bad = v.findIndex((x) => !isPlainObject(x));
    return bad < 0 ? null : `${field}[${bad}]: must be an object`;
  };
