import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, EventSourcing, IdGenerator, ReadStore } from '@app/platform';
import { collection, CollectionSettings, collectionStream, decideCreateCollection } from '../../domain/collection';
import { authorizeCreateIn } from '../authorize';
import { endOf } from '../placement';
import { SpaceAccess } from '../space-access';

export class CreateCollectionCommand extends Command<{ collectionId: string }> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly settings: CollectionSettings, readonly parent: string | null) { super(); }
}

/** Needs the create role in the organization (top level) or on the parent collection; lands at the end. */
@CommandHandler(CreateCollectionCommand)
export class CreateCollectionHandler implements ICommandHandler<CreateCollectionCommand> {
  constructor(private readonly es: EventSourcing, private readonly ids: IdGenerator, private readonly clock: Clock, private readonly access: SpaceAccess, private readonly store: ReadStore) {}

  async execute(cmd: CreateCollectionCommand) {
    await authorizeCreateIn(this.access.for(cmd.actorId), cmd.organizationId, cmd.parent, 'parent', 'Creating a collection');
    const { position } = await endOf(this.store, cmd.organizationId, cmd.parent);
    const collectionId = this.ids.next();
    await this.es.handle(collectionStream(collectionId), collection, (s) => decideCreateCollection(s, {
      ...cmd.settings, collectionId, organizationId: cmd.organizationId, parent: cmd.parent, position,
      createdAt: this.clock.now().toISOString(), createdBy: cmd.actorId,
    }));
    return { collectionId };
  }
}
