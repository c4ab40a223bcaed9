import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, NotFound } from '@app/platform';
import { decideDelete, space, spaceStream } from '../../domain/space';
import { authorizeSpace } from '../authorize';
import { SpaceAccess } from '../space-access';

/** Returns whether a space was deleted (205) or there was none to delete (204). */
export class DeleteSpaceCommand extends Command<{ deleted: boolean }> {
  constructor(readonly spaceId: string, readonly actorId: string) { super(); }
}

@CommandHandler(DeleteSpaceCommand)
export class DeleteSpaceHandler implements ICommandHandler<DeleteSpaceCommand> {
  constructor(private readonly es: EventSourcing, private readonly access: SpaceAccess) {}

  async execute(cmd: DeleteSpaceCommand) {
    const { state } = await this.es.load(spaceStream(cmd.spaceId), space);
    if (state.status !== 'active') return { deleted: false };
    try {
      await authorizeSpace(this.access.for(cmd.actorId), state, cmd.spaceId, 'admin', 'Deleting a space');
    } catch (e) {
      // A space the caller cannot see "did not exist" for them: its existence does not leak.
      if (e instanceof NotFound) return { deleted: false };
      throw e;
    }
    const r = await this.es.handle(spaceStream(cmd.spaceId), space, (s, now) => decideDelete(s, cmd.spaceId, now));
    return { deleted: r.events.length > 0 };
  }
}
