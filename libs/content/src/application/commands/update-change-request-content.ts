import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { changeRequest, decideContentUpdate } from '../../domain/change-request';
import { changeRequestStream } from '../../domain/change-request.events';
import { applyBatch, ChangeOutcome, ContentChange } from '../../domain/content-batch';
import { FileEntry } from '../../domain/page';
import { ContentAccess } from '../content-access';
import { ContentWriter } from '../content-writer';

export interface ContentUpdateResult {
  changeRequestId: string;
  outcomes: ChangeOutcome[];
  insertedFiles: FileEntry[];
}

/**
 * Applies a batch of up to 50 changes atomically as one new revision of the change request:
 * the pure batch decides everything first (any invalid change rejects it all, 400, nothing
 * written), then new objects are stored and one event records the revision.
 */
export class UpdateChangeRequestContentCommand extends Command<ContentUpdateResult> {
  constructor(
    readonly spaceId: string, readonly changeRequestRef: string, readonly actorId: string, readonly changes: ContentChange[],
    /** File bytes (base64) by hash, for insert_files. */
    readonly blobs: Map<string, string>,
  ) { super(); }
}

@CommandHandler(UpdateChangeRequestContentCommand)
export class UpdateChangeRequestContentHandler implements ICommandHandler<UpdateChangeRequestContentCommand> {
  constructor(private readonly w: ContentWriter, private readonly access: ContentAccess) {}

  async execute(cmd: UpdateChangeRequestContentCommand): Promise<ContentUpdateResult> {
    await this.access.space(cmd.spaceId, cmd.actorId, 'edit');
    return this.w.retrying('Content update', async () => {
      const { id, state } = await this.w.changeRequest(cmd.spaceId, cmd.changeRequestRef);
      // Checks the state (merged or archived: 412) before doing any work.
      decideContentUpdate(state, { spaceId: cmd.spaceId, changeRequestId: id }, state.head.revision, { revision: '', root: state.head.root, author: '', at: '' });
      const ctx = this.w.batchContext();
      const result = applyBatch(await this.w.revisions.structure(state.head.root, 'write'), cmd.changes, ctx);
      const root = await this.w.revisions.commit({ base: state.head.root, next: result.structure, bodies: result.bodies, blobs: cmd.blobs });
      const revision = this.w.ids.next();
      await this.w.handle(changeRequestStream(id), changeRequest, (s) =>
        decideContentUpdate(s, { spaceId: cmd.spaceId, changeRequestId: id }, state.head.revision, { revision, root, author: cmd.actorId, at: ctx.now }),
      );
      return { changeRequestId: id, outcomes: result.outcomes, insertedFiles: result.insertedFiles };
    });
  }
}
