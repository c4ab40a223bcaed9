import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, PlatformConfig, SealedSecrets } from '@app/platform';
import { gitSyncDecider } from '../../domain/git-sync.decider';
import { gitSyncStream } from '../../domain/git-sync.events';
import { GitSyncAccess } from '../git-sync-access';
import { GitOperationInput, remoteOf } from '../git-remote.input';

/**
 * importGitRepository: checks the caller and the request, records it (or, older than the last
 * operation applied, records it as skipped) and answers at once; the import itself runs from a
 * durable timer the saga schedules (run-git-import.ts).
 */
export class RequestGitImportCommand extends Command<void> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
    readonly input: GitOperationInput & { standalone?: boolean },
  ) {
    super();
  }
}

@CommandHandler(RequestGitImportCommand)
export class RequestGitImportHandler implements ICommandHandler<RequestGitImportCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: GitSyncAccess,
    private readonly config: PlatformConfig,
    private readonly secrets: SealedSecrets,
    private readonly ids: IdGenerator,
  ) {}

  async execute({ spaceId, userId, input }: RequestGitImportCommand): Promise<void> {
    await this.access.space(spaceId, userId, 'triggerGitSync');
    const remote = await remoteOf(input, spaceId, this.config, this.secrets);
    await this.es.execute(gitSyncStream(spaceId), gitSyncDecider, {
      type: 'RequestImport',
      spaceId,
      operationId: this.ids.next(),
      remote,
      timestamp: input.timestamp ? new Date(input.timestamp).toISOString() : null,
      force: input.force ?? false,
      standalone: input.standalone ?? false,
      gitInfo: input.gitInfo ?? null,
      requestedBy: userId,
    });
  }
}
