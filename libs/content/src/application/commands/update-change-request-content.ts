import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertEditable } from '../../domain/change-request';
import { changeRequestDecider } from '../../domain/change-request.decider';
import { changeRequestStream } from '../../domain/change-request.events';
import { ChangeOutcome, ContentChange } from '../../domain/content-batch';
import { FileEntry, ReusableEntry } from '../../domain/page';
import { ContentAccess } from '../content-access';
import { CommittedBatch, ContentWriter } from '../content-writer';

export interface ContentUpdateResult {
  changeRequestId: string;
  outcomes: ChangeOutcome[];
  insertedFiles: FileEntry[];
  insertedReusables: ReusableEntry[];
}

/**
 * Applies a batch of up to 50 changes atomically as one new revision of the change request:
 * the batch is applied to the head of each attempt (a concurrent edit makes the next attempt
 * apply it to the new head), its objects are stored, and one event records the revision.
 */
export class UpdateChangeRequestContentCommand extends Command<ContentUpdateResult> {
  constructor(
    readonly spaceId: string,
    readonly changeRequestRef: string,
    readonly actorId: string,
    readonly changes: ContentChange[],
    /** File bytes (base64) by hash, for insert_files. */
    readonly blobs: Map<string, string>,
  ) {
    super();
  }
}

@CommandHandler(UpdateChangeRequestContentCommand)
export class UpdateChangeRequestContentHandler implements ICommandHandler<UpdateChangeRequestContentCommand> {
  constructor(
    private readonly w: ContentWriter,
    private readonly access: ContentAccess,
  ) {}

  async execute({ spaceId, changeRequestRef, actorId, changes, blobs }: UpdateChangeRequestContentCommand): Promise<ContentUpdateResult> {
    await this.access.space(spaceId, actorId, 'edit');
    const changeRequestId = await this.w.changeRequestId(spaceId, changeRequestRef);
    let batch: CommittedBatch | undefined;
    await this.w.es.execute(
      changeRequestStream(changeRequestId),
      changeRequestDecider,
      async (s) => {
        assertEditable(s, spaceId, changeRequestId, 'editing content'); // 412 before doing any work
        batch = await this.w.commitBatch(s.head.root, changes, blobs);
        return {
          type: 'UpdateChangeRequestContent' as const,
          spaceId,
          changeRequestId,
          from: s.head.revision,
          revision: this.w.ids.next(),
          root: batch.root,
          author: actorId,
        };
      },
      { cache: this.w.folded },
    );
    return { changeRequestId, outcomes: batch!.outcomes, insertedFiles: batch!.insertedFiles, insertedReusables: batch!.insertedReusables };
  }
}
