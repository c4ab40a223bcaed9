import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ReadStore } from '@app/platform';
import { collection, collectionStream, decideMoveCollection } from '../../domain/collection';
import { PositionSpec } from '../../domain/placement';
import { authorizeCollection, authorizeCreateIn, InvalidTarget } from '../authorize';
import { moveTarget } from '../placement';
import { SpaceAccess } from '../space-access';

/** `parent` undefined keeps the current parent; null is the organization's top level. */
export class MoveCollectionCommand extends Command<void> {
  constructor(readonly collectionId: string, readonly actorId: string, readonly parent: string | null | undefined, readonly position: PositionSpec) { super(); }
}

/** Needs admin on the collection and the create role where it lands; never into itself or below itself. */
@CommandHandler(MoveCollectionCommand)
export class MoveCollectionHandler implements ICommandHandler<MoveCollectionCommand> {
  constructor(private readonly es: EventSourcing, private readonly access: SpaceAccess, private readonly store: ReadStore) {}

  async execute(cmd: MoveCollectionCommand) {
    const { state } = await this.es.load(collectionStream(cmd.collectionId), collection);
    const acc = this.access.for(cmd.actorId);
    await authorizeCollection(acc, state, cmd.collectionId, 'admin', 'Moving a collection');
    const { organizationId, parent: current } = state.collection!;
    const parent = cmd.parent === undefined ? current : cmd.parent;
    if (parent !== current) {
      await authorizeCreateIn(acc, organizationId, parent, 'parent', 'Moving a collection into a collection', true);
      if ((await acc.path(organizationId, parent)).some((c) => c.id === cmd.collectionId)) {
        throw new InvalidTarget(`parent: collection ${parent} is ${parent === cmd.collectionId ? 'the collection itself' : 'inside the collection'}; a collection cannot be moved into itself`);
      }
    }
    const to = await moveTarget(this.store, organizationId, parent, { kind: 'collection', id: cmd.collectionId }, cmd.position);
    await this.es.handle(collectionStream(cmd.collectionId), collection, (s, now) => decideMoveCollection(s, cmd.collectionId, to, now));
  }
}
