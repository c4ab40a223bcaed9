import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ReadStore } from '@app/platform';
import { space, SpaceCommand, spaceStream } from '../../domain/space';
import { spaceFlag } from '../authorize';
import { topLevelIfHomeGone } from '../command-facts';
import { SpaceAccess } from '../space-access';

export class RestoreSpaceCommand extends Command<void> {
  constructor(
    readonly spaceId: string,
    readonly actorId: string,
  ) {
    super();
  }
}

/** A space whose collection was deleted (or transferred) meanwhile comes back at the organization's top level. */
@CommandHandler(RestoreSpaceCommand)
export class RestoreSpaceHandler implements ICommandHandler<RestoreSpaceCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SpaceAccess,
    private readonly store: ReadStore,
  ) {}

  async execute(cmd: RestoreSpaceCommand) {
    await this.es.execute(
      spaceStream(cmd.spaceId),
      space,
      async (s): Promise<SpaceCommand> => ({
        type: 'RestoreSpace',
        spaceId: cmd.spaceId,
        topLevel: await topLevelIfHomeGone(this.store, s),
      }),
      { precondition: spaceFlag(this.access.for(cmd.actorId), cmd.spaceId, 'admin', 'Restoring a space', true) },
    );
  }
}
