import { IsIn, IsOptional, IsString } from 'class-validator';
import { PageQuery, Satisfies } from '@app/platform';
import { ChangeRequestFilters } from '../application/queries/change-request.queries';
import { CHANGE_REQUEST_STATUSES, ChangeRequestStatus } from '../domain/change-request.events';

const BOOL = ['true', 'false'];

/** The two content flags (reference `metadata`, `computed`): accepted and validated; this server has no git metadata or computed content to skip. */
export class ContentFlags {
  @IsOptional() @IsIn(BOOL) metadata?: string;
  @IsOptional() @IsIn(BOOL) computed?: string;
}

/** Page reads: output format, and evaluation/dereferencing options (content has no expressions or reusable content to resolve, so they do not change the result). */
export class PageParams extends ContentFlags {
  @IsOptional() @IsIn(['document', 'markdown']) format?: 'document' | 'markdown';
  @IsOptional() @IsIn([...BOOL, 'deterministic-only']) evaluated?: string;
  @IsOptional() @IsIn([...BOOL, 'reusable-contents']) dereferenced?: string;
}

export class FilesParams extends PageQuery {
  @IsOptional() @IsIn(BOOL) metadata?: string;
  @IsOptional() @IsIn(BOOL) computed?: string;
}

const statusProblem = (v: unknown, field: string): string | null =>
  (Array.isArray(v) ? v : [v]).every((s) => (CHANGE_REQUEST_STATUSES as readonly unknown[]).includes(s))
    ? null
    : `${field}: must be one of ${CHANGE_REQUEST_STATUSES.join(', ')}`;

/** listChangeRequestsForOrganization parameters (and the space's, below). */
export class ListChangeRequestsParams extends PageQuery {
  /** One status, or several (repeated) for organization listings. */
  @IsOptional() @Satisfies('isStatus', statusProblem) status?: ChangeRequestStatus | ChangeRequestStatus[];
  @IsOptional() @IsString() creator?: string;
  @IsOptional() @IsString() contributor?: string;
  @IsOptional() @IsString() requestedReviewer?: string;
  @IsOptional() @IsString() conversationsIssuesCluster?: string;
  @IsOptional() @IsIn(['updatedAt', 'createdAt']) orderBy?: 'updatedAt' | 'createdAt';
  /** Organization listings: only this space. */
  @IsOptional() @IsString() space?: string;
}

/** listChangeRequestsForSpace: a single status. */
export class ListSpaceChangeRequestsParams extends ListChangeRequestsParams {
  // Replaces the inherited rule (class-validator keeps one custom rule list per property and class).
  @IsOptional()
  @Satisfies('isStatus', (v, f) => (Array.isArray(v) ? `${f}: must be a single status` : statusProblem(v, f)))
  declare status?: ChangeRequestStatus;
}

export function filtersOf(p: ListChangeRequestsParams): ChangeRequestFilters {
  const status = p.status === undefined ? ['open' as const] : Array.isArray(p.status) ? p.status : [p.status];
  return {
    status,
    orderBy: p.orderBy ?? 'updatedAt',
    ...(p.creator ? { creator: p.creator } : {}),
    ...(p.contributor ? { contributor: p.contributor } : {}),
    ...(p.requestedReviewer ? { requestedReviewer: p.requestedReviewer } : {}),
    ...(p.conversationsIssuesCluster ? { conversationsIssuesCluster: p.conversationsIssuesCluster } : {}),
    ...(p.space ? { space: p.space } : {}),
  };
}

export class ReviewsParams extends PageQuery {
  @IsOptional() @IsIn(['document', 'markdown']) format?: string;
  @IsOptional() @IsIn(BOOL) outdated?: string;
}

export class CompatParams {
  @IsOptional() @IsIn(BOOL) compat?: string;
}

export class PdfParams {
  @IsOptional() @IsIn(BOOL) only?: string;
  @IsOptional() @IsString() page?: string;
}

/** Express 5 gives wildcard parameters as arrays of segments. */
export const joinPath = (p: string | string[]) => (Array.isArray(p) ? p.join('/') : p);

/**
 * Extension of updateChangeRequest: `resolution=change-request` (or `main`) resolves conflicts
 * in favour of that side once the change request holds the resolved content.
 */
export class UpdateFromMainParams {
  @IsOptional() @IsIn(['change-request', 'main']) resolution?: 'change-request' | 'main';
}

export class LinksParams extends PageQuery {
  @IsOptional() @IsIn(['ok', 'broken', 'in-app']) status?: 'ok' | 'broken' | 'in-app';
}
