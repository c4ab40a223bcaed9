import { isEmoji, isRole, ROLES, Satisfies } from '@app/platform';

/*
 * class-validator rules for fields of space and collection bodies that the built-in decorators
 * express badly (unions with null and `inherit`, emoji text). Each answers "<field>: <rule>".
 */

/** A role, `inherit` or null (reference defaultLevel of spaces and collections). */
export const IsDefaultLevel = () =>
  Satisfies('isDefaultLevel', (v, field) =>
    v === null || v === 'inherit' || isRole(v) ? null : `${field}: must be a role (${ROLES.join(', ')}), inherit or null`,
  );

/** At most 50 characters: empty, an emoji character or its hex code points (reference format emoji). */
export const IsEmojiText = () =>
  Satisfies('isEmoji', (v, field) => {
    if (typeof v !== 'string') return `${field}: must be a string`;
    if ([...v].length > 50) return `${field}: must be at most 50 characters`;
    return v === '' || isEmoji(v) ? null : `${field}: must be an emoji character or its hex code point (format emoji)`;
  });

/** Ids of users or teams: a non-empty array of non-empty strings; `missing` says what to give when absent. */
export const IsIdList = (missing = 'is required') =>
  Satisfies('isIdList', (v, field) => {
    if (v === undefined) return `${field}: ${missing}`;
    if (!Array.isArray(v)) return `${field}: must be an array of strings`;
    if (v.length === 0) return `${field}: must list at least one id (minItems 1)`;
    const bad = v.findIndex((x) => typeof x !== 'string' || x.length === 0);
    return bad < 0 ? null : `${field}[${bad}]: must be a non-empty string`;
  });

/** "Role or null" that must be given (null is a guest: no role of their own). */
export const IsGivenRoleOrNull = () =>
  Satisfies('isRoleOrNull', (v, field) => {
    if (v === undefined) return `${field}: is required (a role, or null for guest)`;
    return v === null || isRole(v) ? null : `${field}: must be one of ${ROLES.join(', ')} or null`;
  });
