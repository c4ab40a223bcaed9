import { Logger } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'crypto';
import { DomainError, EventSourcing, PlatformConfig, SealedSecrets } from '@app/platform';
import { ImportRevisionCommand } from '@app/content';
import { gitSyncDecider } from '../../domain/git-sync.decider';
import { gitSyncStream } from '../../domain/git-sync.events';
import { GitSyncState } from '../../domain/git-sync';
import { readRepositoryTree } from '../../layout';
import { importedContent } from '../sync/import-content';
import { GitRemoteFailure, GitRepositories } from '../transport/git-repositories';
import { GitSyncAccess } from '../git-sync-access';
import { openSpec } from '../git-remote.input';

export const GIT_IMPORT_TIMER = 'git-sync.import';
export interface GitImportPayload {
  [key: string]: unknown;
  spaceId: string;
  operationId: string;
}

/** The revision an import makes: derived from the operation, so a resumed import names the same one. */
export const importRevisionId = (operationId: string) => createHash('sha256').update(`git-import\0${operationId}`).digest('hex').slice(0, 20);

/**
 * Runs one requested import (from its durable timer): claims the space's sync (one operation at
 * a time), fetches the branch, reads it with the layout codec and writes it through content as
 * one revision, then records the outcome. A crash anywhere before the outcome fires the timer
 * again after a restart: the claim is ours already, the revision is named by the operation and
 * written once, and the outcome is accepted once. A failure (authentication, a missing branch, a
 * bad layout, the caller no longer allowed) is recorded with a clear reason, never with credentials.
 */
export class RunGitImportCommand extends Command<void> {
  constructor(readonly payload: GitImportPayload) {
    super();
  }
}

@CommandHandler(RunGitImportCommand)
export class RunGitImportHandler implements ICommandHandler<RunGitImportCommand> {
  private readonly logger = new Logger('GitImport');

  constructor(
    private readonly es: EventSourcing,
    private readonly commands: CommandBus,
    private readonly repos: GitRepositories,
    private readonly access: GitSyncAccess,
    private readonly config: PlatformConfig,
    private readonly secrets: SealedSecrets,
  ) {}

  async execute({ payload: { spaceId, operationId } }: RunGitImportCommand): Promise<void> {
    const stream = gitSyncStream(spaceId);
    const { state } = await this.es.execute(stream, gitSyncDecider, { type: 'StartImport', spaceId, operationId });
    if (state.running?.operationId !== operationId || !state.requested[operationId]) return; // finished or superseded
    let outcome: { oid: string; message: string; revision: string | null } | { failed: string };
    try {
      outcome = await this.run(state, operationId);
    } catch (e) {
      if (!(e instanceof GitRemoteFailure || e instanceof DomainError)) throw e; // the timer fires again
      outcome = { failed: e.message };
      this.logger.warn(`git import ${operationId} of space ${spaceId} failed: ${e.message}`);
    }
    const command =
      'failed' in outcome
        ? { type: 'FailOperation' as const, spaceId, operationId, direction: 'import' as const, reason: outcome.failed }
        : {
            type: 'CompleteImport' as const,
            spaceId,
            operationId,
            commit: { oid: outcome.oid, message: outcome.message },
            revision: outcome.revision,
            standalone: state.requested[operationId].standalone,
          };
    await this.es.execute(stream, gitSyncDecider, command);
  }

  private async run(state: GitSyncState, operationId: string) {
    const request = state.requested[operationId];
    const { spaceId, remote } = request;
    const space = await this.access.space(spaceId, request.requestedBy, 'triggerGitSync');
    const spec = openSpec(remote, spaceId, space.organizationId, this.config, this.secrets, this.repos);
    return this.repos.with(spec, async (repo) => {
      const head = await repo.fetch();
      if (!head) throw new GitRemoteFailure(`${remote.url}: branch ${spec.branch} not found`);
      const message = (await repo.message(head)).trim();
      const last = state.lastSync;
      // The same commit again changes nothing, unless forced.
      if (!request.force && !request.standalone && last?.commit.oid === head && last.remote.url === remote.url && last.remote.ref === remote.ref)
        return { oid: head, message, revision: last.revision };
      const files = await repo.files(head);
      const bytes = new Map<string, Uint8Array>();
      const project = remote.projectDirectory;
      for (const [path, f] of files) if (!project || path.startsWith(`${project}/`)) bytes.set(path, await repo.blob(f.oid));
      const tree = readRepositoryTree(bytes, remote.projectDirectory);
      const content = importedContent(tree, files, remote.projectDirectory);
      const revision = importRevisionId(operationId);
      const git = {
        oid: head,
        message,
        ref: remote.ref,
        ...(remote.repoCommitURL ? { url: `${remote.repoCommitURL}${head}` } : {}),
        createdByService: last?.direction === 'export' && last.commit.oid === head,
      };
      await this.commands.execute(new ImportRevisionCommand(spaceId, request.requestedBy, revision, content, git, request.standalone));
      return { oid: head, message, revision };
    });
  }
}
