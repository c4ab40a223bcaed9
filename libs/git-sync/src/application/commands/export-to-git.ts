import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { BadRequest, Clock, EventSourcing, IdGenerator, PlatformConfig, SealedSecrets } from '@app/platform';
import { GetUsersQuery } from '@app/identity';
import { GetRevisionExportQuery } from '@app/content';
import { gitSyncDecider } from '../../domain/git-sync.decider';
import { GitRemote, gitSyncStream } from '../../domain/git-sync.events';
import { LastSync } from '../../domain/git-sync';
import { GitSyncAccess } from '../git-sync-access';
import { GitOperationInput, openSpec, remoteOf } from '../git-remote.input';
import { ExportOutcome, writeExport } from '../sync/export-commit';
import { GitRemoteFailure, GitRepositories } from '../transport/git-repositories';

/**
 * exportToGitRepository: commits main's current revision to the branch and pushes it, while the
 * request waits, so that a refusal can answer: 409 when the branch moved since the last sync and
 * changed the same files (unless `force`), 400 naming `url` when the remote fails (credentials,
 * network). The space's sync stream holds the operation from start to outcome, so no other import
 * or export runs meanwhile (409); an export older than the last operation is recorded as skipped.
 */
export class ExportToGitCommand extends Command<void> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
    readonly input: GitOperationInput & { commitMessage: string },
  ) {
    super();
  }
}

@CommandHandler(ExportToGitCommand)
export class ExportToGitHandler implements ICommandHandler<ExportToGitCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
    private readonly access: GitSyncAccess,
    private readonly repos: GitRepositories,
    private readonly config: PlatformConfig,
    private readonly secrets: SealedSecrets,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute({ spaceId, userId, input }: ExportToGitCommand): Promise<void> {
    const space = await this.access.space(spaceId, userId, 'triggerGitSync');
    const remote = await remoteOf(input, spaceId, this.config, this.secrets);
    const stream = gitSyncStream(spaceId);
    const operationId = this.ids.next();
    const started = await this.es.execute(stream, gitSyncDecider, {
      type: 'StartExport',
      spaceId,
      operationId,
      remote,
      timestamp: input.timestamp ? new Date(input.timestamp).toISOString() : null,
      force: input.force ?? false,
      commitMessage: input.commitMessage,
      gitInfo: input.gitInfo ?? null,
      requestedBy: userId,
    });
    if (started.state.running?.operationId !== operationId) return; // skipped: older than the last operation
    let outcome: ExportOutcome;
    try {
      outcome = await this.export(spaceId, space.organizationId, userId, remote, input, started.state.lastSync);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      await this.es.execute(stream, gitSyncDecider, { type: 'FailOperation', spaceId, operationId, direction: 'export', reason });
      if (e instanceof GitRemoteFailure) throw new BadRequest(`url: ${reason}`);
      throw e;
    }
    await this.es.execute(stream, gitSyncDecider, { type: 'CompleteExport', spaceId, operationId, ...outcome });
  }

  private async export(
    spaceId: string,
    organizationId: string,
    userId: string,
    remote: GitRemote,
    input: { commitMessage: string; force?: boolean },
    last: LastSync | null,
  ) {
    const revision = await this.queries.execute(new GetRevisionExportQuery(spaceId, userId));
    const user = (await this.queries.execute(new GetUsersQuery([userId]))).get(userId);
    const author = {
      name: user?.displayName || 'Docs platform',
      email: user?.email || 'noreply@localhost',
      timestamp: Math.floor(this.clock.now().getTime() / 1000),
    };
    // The last sync is this export's base only when it was with the same repository and branch.
    const base = last && last.remote.url === remote.url && last.remote.ref === remote.ref ? last.commit.oid : null;
    const spec = openSpec(remote, spaceId, organizationId, this.config, this.secrets, this.repos);
    return this.repos.with(spec, (repo) =>
      writeExport(repo, {
        revision,
        branch: spec.branch,
        base,
        projectDirectory: remote.projectDirectory,
        message: input.commitMessage,
        author,
        force: input.force ?? false,
      }),
    );
  }
}
