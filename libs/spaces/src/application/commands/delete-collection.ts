import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, NotFound, ReadStore } from '@app/platform';
import { collection, collectionStream } from '../../domain/collection';
import { space, spaceStream } from '../../domain/space';
import { authorizeCollection, collectionFlag } from '../authorize';
import { COLLECTIONS, CollectionDoc } from '../queries/collections.read-model';
import { descendants } from '../queries/content-tree';
import { SpaceAccess } from '../space-access';

/** Returns whether the collection was deleted (205) or there was none the caller could see (204). */
export class DeleteCollectionCommand extends Command<{ deleted: boolean }> {
  constructor(
    readonly collectionId: string,
    readonly actorId: string,
  ) {
    super();
  }
}

/**
 * Deleting a collection deletes everything inside it, at any depth: its spaces go to the bin
 * (restorable for 7 days like any deleted space; a restored one comes back at the top level)
 * and its sub-collections are deleted. Admin on the collection is enough: it owns its content.
 * The collection itself is deleted last, so a request interrupted half-way is finished by
 * repeating it (what was already deleted stays deleted; the collection is still there to delete).
 */
@CommandHandler(DeleteCollectionCommand)
export class DeleteCollectionHandler implements ICommandHandler<DeleteCollectionCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SpaceAccess,
    private readonly store: ReadStore,
  ) {}

  async execute(cmd: DeleteCollectionCommand) {
    const acc = this.access.for(cmd.actorId);
    try {
      await authorizeCollection(acc, await this.store.get<CollectionDoc>(COLLECTIONS, cmd.collectionId), cmd.collectionId, 'admin', 'Deleting a collection');
      const inside = await descendants(this.store, cmd.collectionId);
      for (const s of inside.spaces) await this.es.execute(spaceStream(s.itemId), space, { type: 'DeleteSpace', spaceId: s.itemId });
      // Deepest first: a sub-collection is never left without its parent while this runs.
      for (const c of [...inside.collections].reverse())
        await this.es.execute(collectionStream(c.itemId), collection, { type: 'DeleteCollection', collectionId: c.itemId });
      const r = await this.es.execute(
        collectionStream(cmd.collectionId),
        collection,
        { type: 'DeleteCollection', collectionId: cmd.collectionId },
        {
          precondition: collectionFlag(acc, cmd.collectionId, 'admin', 'Deleting a collection'),
        },
      );
      return { deleted: r.events.length > 0 };
    } catch (e) {
      // A collection that is not there, or that the caller cannot see, "did not exist" for them.
      if (e instanceof NotFound) return { deleted: false };
      throw e;
    }
  }
}
