import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RecordedEvent, SagaDefinition, ScheduleTimerCommand } from '@app/platform';
import { ConversationEvent, ConversationIngested } from '../domain/conversation.events';
import { PROCESS_CONVERSATION_TIMER, ProcessConversationPayload } from '../application/processing/process-conversation.command';

/**
 * Every ingestion is processed once, also across a crash: the saga turns it into a durable
 * timer due at once (named by the ingestion, so a redelivery schedules nothing new), and the
 * timer's command extracts, clusters and marks the conversation processed. The saga does no
 * I/O; an extractor calling a model never holds up the projections.
 */
@Injectable()
export class ProcessConversationsSaga implements SagaDefinition {
  readonly name = 'conversations-process';
  readonly handles: Array<ConversationEvent['type']> = ['ConversationIngested', 'ConversationReingested'];

  constructor(private readonly commands: CommandBus) {}

  async react(e: RecordedEvent): Promise<void> {
    const { organizationId, conversationId, ingestionId, ingestedAt } = e.data as ConversationIngested;
    const payload: ProcessConversationPayload = { organizationId, conversationId, ingestionId };
    await this.commands.execute(
      new ScheduleTimerCommand(`conversations-process-${ingestionId}`, new Date(ingestedAt), { type: PROCESS_CONVERSATION_TIMER, payload }),
    );
  }
}
