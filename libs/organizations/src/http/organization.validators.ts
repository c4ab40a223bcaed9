import { BadRequest, isPlainObject, Satisfies, unknownKeyProblem } from '@app/platform';
import { MergeRules } from '../domain/organization';

/**
 * Custom class-validator rules for the union-typed fields of organization bodies (and the merge
 * rules that spaces and collections share). Each answers the first problem as "<path>: <rule>".
 */

const SINGLE_RULES = [
  'require_at_least_one_review',
  'require_all_reviews_approved',
  'require_agent_review',
  'require_up_to_date_change_request',
  'require_change_request_subject',
  'require_change_request_description',
];
const USER_RULES = ['require_specific_reviewers', 'require_one_of_specific_reviewers', 'allow_bypass'];
const RULES = [...SINGLE_RULES, ...USER_RULES, 'custom'];

const oneOf = (field: string, v: unknown, values: readonly string[]) =>
  typeof v === 'string' && values.includes(v) ? null : `${field}: must be one of ${values.join(', ')}`;
const isStringArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

function ruleProblem(f: string, r: unknown): string | null {
  if (!isPlainObject(r)) return `${f}: must be an object`;
  const bad = oneOf(`${f}.rule`, r.rule, RULES);
  if (bad) return bad;
  const name = r.rule as string;
  if (USER_RULES.includes(name))
    return unknownKeyProblem(r, ['rule', 'users'], f) ?? (isStringArray(r.users) ? null : `${f}.users: must be an array of strings`);
  if (name === 'custom') {
    return (
      unknownKeyProblem(r, ['rule', 'expression'], f) ??
      (typeof r.expression === 'string' && r.expression.length > 0 ? null : `${f}.expression: must be a string of at least 1 character`)
    );
  }
  return unknownKeyProblem(r, ['rule'], f);
}

/** Merge rules (reference MergeRule): `{type: none}`, `{type: rules, rules[]}`, and for spaces and collections `{type: inherit}`. */
export function mergeRulesProblem(v: unknown, field: string, allowInherit: boolean): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object`;
  const bad = oneOf(`${field}.type`, v.type, allowInherit ? ['inherit', 'none', 'rules'] : ['none', 'rules']);
  if (bad) return bad;
  if (v.type !== 'rules') return unknownKeyProblem(v, ['type'], field);
  const extra = unknownKeyProblem(v, ['type', 'rules'], field);
  if (extra) return extra;
  if (!Array.isArray(v.rules)) return `${field}.rules: must be an array`;
  for (const [i, r] of v.rules.entries()) {
    const p = ruleProblem(`${field}.rules[${i}]`, r);
    if (p) return p;
  }
  return null;
}

export const IsMergeRules = (allowInherit: boolean) => Satisfies('isMergeRules', (v, field) => mergeRulesProblem(v, field, allowInherit));

/** Validates merge rules outside a DTO; a valid value is already in its stored shape. */
export function parseMergeRules(field: string, v: unknown, allowInherit: boolean): MergeRules | { type: 'inherit' } {
  const problem = mergeRulesProblem(v, field, allowInherit);
  if (problem) throw new BadRequest(problem);
  return v as MergeRules | { type: 'inherit' };
}

/** A site pointer (the reference's variant), or the space and collection pointers it still validates; null clears it. */
export function defaultContentProblem(v: unknown, field: string): string | null {
  if (v === null) return null;
  if (!isPlainObject(v)) return `${field}: must be an object or null`;
  const bad = oneOf(`${field}.type`, v.type, ['site', 'space', 'collection']);
  if (bad) return bad;
  const type = v.type as string;
  return (
    unknownKeyProblem(v, ['type', type], field) ??
    (typeof v[type] === 'string' && v[type].length > 0 ? null : `${field}.${type}: must be a string of at least 1 character`)
  );
}

export const IsDefaultContent = () => Satisfies('isDefaultContent', defaultContentProblem);
