import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, NotFound } from '@app/platform';
import { space, spaceStream } from '../../domain/space';
import { spaceFlag } from '../authorize';
import { SpaceAccess } from '../space-access';

/** Returns whether a space was deleted (205) or there was none to delete (204). */
export class DeleteSpaceCommand extends Command<{ deleted: boolean }> {
  constructor(
    readonly spaceId: string,
    readonly actorId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteSpaceCommand)
export class DeleteSpaceHandler implements ICommandHandler<DeleteSpaceCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SpaceAccess,
  ) {}

  async execute(cmd: DeleteSpaceCommand) {
    try {
      const r = await this.es.execute(
        spaceStream(cmd.spaceId),
        space,
        { type: 'DeleteSpace', spaceId: cmd.spaceId },
        {
          precondition: spaceFlag(this.access.for(cmd.actorId), cmd.spaceId, 'admin', 'Deleting a space'),
        },
      );
      return { deleted: r.events.length > 0 };
    } catch (e) {
      // A space that is not there, or that the caller cannot see, "did not exist" for them: its existence does not leak.
      if (e instanceof NotFound) return { deleted: false };
      throw e;
    }
  }
}
