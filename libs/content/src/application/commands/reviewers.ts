import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BadRequest } from '@app/platform';
import { changeRequestDecider } from '../../domain/change-request.decider';
import { changeRequestStream } from '../../domain/change-request.events';
import { ContentAccess } from '../content-access';
import { ContentWriter } from '../content-writer';

/** Requests reviews from organization members who may review (role review or higher). */
export class RequestReviewersCommand extends Command<{ changeRequestId: string }> {
  constructor(
    readonly spaceId: string,
    readonly changeRequestRef: string,
    readonly actorId: string,
    readonly users: string[],
    readonly details: { subject?: string; description?: string },
  ) {
    super();
  }
}

@CommandHandler(RequestReviewersCommand)
export class RequestReviewersHandler implements ICommandHandler<RequestReviewersCommand> {
  constructor(
    private readonly w: ContentWriter,
    private readonly access: ContentAccess,
  ) {}

  async execute({ spaceId, changeRequestRef, actorId, users, details }: RequestReviewersCommand) {
    const space = await this.access.space(spaceId, actorId, 'edit');
    // Who may review is the organizations' and spaces' to say (their read models), so checked here.
    for (const [i, user] of users.entries()) {
      if (!(await this.access.memberRole(space.organizationId, user))) throw new BadRequest(`users[${i}]: ${user} is not a member of the space's organization`);
      const mayReview = await this.access.space(spaceId, user).then(
        (s) => s.permissions.review,
        () => false,
      );
      if (!mayReview) throw new BadRequest(`users[${i}]: ${user} cannot review in this space (needs the review permission: the review role or higher)`);
    }
    const changeRequestId = await this.w.changeRequestId(spaceId, changeRequestRef);
    await this.w.es.execute(
      changeRequestStream(changeRequestId),
      changeRequestDecider,
      {
        type: 'RequestReviewers',
        spaceId,
        changeRequestId,
        users,
        requestedBy: actorId,
        ...details,
      },
      { cache: this.w.folded },
    );
    return { changeRequestId };
  }
}

/** Removes a requested reviewer: whether one was removed (205) or there was none (204). */
export class RemoveReviewerCommand extends Command<{ removed: boolean }> {
  constructor(
    readonly spaceId: string,
    readonly changeRequestRef: string,
    readonly actorId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveReviewerCommand)
export class RemoveReviewerHandler implements ICommandHandler<RemoveReviewerCommand> {
  constructor(
    private readonly w: ContentWriter,
    private readonly access: ContentAccess,
  ) {}

  async execute({ spaceId, changeRequestRef, actorId, userId }: RemoveReviewerCommand) {
    await this.access.space(spaceId, actorId, 'edit');
    const changeRequestId = await this.w.changeRequestId(spaceId, changeRequestRef);
    const r = await this.w.es.execute(
      changeRequestStream(changeRequestId),
      changeRequestDecider,
      { type: 'RemoveReviewer', spaceId, changeRequestId, userId },
      { cache: this.w.folded },
    );
    return { removed: r.events.length > 0 };
  }
}
