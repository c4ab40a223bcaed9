import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { behindMain } from '../../domain/change-request';
import { changeRequestDecider } from '../../domain/change-request.decider';
import { changeRequestStream, SpaceContentEvent, spaceContentStream } from '../../domain/change-request.events';
import { mergeRuleUsers } from '../../domain/merge-rules';
import { mainOf } from '../../domain/space-content';
import { assertMayMerge, MergeCheck, spaceContentDecider } from '../../domain/space-content.decider';
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
  constructor(
    readonly spaceId: string,
    readonly changeRequestRef: string,
    readonly actorId: string,
  ) {
    super();
  }
}

type Merged = Extract<SpaceContentEvent, { type: 'SpaceContentMerged' }>;

@CommandHandler(MergeChangeRequestCommand)
export class MergeChangeRequestHandler implements ICommandHandler<MergeChangeRequestCommand> {
  constructor(
    private readonly w: ContentWriter,
    private readonly access: ContentAccess,
  ) {}

  async execute({ spaceId, changeRequestRef, actorId }: MergeChangeRequestCommand) {
    const space = await this.access.space(spaceId, actorId, 'merge');
    const rules = await this.access.mergeRules(space);
    const changeRequestId = await this.w.changeRequestId(spaceId, changeRequestRef);
    const initial = await this.w.initial(space.initialRevision);
    const r = await this.w.es.execute(
      spaceContentStream(spaceId),
      spaceContentDecider,
      async (s) => {
        const changeRequest = await this.w.changeRequestState(changeRequestId);
        const names = await this.access.displayNames(mergeRuleUsers(rules, changeRequest));
        const check: MergeCheck = { spaceId, changeRequestId, locked: space.editMode === 'locked', changeRequest, rules, names, mergedBy: actorId };
        const main = mainOf(s, initial);
        assertMayMerge(check, main); // 412 before merging anything
        const root = behindMain(changeRequest, main)
          ? await threeWay(this.w.revisions, changeRequest.base, changeRequest.head, main, `Merging change request ${changeRequestId}`)
          : changeRequest.head.root;
        return { type: 'MergeChangeRequest' as const, ...check, initial, against: main.revision, revision: this.w.ids.next(), root };
      },
      { cache: this.w.folded },
    );
    const { revision, createdAt } = (r.events.find((e): e is Merged => e.type === 'SpaceContentMerged') as Merged).data;
    await recordMerged(this.w, { spaceId, changeRequestId, revision, mergedBy: actorId, mergedAt: createdAt });
    return { changeRequestId, revision };
  }
}

/** Sent by the merge-completion saga for every SpaceContentMerged (a no-op when already recorded). */
export class RecordChangeRequestMergedCommand extends Command<void> {
  constructor(
    readonly spaceId: string,
    readonly changeRequestId: string,
    readonly revision: string,
    readonly mergedBy: string,
    readonly mergedAt: string,
  ) {
    super();
  }
}

@CommandHandler(RecordChangeRequestMergedCommand)
export class RecordChangeRequestMergedHandler implements ICommandHandler<RecordChangeRequestMergedCommand> {
  constructor(private readonly w: ContentWriter) {}

  async execute({ spaceId, changeRequestId, revision, mergedBy, mergedAt }: RecordChangeRequestMergedCommand): Promise<void> {
    await recordMerged(this.w, { spaceId, changeRequestId, revision, mergedBy, mergedAt });
  }
}

/**
 * The change-request side of a merge, keyed by the merged revision: the merge itself and the
 * completion saga (after a crash between the two streams) record it alike, and only once.
 */
function recordMerged(
  w: ContentWriter,
  m: { spaceId: string; changeRequestId: string; revision: string; mergedBy: string; mergedAt: string },
): Promise<unknown> {
  return w.es.execute(
    changeRequestStream(m.changeRequestId),
    changeRequestDecider,
    { type: 'RecordChangeRequestMerged', ...m },
    { idempotencyKey: `merged-${m.changeRequestId}-${m.revision}`, cache: w.folded },
  );
}
