import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PreconditionFailed } from '@app/platform';
import { assertMergeable, changeRequest, decideMerged } from '../../domain/change-request';
import { changeRequestStream, spaceContentStream } from '../../domain/change-request.events';
import { assertMergeRules, mergeRuleUsers } from '../../domain/merge-rules';
import { decideMergeIntoMain, spaceContent } from '../../domain/space-content';
import { ContentAccess } from '../content-access';
import { ContentWriter } from '../content-writer';
import { threeWay } from './three-way';

/**
 * Merges a change request into main. Refused with 412 when the space is locked or the merge
 * rules are not met. An outdated change request is merged with a three-way merge against
 * main's head (like updating it first); conflicts answer 409 and change nothing.
 *
 * The commit point is the space's content stream (expected revision: concurrent merges
 * serialize there); the change request's ChangeRequestMerged follows, here and — should this
 * process die in between — from the merge-completion saga, idempotently.
 */
export class MergeChangeRequestCommand extends Command<{ changeRequestId: string; revision: string }> {
  constructor(readonly spaceId: string, readonly changeRequestRef: string, readonly actorId: string) { super(); }
}

@CommandHandler(MergeChangeRequestCommand)
export class MergeChangeRequestHandler implements ICommandHandler<MergeChangeRequestCommand> {
  constructor(private readonly w: ContentWriter, private readonly access: ContentAccess) {}

  async execute(cmd: MergeChangeRequestCommand) {
    const space = await this.access.space(cmd.spaceId, cmd.actorId, 'merge');
    if (space.editMode === 'locked') throw new PreconditionFailed(`Space ${cmd.spaceId} is locked (editMode locked): main content cannot change until it is unlocked`);
    const rules = await this.access.mergeRules(space);
    return this.w.retrying('Merge', async () => {
      const { id, state } = await this.w.changeRequest(cmd.spaceId, cmd.changeRequestRef);
      assertMergeable(state, id);
      const main = await this.w.mainHead(cmd.spaceId, space.initialRevision);
      const outdated = state.base.revision !== main.revision;
      const users = await this.access.users(mergeRuleUsers(rules, state));
      assertMergeRules(rules, state, { actor: cmd.actorId, outdated, name: (u) => users.get(u)?.displayName || u }, id);
      const root = outdated ? await threeWay(this.w.revisions, state.base, state.head, main, `Merging change request ${id}`) : state.head.root;
      const revision = this.w.ids.next();
      const now = this.w.clock.now().toISOString();
      await this.w.es.handle(spaceContentStream(cmd.spaceId), spaceContent, (s) =>
        decideMergeIntoMain(s.head ? s : { ...s, head: main }, main.revision, {
          spaceId: cmd.spaceId, changeRequestId: id, revision, root, parents: [main.revision, state.head.revision], mergedBy: cmd.actorId, createdAt: now,
        }),
      );
      await this.w.es.handle(changeRequestStream(id), changeRequest, (s) => decideMerged(s, { spaceId: cmd.spaceId, changeRequestId: id }, revision, cmd.actorId, now), {
        idempotencyKey: `merged-${id}-${revision}`,
      });
      return { changeRequestId: id, revision };
    });
  }
}

/** Sent by the merge-completion saga for every SpaceContentMerged (a no-op when already recorded). */
export class RecordChangeRequestMergedCommand extends Command<void> {
  constructor(readonly spaceId: string, readonly changeRequestId: string, readonly revision: string, readonly mergedBy: string, readonly mergedAt: string) { super(); }
}

@CommandHandler(RecordChangeRequestMergedCommand)
export class RecordChangeRequestMergedHandler implements ICommandHandler<RecordChangeRequestMergedCommand> {
  constructor(private readonly w: ContentWriter) {}

  async execute(cmd: RecordChangeRequestMergedCommand): Promise<void> {
    await this.w.es.handle(changeRequestStream(cmd.changeRequestId), changeRequest, (s) =>
      decideMerged(s, { spaceId: cmd.spaceId, changeRequestId: cmd.changeRequestId }, cmd.revision, cmd.mergedBy, cmd.mergedAt), {
      idempotencyKey: `merged-${cmd.changeRequestId}-${cmd.revision}`,
    });
  }
}
