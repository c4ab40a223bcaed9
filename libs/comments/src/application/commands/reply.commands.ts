import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, Principal } from '@app/platform';
import { commentThread } from '../../domain/comment-thread';
import { commentStream } from '../../domain/comment-thread.events';
import { CommentAccess, Place } from '../comment-access';
import { CommentChanges } from './comment.commands';

/** A reply's update: its body and reactions (replies are not resolved). */
export type ReplyChanges = Omit<CommentChanges, 'resolved'>;

export class PostReplyCommand extends Command<{ replyId: string; changeRequestId: string | null }> {
  constructor(
    readonly caller: Principal,
    readonly place: Place,
    readonly commentId: string,
    readonly markdown: string,
  ) {
    super();
  }
}

@CommandHandler(PostReplyCommand)
export class PostReplyHandler implements ICommandHandler<PostReplyCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: CommentAccess,
  ) {}
  async execute({ caller, place, commentId, markdown }: PostReplyCommand) {
    const { scope, actor } = await this.access.open(caller, place);
    const replyId = this.ids.next();
    await this.es.execute(commentStream(commentId), commentThread, { type: 'PostReply', commentId, replyId, scope, actor, markdown });
    return { replyId, changeRequestId: scope.changeRequestId };
  }
}

export class UpdateReplyCommand extends Command<{ changeRequestId: string | null }> {
  constructor(
    readonly caller: Principal,
    readonly place: Place,
    readonly commentId: string,
    readonly replyId: string,
    readonly changes: ReplyChanges,
  ) {
    super();
  }
}

@CommandHandler(UpdateReplyCommand)
export class UpdateReplyHandler implements ICommandHandler<UpdateReplyCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: CommentAccess,
  ) {}
  async execute({ caller, place, commentId, replyId, changes }: UpdateReplyCommand) {
    const { scope, actor } = await this.access.open(caller, place);
    await this.es.execute(commentStream(commentId), commentThread, { type: 'UpdateReply', commentId, replyId, scope, actor, ...changes });
    return { changeRequestId: scope.changeRequestId };
  }
}

/** `deleted: false` when there was no such reply in this comment (204). */
export class DeleteReplyCommand extends Command<{ deleted: boolean }> {
  constructor(
    readonly caller: Principal,
    readonly place: Place,
    readonly commentId: string,
    readonly replyId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteReplyCommand)
export class DeleteReplyHandler implements ICommandHandler<DeleteReplyCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: CommentAccess,
  ) {}
  async execute({ caller, place, commentId, replyId }: DeleteReplyCommand) {
    const { scope, actor } = await this.access.open(caller, place);
    const r = await this.es.execute(commentStream(commentId), commentThread, { type: 'DeleteReply', commentId, replyId, scope, actor });
    return { deleted: r.events.length > 0 };
  }
}
