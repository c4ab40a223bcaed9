import { BadRequest } from '@app/platform';

/**
 * Computed content (reference getComputedDocument / getComputedRevision, page type `computed`):
 * a document or pages generated from a source. The reference names three kinds of source, and
 * this server can compute none of them yet, so each is refused with its reason instead of an
 * invented result:
 * - `builtin:openapi` needs the organization's OpenAPI specifications (not stored by this server);
 * - `builtin:translation` needs a translation engine (none is configured);
 * - `integration:<app>:<source>` needs the integration's code to run (no integrations here).
 */
export type ComputedKind = 'document' | 'revision';

const REASONS: Array<[RegExp, (type: string, source: Record<string, unknown>) => string]> = [
  [
    /^builtin:openapi$/,
    (_t, s) =>
      `source.type: builtin:openapi content is not computed by this server: it stores no OpenAPI specifications${specSlug(s)}, so there is nothing to generate the reference from`,
  ],
  [/^builtin:translation$/, () => 'source.type: builtin:translation content is not computed by this server: it has no translation engine'],
  [/^integration:[^:]+:[^:]+$/, (t) => `source.type: ${t} is computed by an integration, and this server runs no integrations`],
];

function specSlug(source: Record<string, unknown>): string {
  const spec = (source.dependencies as { spec?: { ref?: { spec?: unknown } } } | undefined)?.spec?.ref?.spec;
  return typeof spec === 'string' ? ` (asked for spec "${spec}")` : '';
}

/** Throws the 400 that says why `source` cannot be computed (every source, today). */
export function assertComputable(source: Record<string, unknown>, kind: ComputedKind): never {
  const type = source.type;
  if (typeof type !== 'string') throw new BadRequest('source.type: must be a string (builtin:openapi, builtin:translation or integration:<app>:<source>)');
  const reason = REASONS.find(([pattern]) => pattern.test(type));
  if (!reason)
    throw new BadRequest(`source.type: unknown computed ${kind} source "${type}" (builtin:openapi, builtin:translation or integration:<app>:<source>)`);
  throw new BadRequest(reason[1](type, source));
}
