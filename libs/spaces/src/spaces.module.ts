import { Module, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ProjectionEngine, Scheduler } from '@app/platform';
import { CreateCollectionHandler } from './application/commands/create-collection';
import { CreateSpaceHandler } from './application/commands/create-space';
import { DeleteCollectionHandler } from './application/commands/delete-collection';
import { DeleteSpaceHandler } from './application/commands/delete-space';
import { DuplicateSpaceHandler } from './application/commands/duplicate-space';
import { MoveCollectionHandler } from './application/commands/move-collection';
import { MoveSpaceHandler } from './application/commands/move-space';
import { PurgeSpaceCommand, PurgeSpaceHandler } from './application/commands/purge-space';
import { RestoreSpaceHandler } from './application/commands/restore-space';
import { RevokeTeamGrantsHandler } from './application/commands/revoke-team-grants';
import { SetPermissionsHandler } from './application/commands/set-permissions';
import { TransferCollectionHandler } from './application/commands/transfer-collection';
import { TransferSpaceHandler } from './application/commands/transfer-space';
import { UpdateCollectionHandler } from './application/commands/update-collection';
import { UpdateSpaceHandler } from './application/commands/update-space';
import { GetCollectionHandler, ListCollectionsHandler, ListSpacesInCollectionHandler } from './application/queries/collection.queries';
import { ListPermissionsAggregateHandler, ListTeamPermissionsHandler, ListUserPermissionsHandler } from './application/queries/permission.queries';
import { GetSpaceAccessHandler, GetSpaceHandler, ListSpacesHandler } from './application/queries/space.queries';
import { ListMemberSpacesHandler } from './application/queries/member-spaces.query';
import { MemberSpacesController } from './http/member-spaces.controller';
import { ListDeletedSpacesHandler } from './application/queries/deleted-spaces.queries';
import { ORGANIZATION_CONTRACT_QUERY_HANDLERS } from './application/queries/organization-contract.queries';
import { SPACES_AS_OF_PROVIDERS } from './application/as-of/as-of.readers';
import { spacesProjection } from './application/queries/spaces.projection';
import { TeamViews } from './application/queries/team.views';
import { Principals } from './application/principals';
import { SpaceAccess } from './application/space-access';
import { CollectionsController } from './http/collections.controller';
import { CollectionPermissionsController, SpacePermissionsController } from './http/permissions.controller';
import { SpacesController } from './http/spaces.controller';
import { PURGE_SPACE_TIMER, PurgeDeletedSpaceSaga } from './sagas/purge-deleted-space.saga';
import { RevokeDeletedTeamGrantsSaga } from './sagas/revoke-deleted-team-grants.saga';

/** Spaces, collections and their permissions, with the 7-day restore window after deleting a space. */
@Module({
  controllers: [SpacesController, CollectionsController, SpacePermissionsController, CollectionPermissionsController, MemberSpacesController],
  providers: [
    SpaceAccess,
    Principals,
    TeamViews,
    CreateSpaceHandler,
    UpdateSpaceHandler,
    DeleteSpaceHandler,
    RestoreSpaceHandler,
    DuplicateSpaceHandler,
    PurgeSpaceHandler,
    MoveSpaceHandler,
    TransferSpaceHandler,
    CreateCollectionHandler,
    UpdateCollectionHandler,
    DeleteCollectionHandler,
    MoveCollectionHandler,
    TransferCollectionHandler,
    SetPermissionsHandler,
    RevokeTeamGrantsHandler,
    GetSpaceHandler,
    ListSpacesHandler,
    ListMemberSpacesHandler,
    ListDeletedSpacesHandler,
    GetSpaceAccessHandler,
    GetCollectionHandler,
    ListCollectionsHandler,
    ListSpacesInCollectionHandler,
    ListUserPermissionsHandler,
    ListTeamPermissionsHandler,
    ListPermissionsAggregateHandler,
    PurgeDeletedSpaceSaga,
    RevokeDeletedTeamGrantsSaga,
    ...ORGANIZATION_CONTRACT_QUERY_HANDLERS,
    ...SPACES_AS_OF_PROVIDERS,
  ],
})
export class SpacesModule implements OnModuleInit {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly scheduler: Scheduler,
    private readonly commands: CommandBus,
    private readonly purgeSaga: PurgeDeletedSpaceSaga,
    private readonly teamSaga: RevokeDeletedTeamGrantsSaga,
  ) {}

  onModuleInit(): void {
    this.engine.registerProjection(spacesProjection);
    this.engine.registerSaga(this.purgeSaga);
    this.engine.registerSaga(this.teamSaga);
    this.scheduler.register(PURGE_SPACE_TIMER, (p) => this.commands.execute(new PurgeSpaceCommand(String(p.spaceId), String(p.deletedAt))));
  }
}
