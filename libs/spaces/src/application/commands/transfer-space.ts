import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcing, ReadStore } from '@app/platform';
import { space, SpaceCommand, spaceStream } from '../../domain/space';
import { authorizeCreateIn, spaceFlag } from '../authorize';
import { endOf } from '../placement';
import { pendingChangeRequests } from '../pending-change-requests';
import { SpaceAccess } from '../space-access';

export class TransferSpaceCommand extends Command<void> {
  constructor(
    readonly spaceId: string,
    readonly actorId: string,
    readonly organizationId: string,
  ) {
    super();
  }
}

/**
 * Needs admin on the space and the create role in the target organization; the space lands at
 * the end of the target's top level. The rules of a transfer (409, 412): domain/space-moves.ts.
 */
@CommandHandler(TransferSpaceCommand)
export class TransferSpaceHandler implements ICommandHandler<TransferSpaceCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SpaceAccess,
    private readonly store: ReadStore,
    private readonly queries: QueryBus,
  ) {}

  async execute(cmd: TransferSpaceCommand) {
    const acc = this.access.for(cmd.actorId);
    await this.es.execute(
      spaceStream(cmd.spaceId),
      space,
      async (): Promise<SpaceCommand> => ({
        type: 'TransferSpace',
        spaceId: cmd.spaceId,
        organizationId: cmd.organizationId,
        placement: await endOf(this.store, cmd.organizationId, null),
        pendingChangeRequests: (await pendingChangeRequests(this.queries, [cmd.spaceId])).get(cmd.spaceId) ?? 0,
      }),
      {
        precondition: async (s) => {
          await spaceFlag(acc, cmd.spaceId, 'admin', 'Transferring a space')(s);
          // Only a transfer that leaves the organization needs the target's create role (else: 409).
          if (s.space!.organizationId !== cmd.organizationId) {
            await authorizeCreateIn(acc, cmd.organizationId, null, 'organization', 'Transferring a space into an organization');
          }
        },
      },
    );
  }
}
