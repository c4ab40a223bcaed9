import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, Principal } from '@app/platform';
import type { CommentTargetInput } from '@app/content';
import { mayPost } from '../../domain/comment-policy';
import { CommentRefused } from '../../domain/comment-rules';
import { commentThread } from '../../domain/comment-thread';
import { commentStream } from '../../domain/comment-thread.events';
import { CommentAccess, Place } from '../comment-access';

/** A body edit, a resolution and reactions, each optional (reference UpdateCommentSchema). */
export interface CommentChanges {
  markdown?: string;
  resolved?: boolean;
  addedReactions?: string[];
  removedReactions?: string[];
}

export class PostCommentCommand extends Command<{ commentId: string; changeRequestId: string | null }> {
  constructor(
    readonly caller: Principal,
    readonly place: Place,
    readonly target: CommentTargetInput,
    readonly markdown: string,
  ) {
    super();
  }
}

@CommandHandler(PostCommentCommand)
export class PostCommentHandler implements ICommandHandler<PostCommentCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: CommentAccess,
  ) {}
  async execute({ caller, place, target, markdown }: PostCommentCommand) {
    const space = await this.access.space(caller, place.spaceId);
    // Refused before the target is looked up: a reader learns nothing about pages from a 400.
    if (!mayPost(space.actor)) throw new CommentRefused('Posting a comment needs the comment role or higher on the space');
    const { scope, revision } = await this.access.locate(caller, place, target);
    const commentId = this.ids.next();
    await this.es.execute(commentStream(commentId), commentThread, {
      type: 'PostComment',
      commentId,
      scope,
      actor: space.actor,
      organizationId: space.organizationId,
      target: { revision: revision!, ...target },
      markdown,
    });
    return { commentId, changeRequestId: scope.changeRequestId };
  }
}

export class UpdateCommentCommand extends Command<{ changeRequestId: string | null }> {
  constructor(
    readonly caller: Principal,
    readonly place: Place,
    readonly commentId: string,
    readonly changes: CommentChanges,
  ) {
    super();
  }
}

@CommandHandler(UpdateCommentCommand)
export class UpdateCommentHandler implements ICommandHandler<UpdateCommentCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: CommentAccess,
  ) {}
  async execute({ caller, place, commentId, changes }: UpdateCommentCommand) {
    const { scope, actor } = await this.access.open(caller, place);
    await this.es.execute(commentStream(commentId), commentThread, { type: 'UpdateComment', commentId, scope, actor, ...changes });
    return { changeRequestId: scope.changeRequestId };
  }
}

/** `deleted: false` when there was no such comment here (204). Its replies go with it. */
export class DeleteCommentCommand extends Command<{ deleted: boolean }> {
  constructor(
    readonly caller: Principal,
    readonly place: Place,
    readonly commentId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: CommentAccess,
  ) {}
  async execute({ caller, place, commentId }: DeleteCommentCommand) {
    const { scope, actor } = await this.access.open(caller, place);
    const r = await this.es.execute(commentStream(commentId), commentThread, { type: 'DeleteComment', commentId, scope, actor });
    return { deleted: r.events.length > 0 };
  }
}
