import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RecordedEvent, SagaDefinition, ScheduleTimerCommand } from '@app/platform';
import { OpenApiSpecEvent } from '../domain/openapi-spec.events';
import { PROCESS_SPEC_TIMER, ProcessSpecPayload } from '../application/processing/process-spec.command';

type Requested = Extract<OpenApiSpecEvent, { type: 'OpenAPISpecProcessingRequested' }>['data'];

/**
 * Every processing asked for (create, PUT) is run once, also across a crash: the saga turns the
 * request into a durable timer due at once, and the timer's command does the fetching and
 * parsing. The saga itself does no I/O and never waits on the network in its turn (a slow spec
 * server would hold up every projection of the process); the timer fires again after a restart
 * until its command has recorded the outcome, and the command accepts one outcome per processing.
 */
@Injectable()
export class ProcessSpecsSaga implements SagaDefinition {
  readonly name = 'openapi-process-specs';
  readonly handles: Array<OpenApiSpecEvent['type']> = ['OpenAPISpecProcessingRequested'];

  constructor(private readonly commands: CommandBus) {}

  async react(e: RecordedEvent): Promise<void> {
    const { organizationId, slug, processingId, requestedAt } = e.data as Requested;
    const payload: ProcessSpecPayload = { organizationId, slug, processingId };
    await this.commands.execute(new ScheduleTimerCommand(`openapi-process-${processingId}`, new Date(requestedAt), { type: PROCESS_SPEC_TIMER, payload }));
  }
}
