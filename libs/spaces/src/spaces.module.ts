import { Module, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ProjectionEngine, Scheduler } from '@app/platform';
import { CreateSpaceHandler } from './application/commands/create-space';
import { DeleteSpaceHandler } from './application/commands/delete-space';
import { DuplicateSpaceHandler } from './application/commands/duplicate-space';
import { PurgeSpaceCommand, PurgeSpaceHandler } from './application/commands/purge-space';
import { RestoreSpaceHandler } from './application/commands/restore-space';
import { UpdateSpaceHandler } from './application/commands/update-space';
import { GetSpaceAccessHandler, GetSpaceHandler, ListSpacesHandler } from './application/queries/space.queries';
import { spacesProjection } from './application/queries/spaces.projection';
import { SpaceAccess } from './application/space-access';
import { SpacesController } from './http/spaces.controller';
import { PURGE_SPACE_TIMER, PurgeDeletedSpaceSaga } from './sagas/purge-deleted-space.saga';

/** Spaces, with the 7-day restore window after deletion (collections and permissions come next). */
@Module({
  controllers: [SpacesController],
  providers: [
    SpaceAccess, CreateSpaceHandler, UpdateSpaceHandler, DeleteSpaceHandler, RestoreSpaceHandler, DuplicateSpaceHandler, PurgeSpaceHandler,
    GetSpaceHandler, ListSpacesHandler, GetSpaceAccessHandler, PurgeDeletedSpaceSaga,
  ],
})
export class SpacesModule implements OnModuleInit {
  constructor(private readonly engine: ProjectionEngine, private readonly scheduler: Scheduler, private readonly saga: PurgeDeletedSpaceSaga, private readonly commands: CommandBus) {}

  onModuleInit(): void {
    this.engine.registerProjection(spacesProjection);
    this.engine.registerSaga(this.saga);
    this.scheduler.register(PURGE_SPACE_TIMER, (p) => this.commands.execute(new PurgeSpaceCommand(String(p.spaceId), String(p.deletedAt))));
  }
}
