import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { changeRequest, decideUpdateFromMain } from '../../domain/change-request';
import { changeRequestStream } from '../../domain/change-request.events';
import { ContentAccess } from '../content-access';
import { ContentWriter } from '../content-writer';
import { threeWay } from './three-way';

/**
 * Rebases the change request onto main's head with a three-way merge (page level, then line
 * level). Conflicts answer 409 and change nothing. Already up to date: answers the current
 * revision and records nothing.
 */
export class UpdateChangeRequestFromMainCommand extends Command<{ changeRequestId: string; revision: string }> {
  constructor(
    readonly spaceId: string, readonly changeRequestRef: string, readonly actorId: string,
    /** Conflict resolution: which side wins conflicting lines and fields (default: none, answer 409). */
    readonly prefer?: 'ours' | 'theirs',
  ) { super(); }
}

@CommandHandler(UpdateChangeRequestFromMainCommand)
export class UpdateChangeRequestFromMainHandler implements ICommandHandler<UpdateChangeRequestFromMainCommand> {
  constructor(private readonly w: ContentWriter, private readonly access: ContentAccess) {}

  async execute(cmd: UpdateChangeRequestFromMainCommand) {
    const space = await this.access.space(cmd.spaceId, cmd.actorId, 'edit');
    return this.w.retrying('Update from main', async () => {
      const { id, state } = await this.w.changeRequest(cmd.spaceId, cmd.changeRequestRef);
      const ids = { spaceId: cmd.spaceId, changeRequestId: id };
      const main = await this.w.mainHead(cmd.spaceId, space.initialRevision);
      const probe = decideUpdateFromMain(state, ids, state.head.revision, main, { revision: '', root: '', author: '', at: '' });
      if (!probe.length) return { changeRequestId: id, revision: state.head.revision };
      const root = await threeWay(this.w.revisions, state.base, state.head, main, `Updating change request ${id} from main`, cmd.prefer);
      const revision = this.w.ids.next();
      const r = await this.w.es.handle(changeRequestStream(id), changeRequest, (s, now) =>
        decideUpdateFromMain(s, ids, state.head.revision, main, { revision, root, author: cmd.actorId, at: now.toISOString() }),
      );
      return { changeRequestId: id, revision: r.state.head.revision };
    });
  }
}
