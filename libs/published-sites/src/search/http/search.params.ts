import { IsString, MaxLength } from 'class-validator';
import { BadRequest, IfPresent, isPlainObject, PageQuery, Satisfies, unknownKeyProblem } from '@app/platform';
import type { SiteVisitorCredentials } from '@app/sites';
import type { SiteSearchScope } from '../application/site-search-scope';

/** Longest search text (reference maxLength). */
export const MAX_QUERY = 512;
const MAX_SITE_SPACES = 1000;
const MAX_TOKEN = 16_384;

const isId = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 200;

/** Query of searchSpaceContent and searchOrganizationContent: `query` (required) and paging. */
export class SearchParams extends PageQuery {
  @IsString()
  @MaxLength(MAX_QUERY)
  query!: string;
}

function siteSpaceIdsProblem(v: unknown, field: string): string | null {
  if (!Array.isArray(v) || v.length === 0) return `${field}: must be a non-empty array of site space ids`;
  if (v.length > MAX_SITE_SPACES) return `${field}: at most ${MAX_SITE_SPACES} items`;
  const bad = v.findIndex((x) => !isId(x));
  return bad < 0 ? null : `${field}[${bad}]: must be a site space id`;
}

/** Reference SiteSearchScope: {mode: default, currentSiteSpace?} | {mode: specific, siteSpaceIds} | {mode: all}. */
export function scopeProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object`;
  if (v.mode === 'default')
    return (
      unknownKeyProblem(v, ['mode', 'currentSiteSpace'], field) ??
      (v.currentSiteSpace === undefined || isId(v.currentSiteSpace) ? null : `${field}.currentSiteSpace: must be a site space id`)
    );
  if (v.mode === 'specific') return unknownKeyProblem(v, ['mode', 'siteSpaceIds'], field) ?? siteSpaceIdsProblem(v.siteSpaceIds, `${field}.siteSpaceIds`);
  if (v.mode === 'all') return unknownKeyProblem(v, ['mode'], field);
  return `${field}.mode: must be one of default, specific, all`;
}

/** Reference SiteVisitorPayload {jwtToken?, unsignedClaims?}, and `shareKey` (extension) for share-link sites. */
export function visitorProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object`;
  const extra = unknownKeyProblem(v, ['jwtToken', 'unsignedClaims', 'shareKey'], field);
  if (extra) return extra;
  for (const k of ['jwtToken', 'shareKey'] as const) {
    const value = v[k];
    if (value !== undefined && (typeof value !== 'string' || value.length > MAX_TOKEN))
      return `${field}.${k}: must be a string of at most ${MAX_TOKEN} characters`;
  }
  if (v.unsignedClaims !== undefined && !isPlainObject(v.unsignedClaims)) return `${field}.unsignedClaims: must be an object`;
  return null;
}

/**
 * Body of searchSiteContent: `query` and either `scope` or the deprecated forms
 * (`{mode?: specific, siteSpaceIds}`, `{mode: current, siteSpaceId}`, `{mode: all}`); neither
 * searches the default scope. `visitor` (as on resolvePublishedContentByUrl) searches as that
 * visitor sees the site.
 */
export class SiteSearchBody {
  @IsString()
  @MaxLength(MAX_QUERY)
  query!: string;

  @IfPresent()
  @Satisfies('isSiteSearchScope', scopeProblem)
  scope?: SiteSearchScope;

  @IfPresent()
  @Satisfies('isSearchMode', (v, f) => (v === 'specific' || v === 'current' || v === 'all' ? null : `${f}: must be one of specific, current, all`))
  mode?: 'specific' | 'current' | 'all';

  @IfPresent()
  @Satisfies('isSiteSpaceIds', siteSpaceIdsProblem)
  siteSpaceIds?: string[];

  @IfPresent()
  @Satisfies('isSiteSpaceId', (v, f) => (isId(v) ? null : `${f}: must be a site space id`))
  siteSpaceId?: string;

  @IfPresent()
  @Satisfies('isSiteVisitor', visitorProblem)
  visitor?: SiteVisitorCredentials;

  toScope(): SiteSearchScope {
    const deprecated = this.mode !== undefined || this.siteSpaceIds !== undefined || this.siteSpaceId !== undefined;
    if (this.scope) {
      if (deprecated) throw new BadRequest('body: give either scope or the deprecated mode, siteSpaceIds and siteSpaceId, not both');
      return this.scope;
    }
    if (this.mode === 'all') return { mode: 'all' };
    if (this.mode === 'current') {
      if (this.siteSpaceId === undefined) throw new BadRequest('siteSpaceId: required with mode current');
      return { mode: 'default', currentSiteSpace: this.siteSpaceId };
    }
    if (this.siteSpaceIds !== undefined) return { mode: 'specific', siteSpaceIds: this.siteSpaceIds };
    if (this.mode === 'specific') throw new BadRequest('siteSpaceIds: required with mode specific');
    if (this.siteSpaceId !== undefined) throw new BadRequest('siteSpaceId: goes with mode current');
    return { mode: 'default' };
  }
}
