import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, Forbidden } from '@app/platform';
import { decideDelete, space, spaceStream } from '../../domain/space';
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
    const role = await this.access.roleOn(state.space!, cmd.actorId);
    // A space the caller cannot see "did not exist" for them: its existence does not leak.
    if (!role) return { deleted: false };
    if (role !== 'admin') throw new Forbidden('Deleting a space needs the admin role on it');
    const r = await this.es.handle(spaceStream(cmd.spaceId), space, (s, now) => decideDelete(s, cmd.spaceId, now));
    return { deleted: r.events.length > 0 };
  }
}
