import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, PageQuery, paginate, Principal, ReadStore } from '@app/platform';
import { Actor } from '../../domain/comment-policy';
import { CommentNotFound, CommentReplyNotFound } from '../../domain/comment-rules';
import { CommentAccess, Place } from '../comment-access';
import { BodyFormat, CommentViews, ReplyView } from './comment.views';
import { COMMENT_REPLIES, CommentDoc, COMMENTS, ReplyDoc, scopeKey } from './comments.read-model';

/** The live comment of the place (404 otherwise) and the caller as an actor. */
async function commentOf(store: ReadStore, access: CommentAccess, caller: Principal, place: Place, commentId: string): Promise<{ actor: Actor }> {
  const { scope, actor } = await access.open(caller, place);
  const doc = await store.get<CommentDoc>(COMMENTS, commentId);
  if (!doc || doc.scope !== scopeKey(scope)) throw new CommentNotFound(commentId);
  return { actor };
}

export class GetReplyQuery extends Query<ReplyView> {
  constructor(
    readonly caller: Principal,
    readonly place: Place,
    readonly commentId: string,
    readonly replyId: string,
    readonly format: BodyFormat = 'markdown',
  ) {
    super();
  }
}

@QueryHandler(GetReplyQuery)
export class GetReplyHandler implements IQueryHandler<GetReplyQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: CommentAccess,
    private readonly views: CommentViews,
  ) {}
  async execute(q: GetReplyQuery): Promise<ReplyView> {
    const { actor } = await commentOf(this.store, this.access, q.caller, q.place, q.commentId);
    const doc = await this.store.get<ReplyDoc>(COMMENT_REPLIES, q.replyId);
    if (!doc || doc.commentId !== q.commentId) throw new CommentReplyNotFound(q.replyId);
    return (await this.views.replies([doc], actor, q.format))[0];
  }
}

/** A comment's replies, oldest first. */
export class ListRepliesQuery extends Query<ListResponse<ReplyView>> {
  constructor(
    readonly caller: Principal,
    readonly place: Place,
    readonly commentId: string,
    readonly page: PageQuery,
    readonly format: BodyFormat = 'markdown',
  ) {
    super();
  }
}

@QueryHandler(ListRepliesQuery)
export class ListRepliesHandler implements IQueryHandler<ListRepliesQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: CommentAccess,
    private readonly views: CommentViews,
  ) {}
  async execute(q: ListRepliesQuery): Promise<ListResponse<ReplyView>> {
    const { actor } = await commentOf(this.store, this.access, q.caller, q.place, q.commentId);
    const list = await paginate<ReplyDoc, ReplyDoc>(this.store, COMMENT_REPLIES, { commentId: q.commentId }, [['seq', 1]], q.page, (d) => d);
    return { ...list, items: await this.views.replies(list.items, actor, q.format) };
  }
}
