import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { gitSyncDecider } from '../../domain/git-sync.decider';
import { gitSyncStream } from '../../domain/git-sync.events';
import { GitSyncAccess } from '../git-sync-access';

/**
 * deleteLegacyGitInstallation: removes the sync set up on the space (its provider details and
 * last sync; getSpaceGitInfo answers 404 afterwards) so another integration can take over.
 * Answers whether there was one to remove (205) or not (204). Needs the admin permission.
 */
export class RemoveLegacyInstallationCommand extends Command<{ removed: boolean }> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveLegacyInstallationCommand)
export class RemoveLegacyInstallationHandler implements ICommandHandler<RemoveLegacyInstallationCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: GitSyncAccess,
  ) {}

  async execute({ spaceId, userId }: RemoveLegacyInstallationCommand) {
    await this.access.space(spaceId, userId, 'admin');
    const r = await this.es.execute(gitSyncStream(spaceId), gitSyncDecider, { type: 'RemoveLegacyInstallation', spaceId, removedBy: userId });
    return { removed: r.events.length > 0 };
  }
}
