import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ReadStore } from '@app/platform';
import { space, SpaceNotFound, spaceStream } from '../../domain/space';
import { decideTransferSpace, TransferWouldNotChange } from '../../domain/space-moves';
import { authorizeCreateIn, authorizeSpace } from '../authorize';
import { endOf } from '../placement';
import { SPACES, SpaceDoc } from '../queries/spaces.projection';
import { SpaceAccess } from '../space-access';

export class TransferSpaceCommand extends Command<void> {
  constructor(readonly spaceId: string, readonly actorId: string, readonly organizationId: string) { super(); }
}

/**
 * Needs admin on the space and the create role in the target organization; the space lands at
 * the end of the target's top level. Preconditions (412): see decideTransferSpace.
 */
@CommandHandler(TransferSpaceCommand)
export class TransferSpaceHandler implements ICommandHandler<TransferSpaceCommand> {
  constructor(private readonly es: EventSourcing, private readonly access: SpaceAccess, private readonly store: ReadStore) {}

  async execute(cmd: TransferSpaceCommand) {
    const { state } = await this.es.load(spaceStream(cmd.spaceId), space);
    if (state.status !== 'active') throw new SpaceNotFound(cmd.spaceId);
    const acc = this.access.for(cmd.actorId);
    await authorizeSpace(acc, state, cmd.spaceId, 'admin', 'Transferring a space');
    if (state.space!.organizationId === cmd.organizationId) throw new TransferWouldNotChange(`Space ${cmd.spaceId}`, cmd.organizationId);
    await authorizeCreateIn(acc, cmd.organizationId, null, 'organization', 'Transferring a space into an organization');
    const doc = await this.store.get<SpaceDoc>(SPACES, cmd.spaceId);
    const pendingChangeRequests = (doc?.changeRequestsOpen ?? 0) + (doc?.changeRequestsDraft ?? 0);
    const placement = await endOf(this.store, cmd.organizationId, null);
    await this.es.handle(spaceStream(cmd.spaceId), space, (s, now) => decideTransferSpace(s, cmd.spaceId, cmd.organizationId, { placement, pendingChangeRequests }, now));
  }
}
