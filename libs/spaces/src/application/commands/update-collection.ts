import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { collection, CollectionSettings, collectionStream } from '../../domain/collection';
import { collectionFlag } from '../authorize';
import { SpaceAccess } from '../space-access';

export class UpdateCollectionCommand extends Command<void> {
  constructor(
    readonly collectionId: string,
    readonly actorId: string,
    readonly changes: Partial<CollectionSettings>,
  ) {
    super();
  }
}

@CommandHandler(UpdateCollectionCommand)
export class UpdateCollectionHandler implements ICommandHandler<UpdateCollectionCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SpaceAccess,
  ) {}

  async execute(cmd: UpdateCollectionCommand) {
    await this.es.execute(
      collectionStream(cmd.collectionId),
      collection,
      { type: 'UpdateCollection', collectionId: cmd.collectionId, changes: cmd.changes },
      {
        precondition: collectionFlag(this.access.for(cmd.actorId), cmd.collectionId, 'admin', 'Updating a collection'),
      },
    );
  }
}
