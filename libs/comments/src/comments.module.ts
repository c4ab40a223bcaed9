import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '@app/platform';
import { DeleteCommentHandler, PostCommentHandler, UpdateCommentHandler } from './application/commands/comment.commands';
import { DeleteReplyHandler, PostReplyHandler, UpdateReplyHandler } from './application/commands/reply.commands';
import { CommentAccess } from './application/comment-access';
import { GetCommentHandler, ListCommentsHandler } from './application/queries/comment.queries';
import { CommentViews } from './application/queries/comment.views';
import { ListCommentersHandler } from './application/queries/commenters.queries';
import { commentsProjection } from './application/queries/comments.projection';
import { CountOpenCommentsHandler, CountOpenSpaceCommentsHandler } from './application/queries/count-open-comments.query';
import { GetReplyHandler, ListRepliesHandler } from './application/queries/reply.queries';
import { ChangeRequestCommentsController, SpaceCommentsController } from './http/comments.controller';

const COMMAND_HANDLERS = [PostCommentHandler, UpdateCommentHandler, DeleteCommentHandler, PostReplyHandler, UpdateReplyHandler, DeleteReplyHandler];
const QUERY_HANDLERS = [
  GetCommentHandler,
  ListCommentsHandler,
  GetReplyHandler,
  ListRepliesHandler,
  ListCommentersHandler,
  CountOpenCommentsHandler,
  CountOpenSpaceCommentsHandler,
];

/** Comments and discussions: comment threads on spaces and change requests, replies, reactions, resolution. */
@Module({
  controllers: [SpaceCommentsController, ChangeRequestCommentsController],
  providers: [CommentAccess, CommentViews, ...COMMAND_HANDLERS, ...QUERY_HANDLERS],
})
export class CommentsModule implements OnModuleInit {
  constructor(private readonly engine: ProjectionEngine) {}

  onModuleInit(): void {
    this.engine.registerProjection(commentsProjection);
  }
}
