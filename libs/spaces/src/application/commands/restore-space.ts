import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, Forbidden } from '@app/platform';
import { decideRestore, space, SpaceNotFound, spaceStream } from '../../domain/space';
import { SpaceAccess } from '../space-access';

export class RestoreSpaceCommand extends Command<void> {
  constructor(readonly spaceId: string, readonly actorId: string) { super(); }
}

@CommandHandler(RestoreSpaceCommand)
export class RestoreSpaceHandler implements ICommandHandler<RestoreSpaceCommand> {
  constructor(private readonly es: EventSourcing, private readonly access: SpaceAccess) {}

  async execute(cmd: RestoreSpaceCommand) {
    const { state } = await this.es.load(spaceStream(cmd.spaceId), space);
    if (state.status === 'none' || state.status === 'purged') throw new SpaceNotFound(cmd.spaceId);
    const role = await this.access.roleOn(state.space!, cmd.actorId);
    if (!role) throw new SpaceNotFound(cmd.spaceId);
    if (role !== 'admin') throw new Forbidden('Restoring a space needs the admin role on it');
    await this.es.handle(spaceStream(cmd.spaceId), space, (s, now) => decideRestore(s, cmd.spaceId, now));
  }
}
