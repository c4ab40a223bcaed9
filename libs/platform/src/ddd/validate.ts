import { BadRequest } from './errors';

/**
 * Checks for body shapes that class-validator decorators express badly (unions, nullable
 * variants). Each throws 400 naming the field and the rule.
 */
export const check = {
  object(field: string, v: unknown): Record<string, unknown> {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new BadRequest(`${field}: must be an object`);
    return v as Record<string, unknown>;
  },
  string(field: string, v: unknown, opts: { min?: number; max?: number; pattern?: RegExp } = {}): string {
    if (typeof v !== 'string') throw new BadRequest(`${field}: must be a string`);
    if (opts.min !== undefined && [...v].length < opts.min) throw new BadRequest(`${field}: must be at least ${opts.min} characters`);
    if (opts.max !== undefined && [...v].length > opts.max) throw new BadRequest(`${field}: must be at most ${opts.max} characters`);
    if (opts.pattern && !opts.pattern.test(v)) throw new BadRequest(`${field}: must match ${opts.pattern}`);
    return v;
  },
  oneOf<T extends string>(field: string, v: unknown, values: readonly T[]): T {
    if (typeof v !== 'string' || !values.includes(v as T)) throw new BadRequest(`${field}: must be one of ${values.join(', ')}`);
    return v as T;
  },
  stringArray(field: string, v: unknown): string[] {
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new BadRequest(`${field}: must be an array of strings`);
    return v as string[];
  },
  onlyKeys(field: string, v: Record<string, unknown>, keys: string[]): void {
    const extra = Object.keys(v).find((k) => !keys.includes(k));
    if (extra) throw new BadRequest(`${field}.${extra}: unknown field`);
  },
  url(field: string, v: unknown): string {
    const s = check.string(field, v, { max: 2048 });
    try {
      const u = new URL(s);
      if (!/^https?:$/.test(u.protocol)) throw new Error();
    } catch {
      throw new BadRequest(`${field}: must be an absolute http(s) URL`);
    }
    return s;
  },
};

/** An emoji: the character itself (pictographic) or its hex code points (`1f389`, `1f468-200d-1f4bb`). */
export function isEmoji(v: string): boolean {
  return /^[0-9a-f]{4,6}(-[0-9a-f]{4,6})*$/i.test(v) || /^(\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u200d\ufe0f\u20e3#*0-9]|\p{Emoji_Modifier})+$/u.test(v) && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(v);
}
