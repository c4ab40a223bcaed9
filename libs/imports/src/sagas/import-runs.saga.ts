import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RecordedEvent, SagaDefinition, ScheduleTimerCommand } from '@app/platform';
import { IMPORT_RUN_TIMER, ImportRunPayload } from '../application/run/execute-import-run.command';
import { ImportRunEvent } from '../domain/import-run.events';

type Started = Extract<ImportRunEvent, { type: 'ImportRunStarted' }>['data'];

/**
 * Every run started is carried out once, also across a crash: the saga turns the start into a
 * durable timer due at once, and the timer's command does the reading, crawling and writing.
 * The saga itself does no I/O and never waits on a website in its turn (a slow site would hold
 * up every projection of the process); the timer fires again after a restart until the run
 * has an outcome, and the decider takes one outcome per run.
 */
@Injectable()
export class ImportRunsSaga implements SagaDefinition {
  readonly name = 'imports-runs';
  readonly handles: Array<ImportRunEvent['type']> = ['ImportRunStarted'];

  constructor(private readonly commands: CommandBus) {}

  async react(e: RecordedEvent): Promise<void> {
    const { importRunId, startedAt } = e.data as Started;
    const payload: ImportRunPayload = { importRunId };
    await this.commands.execute(new ScheduleTimerCommand(`import-run-${importRunId}`, new Date(startedAt), { type: IMPORT_RUN_TIMER, payload }));
  }
}
