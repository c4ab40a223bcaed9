import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ReadStore } from '@app/platform';
import { collection, CollectionCommand, CollectionState, collectionStream } from '../../domain/collection';
import { PositionSpec } from '../../domain/placement';
import { authorizeCreateIn, collectionFlag } from '../authorize';
import { targetParent } from '../command-facts';
import { moveTarget } from '../placement';
import { SpaceAccess } from '../space-access';

/** `parent` undefined keeps the current parent; null is the organization's top level. */
export class MoveCollectionCommand extends Command<void> {
  constructor(
    readonly collectionId: string,
    readonly actorId: string,
    readonly parent: string | null | undefined,
    readonly position: PositionSpec,
  ) {
    super();
  }
}

/** Needs admin on the collection and the create role where it lands; never into itself or below itself. */
@CommandHandler(MoveCollectionCommand)
export class MoveCollectionHandler implements ICommandHandler<MoveCollectionCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SpaceAccess,
    private readonly store: ReadStore,
  ) {}

  async execute(cmd: MoveCollectionCommand) {
    const acc = this.access.for(cmd.actorId);
    const where = (s: CollectionState) => ({
      organizationId: s.collection!.organizationId,
      current: s.collection!.parent,
      parent: targetParent(cmd.parent, s.collection!.parent),
    });
    await this.es.execute(
      collectionStream(cmd.collectionId),
      collection,
      async (s): Promise<CollectionCommand> => {
        const { organizationId, parent } = where(s);
        return {
          type: 'MoveCollection',
          collectionId: cmd.collectionId,
          to: await moveTarget(this.store, organizationId, parent, { kind: 'collection', id: cmd.collectionId }, cmd.position),
          targetPath: (await acc.path(organizationId, parent)).map((c) => c.id),
        };
      },
      {
        precondition: async (s) => {
          await collectionFlag(acc, cmd.collectionId, 'admin', 'Moving a collection')(s);
          const { organizationId, current, parent } = where(s);
          if (parent !== current) await authorizeCreateIn(acc, organizationId, parent, 'parent', 'Moving a collection into a collection', true);
        },
      },
    );
  }
}
