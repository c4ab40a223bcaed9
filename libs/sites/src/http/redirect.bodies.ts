import { IsOptional, IsString } from 'class-validator';
import { isPlainObject, PageQuery, Satisfies, unknownKeyProblem } from '@app/platform';
import { RedirectDestination, sourcePathProblem } from '../domain/redirect';

const ID = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 100;

/** Reference SiteRedirectDestination: a site section, a site space, or a page of a site space. */
export function destinationProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object with kind site-section, site-space or site-page`;
  const fields: Record<string, string[]> = { 'site-section': ['siteSectionId'], 'site-space': ['siteSpaceId'], 'site-page': ['siteSpaceId', 'pageId'] };
  const wanted = typeof v.kind === 'string' ? fields[v.kind] : undefined;
  if (!wanted) return `${field}.kind: must be one of site-section, site-space, site-page`;
  const missing = wanted.find((f) => !ID(v[f]));
  if (missing) return `${field}.${missing}: is required, an id`;
  return unknownKeyProblem(v, ['kind', ...wanted], field);
}

const SOURCE = (v: unknown, f: string) => sourcePathProblem(v, f);

/** Body of createSiteRedirect: `{source, destination}`. */
export class CreateRedirectBody {
  @Satisfies('isSourcePath', SOURCE)
  source!: string;

  @Satisfies('isRedirectDestination', destinationProblem)
  destination!: RedirectDestination;
}

/** Body of updateSiteRedirectById: `{source?, destination?}`. */
export class UpdateRedirectBody {
  @IsOptional()
  @Satisfies('isSourcePath', SOURCE)
  source?: string;

  @IsOptional()
  @Satisfies('isRedirectDestination', destinationProblem)
  destination?: RedirectDestination;
}

/** Query of listSiteRedirects. */
export class ListRedirectsParams extends PageQuery {
  @IsOptional()
  @IsString()
  search?: string;
}

/** Query of getSiteRedirectBySource: `source` (required) and `shareKey` (carried into the target URL). */
export class RedirectBySourceParams {
  @Satisfies('isSourcePath', SOURCE)
  source!: string;

  @IsOptional()
  @IsString()
  shareKey?: string;
}
