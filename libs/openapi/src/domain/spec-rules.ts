import { BadRequest, NotFound } from '@app/platform';

/** The contract's slug: 1..100 characters, letters and digits in runs joined by single hyphens. */
export const SLUG_PATTERN = /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/;
export const SLUG_MAX = 100;
export const SOURCE_URL_MAX = 2048;

/**
 * Slugs are case-insensitive and kept in lower case: the contract's pattern takes capitals, the
 * reference's answers carry none, so `Pets-API` names (and becomes) the spec `pets-api`.
 */
export const canonicalSlug = (slug: string) => slug.toLowerCase();

export function slugProblem(v: unknown, field: string): string | null {
  if (typeof v !== 'string' || v.length < 1 || v.length > SLUG_MAX) return `${field}: must be a string of 1 to ${SLUG_MAX} characters`;
  return SLUG_PATTERN.test(v) ? null : `${field}: must be letters and digits, in groups joined by single hyphens (${SLUG_PATTERN.source})`;
}

/**
 * An absolute http(s) URL of at most 2048 characters, without credentials: the URL is stored
 * in events and shown as `sourceURL`, where a password must never be.
 */
export function sourceUrlProblem(v: unknown, field: string): string | null {
  if (typeof v !== 'string' || v.length > SOURCE_URL_MAX) return `${field}: must be an absolute http(s) URL of at most ${SOURCE_URL_MAX} characters`;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return `${field}: must be an absolute http(s) URL`;
  }
  if (!/^https?:$/.test(url.protocol)) return `${field}: must be an absolute http(s) URL`;
  if (url.username || url.password) return `${field}: must not carry credentials (user:password@); serve the spec at a URL that needs none`;
  return null;
}

export function checkSlug(slug: string, field = 'specSlug'): string {
  const problem = slugProblem(slug, field);
  if (problem) throw new BadRequest(problem);
  return slug;
}

export class OpenApiSpecNotFound extends NotFound {
  constructor(slug: string) {
    super(`No OpenAPI specification "${slug}" in this organization`);
  }
}

export class OpenApiSpecVersionNotFound extends NotFound {
  constructor(slug: string, versionId: string) {
    super(versionId === 'latest' ? `OpenAPI specification "${slug}" has no version yet` : `No version ${versionId} of OpenAPI specification "${slug}"`);
  }
}

export class SlugTaken extends BadRequest {
  constructor(slug: string) {
    super(`slug: an OpenAPI specification "${slug}" already exists in this organization; PUT /orgs/{organizationId}/openapi/${slug} replaces its source`);
  }
}
