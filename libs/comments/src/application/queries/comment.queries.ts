import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, ListResponse, PageQuery, paginate, Principal, ReadStore } from '@app/platform';
import { CommentNotFound } from '../../domain/comment-rules';
import { CommentAccess, Place } from '../comment-access';
import { BodyFormat, CommentView, CommentViews } from './comment.views';
import { CommentDoc, COMMENTS, scopeKey } from './comments.read-model';

/** The reference list parameters of listCommentsIn…: order (default desc), status (default all), targetPage, authors. */
export interface CommentFilters {
  order: 'asc' | 'desc';
  status: 'all' | 'open' | 'resolved';
  targetPage?: string;
  authors?: string[];
}

export class GetCommentQuery extends Query<CommentView> {
  constructor(
    readonly caller: Principal,
    readonly place: Place,
    readonly commentId: string,
    readonly format: BodyFormat = 'markdown',
  ) {
    super();
  }
}

@QueryHandler(GetCommentQuery)
export class GetCommentHandler implements IQueryHandler<GetCommentQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: CommentAccess,
    private readonly views: CommentViews,
  ) {}
  async execute(q: GetCommentQuery): Promise<CommentView> {
    const { scope, actor } = await this.access.open(q.caller, q.place);
    const doc = await this.store.get<CommentDoc>(COMMENTS, q.commentId);
    // A comment is found only where it was posted (a space's own, or its change request's).
    if (!doc || doc.scope !== scopeKey(scope)) throw new CommentNotFound(q.commentId);
    return (await this.views.comments([doc], actor, q.format))[0];
  }
}

export class ListCommentsQuery extends Query<ListResponse<CommentView>> {
  constructor(
    readonly caller: Principal,
    readonly place: Place,
    readonly filters: CommentFilters,
    readonly page: PageQuery,
    readonly format: BodyFormat = 'markdown',
  ) {
    super();
  }
}

@QueryHandler(ListCommentsQuery)
export class ListCommentsHandler implements IQueryHandler<ListCommentsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: CommentAccess,
    private readonly views: CommentViews,
  ) {}
  async execute({ caller, place, filters, page, format }: ListCommentsQuery): Promise<ListResponse<CommentView>> {
    const { scope, actor } = await this.access.open(caller, place);
    const filter: Filter = { scope: scopeKey(scope) };
    if (filters.status !== 'all') filter.status = filters.status;
    if (filters.targetPage !== undefined) filter.pageId = filters.targetPage;
    if (filters.authors?.length) filter.postedBy = { $in: [...new Set(filters.authors)] };
    // Posting order is the event position: immutable, so paging never skips or repeats.
    const list = await paginate<CommentDoc, CommentDoc>(this.store, COMMENTS, filter, [['seq', filters.order === 'asc' ? 1 : -1]], page, (d) => d);
    return { ...list, items: await this.views.comments(list.items, actor, format) };
  }
}
