import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, PageQuery, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { DeleteCommentCommand, PostCommentCommand, UpdateCommentCommand } from '../application/commands/comment.commands';
import { DeleteReplyCommand, PostReplyCommand, UpdateReplyCommand } from '../application/commands/reply.commands';
import { Place } from '../application/comment-access';
import { GetCommentQuery, ListCommentsQuery } from '../application/queries/comment.queries';
import { ListCommentersQuery } from '../application/queries/commenters.queries';
import { GetReplyQuery, ListRepliesQuery } from '../application/queries/reply.queries';
import { commentStream } from '../domain/comment-thread.events';
import { FormatParams, ListCommentsParams, ListRepliesParams, PostCommentBody, PostReplyBody, UpdateCommentBody, UpdateReplyBody } from './comment.bodies';

type Params = Record<string, string>;
/** The path's place: a space, or (under /change-requests/{changeRequestId}) one of its change requests by id or number. */
const placeOf = (p: Params): Place => ({ spaceId: p.spaceId, changeRequest: p.changeRequestId ?? null });
/** A write answers the change request by id, whatever the path named it by. */
const settled = (p: Params, changeRequestId: string | null): Place => ({ spaceId: p.spaceId, changeRequest: changeRequestId });
const thread = (p: Params) => commentStream(p.commentId);

/**
 * The comment routes, the same under a space (reference tag space-comments) and under a change
 * request (change-request-comments): the two controllers below only give them their prefix.
 */
abstract class CommentRoutes {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get('comments')
  list(@Caller() caller: Principal, @Param() p: Params, @Query() q: ListCommentsParams) {
    return this.queries.execute(new ListCommentsQuery(caller, placeOf(p), q.filters(), q, q.format));
  }

  @Post('comments')
  @HttpCode(200)
  async post(@Caller() caller: Principal, @Param() p: Params, @Body() body: PostCommentBody) {
    const { commentId, changeRequestId } = await this.commands.execute(new PostCommentCommand(caller, placeOf(p), body.target(), body.body.markdown));
    await this.engine.settle();
    return this.queries.execute(new GetCommentQuery(caller, settled(p, changeRequestId), commentId));
  }

  @Get('comments/:commentId')
  @ResourceStream(thread)
  get(@Caller() caller: Principal, @Param() p: Params, @Query() q: FormatParams) {
    return this.queries.execute(new GetCommentQuery(caller, placeOf(p), p.commentId, q.format));
  }

  @Put('comments/:commentId')
  async update(@Caller() caller: Principal, @Param() p: Params, @Body() body: UpdateCommentBody) {
    const { changeRequestId } = await this.commands.execute(new UpdateCommentCommand(caller, placeOf(p), p.commentId, body.changes()));
    await this.engine.settle();
    return this.queries.execute(new GetCommentQuery(caller, settled(p, changeRequestId), p.commentId));
  }

  @Delete('comments/:commentId')
  async remove(@Caller() caller: Principal, @Param() p: Params, @Res({ passthrough: true }) res: Response): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteCommentCommand(caller, placeOf(p), p.commentId));
    res.status(deleted ? 205 : 204);
  }

  @Get('comments/:commentId/replies')
  listReplies(@Caller() caller: Principal, @Param() p: Params, @Query() q: ListRepliesParams) {
    return this.queries.execute(new ListRepliesQuery(caller, placeOf(p), p.commentId, q, q.format));
  }

  @Post('comments/:commentId/replies')
  @HttpCode(200)
  async reply(@Caller() caller: Principal, @Param() p: Params, @Body() body: PostReplyBody, @Query() q: FormatParams) {
    const { replyId, changeRequestId } = await this.commands.execute(new PostReplyCommand(caller, placeOf(p), p.commentId, body.body.markdown));
    await this.engine.settle();
    return this.queries.execute(new GetReplyQuery(caller, settled(p, changeRequestId), p.commentId, replyId, q.format));
  }

  @Get('comments/:commentId/replies/:commentReplyId')
  @ResourceStream(thread)
  getReply(@Caller() caller: Principal, @Param() p: Params, @Query() q: FormatParams) {
    return this.queries.execute(new GetReplyQuery(caller, placeOf(p), p.commentId, p.commentReplyId, q.format));
  }

  @Put('comments/:commentId/replies/:commentReplyId')
  async updateReply(@Caller() caller: Principal, @Param() p: Params, @Body() body: UpdateReplyBody) {
    const { changeRequestId } = await this.commands.execute(new UpdateReplyCommand(caller, placeOf(p), p.commentId, p.commentReplyId, body.changes()));
    await this.engine.settle();
    return this.queries.execute(new GetReplyQuery(caller, settled(p, changeRequestId), p.commentId, p.commentReplyId));
  }

  @Delete('comments/:commentId/replies/:commentReplyId')
  async removeReply(@Caller() caller: Principal, @Param() p: Params, @Res({ passthrough: true }) res: Response): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteReplyCommand(caller, placeOf(p), p.commentId, p.commentReplyId));
    res.status(deleted ? 205 : 204);
  }

  @Get('commenters')
  commenters(@Caller() caller: Principal, @Param() p: Params, @Query() q: PageQuery) {
    return this.queries.execute(new ListCommentersQuery(caller, placeOf(p), q));
  }
}

/** listCommentsInSpace … listCommentersInSpace: a space's own discussion. */
@Controller('spaces/:spaceId')
export class SpaceCommentsController extends CommentRoutes {
  constructor(commands: CommandBus, queries: QueryBus, engine: ProjectionEngine) {
    super(commands, queries, engine);
  }
}

/** listCommentsInChangeRequest … listCommentersInChangeRequest: one change request's discussion. */
@Controller('spaces/:spaceId/change-requests/:changeRequestId')
export class ChangeRequestCommentsController extends CommentRoutes {
  constructor(commands: CommandBus, queries: QueryBus, engine: ProjectionEngine) {
    super(commands, queries, engine);
  }
}
