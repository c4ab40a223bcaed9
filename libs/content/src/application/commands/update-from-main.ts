import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertEditable, behindMain } from '../../domain/change-request';
import { changeRequestDecider } from '../../domain/change-request.decider';
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
    readonly spaceId: string,
    readonly changeRequestRef: string,
    readonly actorId: string,
    /** Conflict resolution: which side wins conflicting lines and fields (default: none, answer 409). */
    readonly prefer?: 'ours' | 'theirs',
  ) {
    super();
  }
}

@CommandHandler(UpdateChangeRequestFromMainCommand)
export class UpdateChangeRequestFromMainHandler implements ICommandHandler<UpdateChangeRequestFromMainCommand> {
  constructor(
    private readonly w: ContentWriter,
    private readonly access: ContentAccess,
  ) {}

  async execute({ spaceId, changeRequestRef, actorId, prefer }: UpdateChangeRequestFromMainCommand) {
    const space = await this.access.space(spaceId, actorId, 'edit');
    const changeRequestId = await this.w.changeRequestId(spaceId, changeRequestRef);
    const r = await this.w.es.execute(
      changeRequestStream(changeRequestId),
      changeRequestDecider,
      async (s) => {
        assertEditable(s, spaceId, changeRequestId, 'updating from main'); // 412 before merging anything
        const main = await this.w.mainHead(spaceId, space.initialRevision);
        const root = behindMain(s, main)
          ? await threeWay(this.w.revisions, s.base, s.head, main, `Updating change request ${changeRequestId} from main`, prefer)
          : s.head.root;
        return {
          type: 'UpdateChangeRequestFromMain' as const,
          spaceId,
          changeRequestId,
          from: s.head.revision,
          main,
          revision: this.w.ids.next(),
          root,
          author: actorId,
        };
      },
      { cache: this.w.folded },
    );
    return { changeRequestId, revision: r.state.head.revision };
  }
}
