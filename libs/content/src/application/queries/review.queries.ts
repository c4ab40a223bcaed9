import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, ListResponse, NotFound, PageQuery, paginate, ReadStore, Urls } from '@app/platform';
import type { UserView } from '@app/identity';
import { ContentAccess } from '../content-access';
import { ChangeRequestViews } from './change-request-views';
import { userOrPlaceholder } from './change-request.view';
import { REVIEWERS, ReviewerDoc, ReviewDoc, REVIEWS } from './change-requests.projection';

const reviewView = (r: ReviewDoc, spaceId: string, users: Map<string, UserView>, urls: Urls) => ({
  object: 'change-request-review' as const,
  id: r.id,
  revision: r.revision,
  reviewer: userOrPlaceholder(users, r.reviewer, urls),
  ...(r.requestedBy ? { requestedBy: userOrPlaceholder(users, r.requestedBy, urls) } : {}),
  status: r.status,
  outdated: r.outdated,
  createdAt: r.createdAt,
  updatedAt: r.createdAt,
  urls: { location: urls.api(`/spaces/${spaceId}/change-requests/${r.changeRequestId}/reviews/${r.id}`) },
});

const reviewerView = (r: ReviewerDoc, users: Map<string, UserView>, urls: Urls) => ({
  object: 'change-request-requested-reviewer' as const,
  revision: r.revision,
  requestedBy: userOrPlaceholder(users, r.requestedBy, urls),
  createdAt: r.createdAt,
  kind: 'user' as const,
  user: userOrPlaceholder(users, r.userId, urls),
});

/** Reviews (oldest first), requested reviewers (in request order), one review, or contributors. */
export class ListChangeRequestPeopleQuery extends Query<ListResponse<unknown>> {
  constructor(
    readonly what: 'reviews' | 'reviewers' | 'contributors',
    readonly spaceId: string,
    readonly changeRequestRef: string,
    readonly userId: string,
    readonly page: PageQuery,
    readonly outdated?: boolean,
  ) {
    super();
  }
}

@QueryHandler(ListChangeRequestPeopleQuery)
export class ListChangeRequestPeopleHandler implements IQueryHandler<ListChangeRequestPeopleQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ContentAccess,
    private readonly views: ChangeRequestViews,
    private readonly urls: Urls,
  ) {}

  async execute(q: ListChangeRequestPeopleQuery): Promise<ListResponse<unknown>> {
    await this.access.space(q.spaceId, q.userId);
    const cr = await this.views.find(q.spaceId, q.changeRequestRef);
    if (q.what === 'contributors') {
      const users = await this.access.users(cr.contributors.map((c) => c.userId));
      const items = cr.contributors.map((c) => ({
        user: userOrPlaceholder(users, c.userId, this.urls),
        count: c.count,
        updatedAt: c.updatedAt,
        actionType: 'edit' as const,
      }));
      return { items, count: items.length };
    }
    const filter: Filter = { changeRequestId: cr.id, ...(q.what === 'reviews' && q.outdated !== undefined ? { outdated: q.outdated } : {}) };
    if (q.what === 'reviews') {
      return paginate<ReviewDoc, unknown>(this.store, REVIEWS, filter, [['seq', 1]], q.page, async (r) =>
        reviewView(r, q.spaceId, await this.access.users([r.reviewer, ...(r.requestedBy ? [r.requestedBy] : [])]), this.urls),
      );
    }
    return paginate<ReviewerDoc, unknown>(this.store, REVIEWERS, filter, [['seq', 1]], q.page, async (r) =>
      reviewerView(r, await this.access.users([r.userId, r.requestedBy]), this.urls),
    );
  }
}

export class GetReviewQuery extends Query<ReturnType<typeof reviewView>> {
  constructor(
    readonly spaceId: string,
    readonly changeRequestRef: string,
    readonly reviewId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetReviewQuery)
export class GetReviewHandler implements IQueryHandler<GetReviewQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ContentAccess,
    private readonly views: ChangeRequestViews,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetReviewQuery) {
    await this.access.space(q.spaceId, q.userId);
    const cr = await this.views.find(q.spaceId, q.changeRequestRef);
    const r = await this.store.get<ReviewDoc>(REVIEWS, q.reviewId);
    if (!r || r.changeRequestId !== cr.id) throw new NotFound(`No review ${q.reviewId} on change request ${q.changeRequestRef}`);
    return reviewView(r, q.spaceId, await this.access.users([r.reviewer, ...(r.requestedBy ? [r.requestedBy] : [])]), this.urls);
  }
}

/** The requested reviewers of a change request (after a request), rendered. */
export class GetRequestedReviewersQuery extends Query<Array<ReturnType<typeof reviewerView>>> {
  constructor(
    readonly changeRequestId: string,
    readonly users: string[],
  ) {
    super();
  }
}

@QueryHandler(GetRequestedReviewersQuery)
export class GetRequestedReviewersHandler implements IQueryHandler<GetRequestedReviewersQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ContentAccess,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetRequestedReviewersQuery) {
    const docs = await this.store.find<ReviewerDoc>(REVIEWERS, { id: { $in: q.users.map((u) => `${q.changeRequestId}:${u}`) } }, { sort: [['seq', 1]] });
    const users = await this.access.users(docs.flatMap((d) => [d.userId, d.requestedBy]));
    return docs.map((d) => reviewerView(d, users, this.urls));
  }
}
