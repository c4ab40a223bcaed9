import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcing, ReadStore } from '@app/platform';
import { collection, CollectionCommand, collectionStream } from '../../domain/collection';
import { space, spaceStream } from '../../domain/space';
import { assertChangesOrganization, assertTransferable } from '../../domain/space-moves';
import { authorizeCollection, authorizeCreateIn, collectionFlag } from '../authorize';
import { collectionTransferable, spaceTransferable, treeInside } from '../command-facts';
import { pendingChangeRequests } from '../pending-change-requests';
import { endOf } from '../placement';
import { COLLECTIONS, CollectionDoc } from '../queries/collections.read-model';
import { SpaceAccess } from '../space-access';

export class TransferCollectionCommand extends Command<void> {
  constructor(
    readonly collectionId: string,
    readonly actorId: string,
    readonly organizationId: string,
  ) {
    super();
  }
}

/**
 * Transfers a collection with everything inside it to another organization, where it lands at
 * the end of the top level; what is inside keeps its place in the tree. The rules of a transfer
 * (domain/space-moves.ts) are checked over the whole tree, from the read models, before anything
 * is written, and again by each aggregate on its own state. Inner items go first and the
 * collection last, so repeating an interrupted request finishes it.
 */
@CommandHandler(TransferCollectionCommand)
export class TransferCollectionHandler implements ICommandHandler<TransferCollectionCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SpaceAccess,
    private readonly store: ReadStore,
    private readonly queries: QueryBus,
  ) {}

  async execute(cmd: TransferCollectionCommand) {
    const { collectionId, organizationId } = cmd;
    const acc = this.access.for(cmd.actorId);
    const root = await this.store.get<CollectionDoc>(COLLECTIONS, collectionId);
    await authorizeCollection(acc, root, collectionId, 'admin', 'Transferring a collection');
    assertChangesOrganization(`Collection ${collectionId}`, root!.organizationId, organizationId);
    await authorizeCreateIn(acc, organizationId, null, 'organization', 'Transferring a collection into an organization');
    const tree = await treeInside(this.store, collectionId);
    const pending = await pendingChangeRequests(
      this.queries,
      tree.spaces.map((s) => s.id),
    );
    assertTransferable(`Collection ${collectionId}`, root!.organizationId, [
      ...[root!, ...tree.collections].map(collectionTransferable),
      ...tree.spaces.map((s) => spaceTransferable(s, pending)),
    ]);

    for (const s of tree.spaces) {
      await this.es.execute(spaceStream(s.id), space, {
        type: 'TransferSpaceWithCollection',
        spaceId: s.id,
        organizationId,
        pendingChangeRequests: pending.get(s.id) ?? 0,
      });
    }
    for (const c of tree.collections) {
      await this.es.execute(collectionStream(c.id), collection, { type: 'TransferCollectionWithParent', collectionId: c.id, organizationId });
    }
    await this.es.execute(
      collectionStream(collectionId),
      collection,
      async (): Promise<CollectionCommand> => ({
        type: 'TransferCollection',
        collectionId,
        organizationId,
        placement: await endOf(this.store, organizationId, null),
      }),
      { precondition: collectionFlag(acc, collectionId, 'admin', 'Transferring a collection') },
    );
  }
}
