import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { changeRequest, decideSubmitReview } from '../../domain/change-request';
import { changeRequestStream, ReviewStatus } from '../../domain/change-request.events';
import { ContentAccess } from '../content-access';
import { ContentWriter } from '../content-writer';

/** A review (approve or request changes) on the change request's current revision. */
export class SubmitReviewCommand extends Command<{ changeRequestId: string; reviewId: string }> {
  constructor(readonly spaceId: string, readonly changeRequestRef: string, readonly actorId: string, readonly status: ReviewStatus) { super(); }
}

@CommandHandler(SubmitReviewCommand)
export class SubmitReviewHandler implements ICommandHandler<SubmitReviewCommand> {
  constructor(private readonly w: ContentWriter, private readonly access: ContentAccess) {}

  async execute(cmd: SubmitReviewCommand) {
    await this.access.space(cmd.spaceId, cmd.actorId, 'review');
    const { id } = await this.w.changeRequest(cmd.spaceId, cmd.changeRequestRef);
    const reviewId = this.w.ids.next();
    await this.w.es.handle(changeRequestStream(id), changeRequest, (s, now) =>
      decideSubmitReview(s, { spaceId: cmd.spaceId, changeRequestId: id }, { reviewId, reviewer: cmd.actorId, status: cmd.status, requestedBy: s.requested[cmd.actorId] ?? null }, now.toISOString()),
    );
    return { changeRequestId: id, reviewId };
  }
}
