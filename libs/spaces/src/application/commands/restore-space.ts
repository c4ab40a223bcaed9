import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ReadStore } from '@app/platform';
import { collection, collectionStream } from '../../domain/collection';
import { decideRestore, space, SpaceNotFound, spaceStream } from '../../domain/space';
import { authorizeSpace } from '../authorize';
import { endOf } from '../placement';
import { SpaceAccess } from '../space-access';

export class RestoreSpaceCommand extends Command<void> {
  constructor(readonly spaceId: string, readonly actorId: string) { super(); }
}

/** A space whose collection was deleted (or transferred) meanwhile comes back at the organization's top level. */
@CommandHandler(RestoreSpaceCommand)
export class RestoreSpaceHandler implements ICommandHandler<RestoreSpaceCommand> {
  constructor(private readonly es: EventSourcing, private readonly access: SpaceAccess, private readonly store: ReadStore) {}

  async execute(cmd: RestoreSpaceCommand) {
    const { state } = await this.es.load(spaceStream(cmd.spaceId), space);
    if (state.status === 'none' || state.status === 'purged') throw new SpaceNotFound(cmd.spaceId);
    await authorizeSpace(this.access.for(cmd.actorId), state, cmd.spaceId, 'admin', 'Restoring a space');
    const { organizationId, parent } = state.space!;
    let topLevel: string | undefined;
    const home = parent ? (await this.es.load(collectionStream(parent), collection)).state : null;
    // Gone, or transferred to another organization while the space was in the bin.
    if (home && (home.status !== 'active' || home.collection!.organizationId !== organizationId)) {
      topLevel = (await endOf(this.store, organizationId, null)).position;
    }
    await this.es.handle(spaceStream(cmd.spaceId), space, (s, now) => decideRestore(s, cmd.spaceId, now, topLevel));
  }
}
