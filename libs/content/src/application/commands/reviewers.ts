import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BadRequest } from '@app/platform';
import { changeRequest, decidePatch, decideRemoveReviewer, decideRequestReviewers } from '../../domain/change-request';
import { ChangeRequestEvent, changeRequestStream } from '../../domain/change-request.events';
import { ContentAccess } from '../content-access';
import { ContentWriter } from '../content-writer';

/** Requests reviews from organization members who may review (role review or higher). */
export class RequestReviewersCommand extends Command<{ changeRequestId: string }> {
  constructor(
    readonly spaceId: string, readonly changeRequestRef: string, readonly actorId: string, readonly users: string[],
    readonly details: { subject?: string; description?: string },
  ) { super(); }
}

@CommandHandler(RequestReviewersCommand)
export class RequestReviewersHandler implements ICommandHandler<RequestReviewersCommand> {
  constructor(private readonly w: ContentWriter, private readonly access: ContentAccess) {}

  async execute(cmd: RequestReviewersCommand) {
    const space = await this.access.space(cmd.spaceId, cmd.actorId, 'edit');
    for (const [i, user] of cmd.users.entries()) {
      const role = await this.access.memberRole(space.organizationId, user);
      if (!role) throw new BadRequest(`users[${i}]: ${user} is not a member of the space's organization`);
      const mayReview = await this.access.space(cmd.spaceId, user).then((s) => s.permissions.review, () => false);
      if (!mayReview) throw new BadRequest(`users[${i}]: ${user} cannot review in this space (needs the review permission: the review role or higher)`);
    }
    const { id } = await this.w.changeRequest(cmd.spaceId, cmd.changeRequestRef);
    const ids = { spaceId: cmd.spaceId, changeRequestId: id };
    await this.w.es.handle(changeRequestStream(id), changeRequest, (s, now): ChangeRequestEvent[] => [
      ...decidePatch(s, ids, cmd.details, now.toISOString()),
      ...decideRequestReviewers(s, ids, [...new Set(cmd.users)], cmd.actorId, now.toISOString()),
    ]);
    return { changeRequestId: id };
  }
}

/** Removes a requested reviewer: whether one was removed (205) or there was none (204). */
export class RemoveReviewerCommand extends Command<{ removed: boolean }> {
  constructor(readonly spaceId: string, readonly changeRequestRef: string, readonly actorId: string, readonly userId: string) { super(); }
}

@CommandHandler(RemoveReviewerCommand)
export class RemoveReviewerHandler implements ICommandHandler<RemoveReviewerCommand> {
  constructor(private readonly w: ContentWriter, private readonly access: ContentAccess) {}

  async execute(cmd: RemoveReviewerCommand) {
    await this.access.space(cmd.spaceId, cmd.actorId, 'edit');
    const { id } = await this.w.changeRequest(cmd.spaceId, cmd.changeRequestRef);
    const r = await this.w.es.handle(changeRequestStream(id), changeRequest, (s, now) =>
      decideRemoveReviewer(s, { spaceId: cmd.spaceId, changeRequestId: id }, cmd.userId, now.toISOString()),
    );
    return { removed: r.events.length > 0 };
  }
}
