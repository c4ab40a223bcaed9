import { BadRequest } from '@app/platform';

/**
 * The contract's field rules, in one place: the HTTP bodies check them (400 naming the field and
 * the rule) and the decider checks them again, so no command path can store a value they refuse.
 * Each answers null when the value is fine, else "<field>: <rule>".
 */
export type Rule = (v: unknown, field: string) => string | null;

const length =
  (min: number, max: number): Rule =>
  (v, field) =>
    typeof v === 'string' && [...v].length >= min && [...v].length <= max ? null : `${field}: must be a string of ${min} to ${max} characters`;

export const siteTitleProblem = length(2, 128);
export const basenameProblem: Rule = (v, field) =>
  length(1, 100)(v, field) ?? (/^[A-Za-z0-9][A-Za-z0-9._~-]*$/.test(v as string) ? null : `${field}: must be a URL segment (letters, digits, . _ ~ -)`);

/** The reference SiteHostname pattern: at least three dot-separated lowercase labels. */
const HOSTNAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
export const hostnameProblem: Rule = (v, field) =>
  typeof v === 'string' && v.length <= 512 && HOSTNAME.test(v)
    ? null
    : `${field}: must be a hostname of at least three lowercase labels, at most 512 characters`;

/** The reference SiteProxyOrigin: a host followed by one or more path segments. */
const PROXY = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
export const proxyProblem: Rule = (v, field) =>
  typeof v === 'string' && v.length <= 512 && PROXY.test(v)
    ? null
    : `${field}: must be a host followed by path segments (example.com/docs), at most 512 characters`;

/** Paths of site spaces and sections: URL segments of the published site (1..100). */
export const pathProblem: Rule = (v, field) =>
  length(1, 100)(v, field) ??
  (/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(v as string) ? null : `${field}: must be URL path segments (letters, digits, . _ ~ -) separated by /`);

export const sectionTitleProblem = length(2, 128);
export const groupTitleProblem = length(1, 100);
export const descriptionProblem = length(0, 256);
export const iconProblem = length(1, 50);
export const conditionProblem = length(0, 1024);

/** Throws the rule's 400 (for the decider). */
export function check(rule: Rule, v: unknown, field: string): void {
  const problem = rule(v, field);
  if (problem) throw new BadRequest(problem);
}

/** A URL segment made from a title ("Getting Started!" → "getting-started"), never empty. */
export function slugOf(title: string, fallback: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** `wanted`, or `wanted-2`, `wanted-3`… : the first not in `taken`. */
export function uniqueName(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}
