import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ReadStore } from '@app/platform';
import { collection, collectionStream, decideTransferCollection } from '../../domain/collection';
import { space, spaceStream } from '../../domain/space';
import { CannotBeMoved, decideTransferSpace, TransferWouldNotChange } from '../../domain/space-moves';
import { authorizeCollection, authorizeCreateIn } from '../authorize';
import { endOf } from '../placement';
import { COLLECTIONS, CollectionDoc } from '../queries/collections.read-model';
import { descendants } from '../queries/content-tree';
import { SPACES, SpaceDoc } from '../queries/spaces.projection';
import { SpaceAccess } from '../space-access';

export class TransferCollectionCommand extends Command<void> {
  constructor(readonly collectionId: string, readonly actorId: string, readonly organizationId: string) { super(); }
}

/**
 * Transfers a collection with everything inside it to another organization, where it lands at
 * the end of the top level; what is inside keeps its place in the tree. It cannot be moved
 * (412) while the collection or anything inside it has team permissions, or while a space
 * inside has open or draft change requests (the rules of a single space transfer, applied to
 * the whole tree before anything is written). Inner items are moved first and the collection
 * last, so repeating an interrupted request finishes it.
 */
@CommandHandler(TransferCollectionCommand)
export class TransferCollectionHandler implements ICommandHandler<TransferCollectionCommand> {
  constructor(private readonly es: EventSourcing, private readonly access: SpaceAccess, private readonly store: ReadStore) {}

  async execute(cmd: TransferCollectionCommand) {
    const { state } = await this.es.load(collectionStream(cmd.collectionId), collection);
    const acc = this.access.for(cmd.actorId);
    await authorizeCollection(acc, state, cmd.collectionId, 'admin', 'Transferring a collection');
    if (state.collection!.organizationId === cmd.organizationId) throw new TransferWouldNotChange(`Collection ${cmd.collectionId}`, cmd.organizationId);
    await authorizeCreateIn(acc, cmd.organizationId, null, 'organization', 'Transferring a collection into an organization');

    const inside = await descendants(this.store, cmd.collectionId);
    const collections = await this.store.find<CollectionDoc>(COLLECTIONS, { id: { $in: [cmd.collectionId, ...inside.collections.map((c) => c.itemId)] } });
    const spaces = await this.store.find<SpaceDoc>(SPACES, { id: { $in: inside.spaces.map((s) => s.itemId) } });
    const withTeams = [...collections, ...spaces].filter((d) => Object.keys(d.teams ?? {}).length > 0).map((d) => d.id);
    if (withTeams.length) {
      throw new CannotBeMoved(`Collection ${cmd.collectionId} cannot be moved: ${withTeams.join(', ')} ${withTeams.length > 1 ? 'have' : 'has'} team permissions; teams belong to organization ${state.collection!.organizationId}, remove those permissions first`);
    }
    const pending = spaces.filter((s) => (s.changeRequestsOpen ?? 0) + (s.changeRequestsDraft ?? 0) > 0).map((s) => s.id);
    if (pending.length) throw new CannotBeMoved(`Collection ${cmd.collectionId} cannot be moved: spaces ${pending.join(', ')} have open or draft change requests`);

    for (const s of spaces) {
      await this.es.handle(spaceStream(s.id), space, (st, now) =>
        st.space?.organizationId === cmd.organizationId ? [] : decideTransferSpace(st, s.id, cmd.organizationId, { placement: { parent: s.parent, position: s.position }, pendingChangeRequests: 0 }, now));
    }
    for (const c of inside.collections) {
      await this.es.handle(collectionStream(c.itemId), collection, (st, now) =>
        st.collection?.organizationId === cmd.organizationId ? [] : decideTransferCollection(st, c.itemId, cmd.organizationId, null, now));
    }
    const placement = await endOf(this.store, cmd.organizationId, null);
    await this.es.handle(collectionStream(cmd.collectionId), collection, (s, now) => decideTransferCollection(s, cmd.collectionId, cmd.organizationId, placement, now));
  }
}
