import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, ListResponse, NotFound, PageQuery, ReadStore } from '@app/platform';
import { ChangeRequestStatus } from '../../domain/change-request.events';
import { ContentAccess } from '../content-access';
import { ChangeRequestViews } from './change-request-views';
import { ChangeRequestView } from './change-request.view';
import {
  CHANGE_REQUEST_VERSIONS,
  CHANGE_REQUESTS,
  ChangeRequestDoc,
  changeRequestsProjection,
  ChangeRequestVersionDoc,
  userNeedle,
} from './change-requests.projection';
import { paginateSnapshot } from './snapshot-paging';

export class GetChangeRequestQuery extends Query<ChangeRequestView> {
  constructor(
    readonly spaceId: string,
    readonly changeRequestRef: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetChangeRequestQuery)
export class GetChangeRequestHandler implements IQueryHandler<GetChangeRequestQuery> {
  constructor(
    private readonly access: ContentAccess,
    private readonly views: ChangeRequestViews,
  ) {}
  async execute(q: GetChangeRequestQuery) {
    await this.access.space(q.spaceId, q.userId);
    return this.views.one(await this.views.find(q.spaceId, q.changeRequestRef));
  }
}

export interface ChangeRequestFilters {
  status: ChangeRequestStatus[];
  creator?: string;
  contributor?: string;
  requestedReviewer?: string;
  conversationsIssuesCluster?: string;
  /** Organization listings only: one space. */
  space?: string;
  orderBy: 'updatedAt' | 'createdAt';
}

/** Change requests of one space, or of every space of an organization the caller may see. */
export class ListChangeRequestsQuery extends Query<ListResponse<ChangeRequestView>> {
  constructor(
    readonly scope: { spaceId: string } | { organizationId: string },
    readonly userId: string,
    readonly filters: ChangeRequestFilters,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListChangeRequestsQuery)
export class ListChangeRequestsHandler implements IQueryHandler<ListChangeRequestsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ContentAccess,
    private readonly views: ChangeRequestViews,
  ) {}

  async execute(q: ListChangeRequestsQuery) {
    const f = q.filters;
    const filter: Filter = { status: { $in: f.status }, spaceActive: true };
    if ('spaceId' in q.scope) {
      await this.access.space(q.scope.spaceId, q.userId);
      filter.spaceId = q.scope.spaceId;
    } else {
      if (!(await this.access.memberRole(q.scope.organizationId, q.userId))) throw new NotFound(`No organization with id ${q.scope.organizationId}`);
      filter.organizationId = q.scope.organizationId;
      filter.spaceId = { $in: await this.visibleSpaces(q.scope.organizationId, q.userId, f.space) };
    }
    if (f.creator) filter.createdBy = f.creator;
    if (f.contributor) filter.contributorsKey = { $contains: userNeedle(f.contributor) };
    if (f.requestedReviewer) filter.reviewersKey = { $contains: userNeedle(f.requestedReviewer) };
    if (f.conversationsIssuesCluster) filter.conversationsIssuesCluster = f.conversationsIssuesCluster;
    return paginateSnapshot<ChangeRequestVersionDoc, ChangeRequestView>(
      this.store,
      changeRequestsProjection.name,
      CHANGE_REQUEST_VERSIONS,
      filter,
      [[f.orderBy, -1]],
      q.page,
      (rows) => this.views.render(rows.map((r) => ({ ...r, id: r.changeRequestId }))),
      { scope: q.scope, filters: f },
    );
  }

  /** Spaces of the organization that have change requests and that the caller may see. */
  private async visibleSpaces(organizationId: string, userId: string, only?: string): Promise<string[]> {
    const spaces = only ? [only] : [...new Set((await this.store.find<ChangeRequestDoc>(CHANGE_REQUESTS, { organizationId })).map((c) => c.spaceId))];
    const visible: string[] = [];
    for (const s of spaces) if (await this.access.canView(s, userId)) visible.push(s);
    return visible;
  }
}
