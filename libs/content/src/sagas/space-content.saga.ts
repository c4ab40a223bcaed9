import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RecordedEvent, SagaDefinition } from '@app/platform';
import { InitializeSpaceContentCommand } from '../application/commands/initialize-space-content';
import { RecordChangeRequestMergedCommand } from '../application/commands/merge-change-request';
import { SpaceContentEvent } from '../domain/change-request.events';
import { SpaceEvents, type SpaceCreatedPayload } from '@app/spaces/contracts';

/**
 * SpaceCreated (published in the spaces context's contracts) starts main's
 * content: empty, or a copy of the source space's main for a duplicate.
 */
@Injectable()
export class SpaceContentSaga implements SagaDefinition {
  readonly name = 'content-space-content';
  readonly handles = [SpaceEvents.SpaceCreated];
  constructor(private readonly commands: CommandBus) {}

  async react(e: RecordedEvent): Promise<void> {
    const d = e.data as Pick<SpaceCreatedPayload, 'spaceId' | 'revision'> & Partial<Pick<SpaceCreatedPayload, 'duplicatedFrom'>>;
    await this.commands.execute(new InitializeSpaceContentCommand(d.spaceId, d.revision, d.duplicatedFrom ?? null, e.id));
  }
}

/** Completes a merge whose change-request side was not recorded (the process died in between). */
@Injectable()
export class MergeCompletionSaga implements SagaDefinition {
  readonly name = 'content-merge-completion';
  readonly handles = ['SpaceContentMerged'];
  constructor(private readonly commands: CommandBus) {}

  async react(e: RecordedEvent): Promise<void> {
    const d = e.data as Extract<SpaceContentEvent, { type: 'SpaceContentMerged' }>['data'];
    await this.commands.execute(new RecordChangeRequestMergedCommand(d.spaceId, d.changeRequestId, d.revision, d.mergedBy, d.createdAt));
  }
}
