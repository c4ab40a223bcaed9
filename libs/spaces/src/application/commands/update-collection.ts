import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { collection, CollectionSettings, collectionStream, decideUpdateCollection } from '../../domain/collection';
import { authorizeCollection } from '../authorize';
import { SpaceAccess } from '../space-access';

export class UpdateCollectionCommand extends Command<void> {
  constructor(readonly collectionId: string, readonly actorId: string, readonly changes: Partial<CollectionSettings>) { super(); }
}

@CommandHandler(UpdateCollectionCommand)
export class UpdateCollectionHandler implements ICommandHandler<UpdateCollectionCommand> {
  constructor(private readonly es: EventSourcing, private readonly access: SpaceAccess) {}

  async execute(cmd: UpdateCollectionCommand) {
    const { state } = await this.es.load(collectionStream(cmd.collectionId), collection);
    await authorizeCollection(this.access.for(cmd.actorId), state, cmd.collectionId, 'admin', 'Updating a collection');
    await this.es.handle(collectionStream(cmd.collectionId), collection, (s, now) => decideUpdateCollection(s, cmd.collectionId, cmd.changes, now));
  }
}
