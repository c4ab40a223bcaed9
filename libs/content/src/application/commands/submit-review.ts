import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { changeRequestDecider } from '../../domain/change-request.decider';
import { changeRequestStream, ReviewStatus } from '../../domain/change-request.events';
import { ContentAccess } from '../content-access';
import { ContentWriter } from '../content-writer';

/** A review (approve or request changes) on the change request's current revision. */
export class SubmitReviewCommand extends Command<{ changeRequestId: string; reviewId: string }> {
  constructor(
    readonly spaceId: string,
    readonly changeRequestRef: string,
    readonly actorId: string,
    readonly status: ReviewStatus,
  ) {
    super();
  }
}

@CommandHandler(SubmitReviewCommand)
export class SubmitReviewHandler implements ICommandHandler<SubmitReviewCommand> {
  constructor(
    private readonly w: ContentWriter,
    private readonly access: ContentAccess,
  ) {}

  async execute({ spaceId, changeRequestRef, actorId, status }: SubmitReviewCommand) {
    await this.access.space(spaceId, actorId, 'review');
    const changeRequestId = await this.w.changeRequestId(spaceId, changeRequestRef);
    const reviewId = this.w.ids.next();
    await this.w.es.execute(
      changeRequestStream(changeRequestId),
      changeRequestDecider,
      {
        type: 'SubmitReview',
        spaceId,
        changeRequestId,
        reviewId,
        reviewer: actorId,
        status,
      },
      { cache: this.w.folded },
    );
    return { changeRequestId, reviewId };
  }
}
