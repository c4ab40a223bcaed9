import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CancelTimerCommand, RecordedEvent, SagaDefinition, ScheduleTimerCommand } from '@app/platform';
import { restoreDeadline } from '../domain/space';

export const PURGE_SPACE_TIMER = 'spaces.purge-space';
/** One timer per deletion: a later deletion of the same space gets its own window. */
export const purgeTimerId = (spaceId: string, deletedAt: string) => `purge-space-${spaceId}-${new Date(deletedAt).getTime()}`;

/** SpaceDeleted starts the 7-day restore window; SpaceRestored cancels it. */
@Injectable()
export class PurgeDeletedSpaceSaga implements SagaDefinition {
  readonly name = 'purge-deleted-space';
  readonly handles = ['SpaceDeleted', 'SpaceRestored'];

  constructor(private readonly commands: CommandBus) {}

  async react(e: RecordedEvent): Promise<void> {
    const d = e.data as { spaceId: string; deletedAt: string };
    const timerId = purgeTimerId(d.spaceId, d.deletedAt);
    if (e.type === 'SpaceDeleted') {
      await this.commands.execute(
        new ScheduleTimerCommand(timerId, restoreDeadline(d.deletedAt), {
          type: PURGE_SPACE_TIMER,
          payload: { spaceId: d.spaceId, deletedAt: d.deletedAt },
        }),
      );
    } else {
      await this.commands.execute(new CancelTimerCommand(timerId));
    }
  }
}
