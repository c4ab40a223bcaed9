import { Module, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ProjectionEngine, Scheduler } from '@app/platform';
import { ExportToGitHandler } from './application/commands/export-to-git';
import { RemoveLegacyInstallationHandler } from './application/commands/remove-legacy-installation';
import { RequestGitImportHandler } from './application/commands/request-git-import';
import { GIT_IMPORT_TIMER, GitImportPayload, RunGitImportCommand, RunGitImportHandler } from './application/commands/run-git-import';
import { GitSyncAccess } from './application/git-sync-access';
import { GetGitInfoHandler } from './application/queries/get-git-info.query';
import { gitSyncInfoProjection } from './application/queries/git-info.projection';
import { GitRepositories } from './application/transport/git-repositories';
import { GitSyncController } from './http/git-sync.controller';
import { RunGitImportsSaga } from './sagas/run-git-imports.saga';

/**
 * Git sync of a space with a repository (collaboration level, on content and spaces): imports
 * through a saga and a durable timer, exports while the request waits, one operation per space
 * at a time on the space's sync stream, repositories through isomorphic-git.
 */
@Module({
  controllers: [GitSyncController],
  providers: [
    GitSyncAccess,
    GitRepositories,
    RunGitImportsSaga,
    RequestGitImportHandler,
    RunGitImportHandler,
    ExportToGitHandler,
    RemoveLegacyInstallationHandler,
    GetGitInfoHandler,
  ],
})
export class GitSyncModule implements OnModuleInit {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly scheduler: Scheduler,
    private readonly commands: CommandBus,
    private readonly saga: RunGitImportsSaga,
  ) {}

  onModuleInit(): void {
    this.engine.registerProjection(gitSyncInfoProjection);
    this.engine.registerSaga(this.saga);
    this.scheduler.register(GIT_IMPORT_TIMER, (payload) => this.commands.execute(new RunGitImportCommand(payload as GitImportPayload)));
  }
}
