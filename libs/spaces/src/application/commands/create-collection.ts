import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, ReadStore } from '@app/platform';
import { collection, CollectionCommand, CollectionSettings, collectionStream } from '../../domain/collection';
import { authorizeCreateIn } from '../authorize';
import { endOf } from '../placement';
import { SpaceAccess } from '../space-access';

export class CreateCollectionCommand extends Command<{ collectionId: string }> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly settings: CollectionSettings,
    readonly parent: string | null,
  ) {
    super();
  }
}

/** Needs the create role in the organization (top level) or on the parent collection; lands at the end. */
@CommandHandler(CreateCollectionCommand)
export class CreateCollectionHandler implements ICommandHandler<CreateCollectionCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: SpaceAccess,
    private readonly store: ReadStore,
  ) {}

  async execute(cmd: CreateCollectionCommand) {
    const collectionId = this.ids.next();
    await this.es.execute(
      collectionStream(collectionId),
      collection,
      async (): Promise<CollectionCommand> => ({
        type: 'CreateCollection',
        collectionId,
        organizationId: cmd.organizationId,
        settings: cmd.settings,
        createdBy: cmd.actorId,
        placement: await endOf(this.store, cmd.organizationId, cmd.parent),
      }),
      { precondition: () => authorizeCreateIn(this.access.for(cmd.actorId), cmd.organizationId, cmd.parent, 'parent', 'Creating a collection') },
    );
    return { collectionId };
  }
}
