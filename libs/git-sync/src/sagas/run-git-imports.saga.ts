import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RecordedEvent, SagaDefinition, ScheduleTimerCommand } from '@app/platform';
import { GitSyncEvent, ImportRequested } from '../domain/git-sync.events';
import { GIT_IMPORT_TIMER, GitImportPayload } from '../application/commands/run-git-import';

/**
 * Every import requested runs once, also across a crash: the saga turns the request into a
 * durable timer due at once, and the timer's command fetches and writes (never the saga's turn,
 * which every projection of the process shares). The timer fires again after a restart until the
 * command has recorded the outcome; the command accepts one outcome per operation.
 */
@Injectable()
export class RunGitImportsSaga implements SagaDefinition {
  readonly name = 'git-sync-run-imports';
  readonly handles: Array<GitSyncEvent['type']> = ['GitImportRequested'];

  constructor(private readonly commands: CommandBus) {}

  async react(e: RecordedEvent): Promise<void> {
    const { spaceId, operationId, requestedAt } = e.data as ImportRequested;
    const payload: GitImportPayload = { spaceId, operationId };
    await this.commands.execute(new ScheduleTimerCommand(`git-import-${operationId}`, new Date(requestedAt), { type: GIT_IMPORT_TIMER, payload }));
  }
}
