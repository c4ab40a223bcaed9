import { registerDecorator, ValidateIf, ValidationArguments, ValidationOptions } from 'class-validator';
import { isRole, ROLES } from '../auth/roles';

/**
 * Custom class-validator decorators for what the built-in ones express badly: fields that may be
 * absent but not null, "Role or null", unions and nested shapes whose 400 must name the nested
 * path (`emails[0].role`). Messages that start with the field's own name and a `.`, `[` or `:`
 * are used as the full path by describeValidationErrors (validation.ts).
 */

/** Optional, but null is a value like any other (unlike @IsOptional, which skips null too). */
export const IfPresent = () => ValidateIf((_o: object, v: unknown) => v !== undefined);

/**
 * A rule written as a function: `problem(value, field)` answers null when the value is valid,
 * else "<path>: <rule>" where path starts with `field` (e.g. `mergeRules.rules[0].users: …`).
 */
export function Satisfies(name: string, problem: (value: unknown, field: string) => string | null, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => problem(value, args.property) === null,
        defaultMessage: (args?: ValidationArguments) => (args && problem(args.value, args.property)) ?? `${args?.property}: is not valid`,
      },
    });
  };
}

/** A role (ROLES) or null for a guest. */
export const roleOrNullProblem = (v: unknown, field: string): string | null =>
  v === null || isRole(v) ? null : `${field}: must be one of ${ROLES.join(', ')} or null`;
export const IsRoleOrNull = (options?: ValidationOptions) => Satisfies('isRoleOrNull', roleOrNullProblem, options);

/** An absolute http(s) URL of at most 2048 characters (as `new URL` reads it). */
export function httpUrlProblem(v: unknown, field: string): string | null {
  if (typeof v !== 'string' || v.length > 2048) return `${field}: must be an absolute http(s) URL of at most 2048 characters`;
  try {
    return /^https?:$/.test(new URL(v).protocol) ? null : `${field}: must be an absolute http(s) URL`;
  } catch {
    return `${field}: must be an absolute http(s) URL`;
  }
}
export const IsHttpUrl = (options?: ValidationOptions) => Satisfies('isHttpUrl', httpUrlProblem, options);

/**
 * An array (at most `max` items) whose items each satisfy `item`; the 400 names the first bad
 * index (`add[1]: must be a user id or an email`).
 */
export function IsArrayOf(item: (v: unknown) => boolean, rule: string, opts: { max?: number } = {}, options?: ValidationOptions): PropertyDecorator {
  return Satisfies(
    'isArrayOf',
    (v, field) => {
      if (!Array.isArray(v)) return `${field}: must be an array`;
      if (opts.max !== undefined && v.length > opts.max) return `${field}: at most ${opts.max} items`;
      const bad = v.findIndex((x) => !item(x));
      return bad < 0 ? null : `${field}[${bad}]: ${rule}`;
    },
    options,
  );
}

/** A field the body may not carry, with the reason (what to send instead). */
export const IsRefused = (reason: string, options?: ValidationOptions) =>
  Satisfies('isRefused', (v, field) => (v === undefined ? null : `${field}: ${reason}`), options);

/** Keys of `o` other than `allowed`, as "<field>.<key>: unknown field" (null when none). */
export function unknownKeyProblem(o: object, allowed: readonly string[], field: string): string | null {
  const extra = Object.keys(o).find((k) => !allowed.includes(k));
  return extra === undefined ? null : `${field}.${extra}: unknown field`;
}

/** A plain object (not null, not an array). */
export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
