import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, NotFound, ReadStore } from '@app/platform';
import { collection, collectionStream, decideDeleteCollection } from '../../domain/collection';
import { decideDelete, space, spaceStream } from '../../domain/space';
import { authorizeCollection } from '../authorize';
import { descendants } from '../queries/content-tree';
import { SpaceAccess } from '../space-access';

/** Returns whether the collection was deleted (205) or there was none the caller could see (204). */
export class DeleteCollectionCommand extends Command<{ deleted: boolean }> {
  constructor(readonly collectionId: string, readonly actorId: string) { super(); }
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
  constructor(private readonly es: EventSourcing, private readonly access: SpaceAccess, private readonly store: ReadStore) {}

  async execute(cmd: DeleteCollectionCommand) {
    const { state } = await this.es.load(collectionStream(cmd.collectionId), collection);
    if (state.status !== 'active') return { deleted: false };
    try {
      await authorizeCollection(this.access.for(cmd.actorId), state, cmd.collectionId, 'admin', 'Deleting a collection');
    } catch (e) {
      if (e instanceof NotFound) return { deleted: false };
      throw e;
    }
    const inside = await descendants(this.store, cmd.collectionId);
    for (const s of inside.spaces) {
      await this.es.handle(spaceStream(s.itemId), space, (st, now) => decideDelete(st, s.itemId, now));
    }
    // Deepest first: a sub-collection is never left without its parent while this runs.
    for (const c of [...inside.collections].reverse()) {
      await this.es.handle(collectionStream(c.itemId), collection, (st, now) => decideDeleteCollection(st, c.itemId, now));
    }
    const r = await this.es.handle(collectionStream(cmd.collectionId), collection, (s, now) => decideDeleteCollection(s, cmd.collectionId, now));
    return { deleted: r.events.length > 0 };
  }
}
