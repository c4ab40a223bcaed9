import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RecordedEvent, SagaDefinition, ScheduleTimerCommand } from '@app/platform';
import { RunPayload, TRANSLATION_RUN_TIMER } from '../application/run/execute-run.command';
import { TranslationEvent } from '../domain/translation.events';

type Requested = Extract<TranslationEvent, { type: 'TranslationRunRequested' }>['data'];

/**
 * Every run asked for is carried out once, also across a crash: the saga turns the request into
 * a durable timer due at once, and the timer's command does the work (reading, calling the
 * translator, writing). The saga itself does no I/O and never waits on a provider in its turn
 * (a slow provider would hold up every projection of the process); the timer fires again after
 * a restart until the run has an outcome, and the decider takes one outcome per run.
 */
@Injectable()
export class TranslationRunsSaga implements SagaDefinition {
  readonly name = 'translations-runs';
  readonly handles: Array<TranslationEvent['type']> = ['TranslationRunRequested'];

  constructor(private readonly commands: CommandBus) {}

  async react(e: RecordedEvent): Promise<void> {
    const { translationId, runId, requestedAt } = e.data as Requested;
    const payload: RunPayload = { translationId, runId };
    await this.commands.execute(new ScheduleTimerCommand(`translation-run-${runId}`, new Date(requestedAt), { type: TRANSLATION_RUN_TIMER, payload }));
  }
}
