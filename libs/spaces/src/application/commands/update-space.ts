import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BadRequest, EventSourcing, Forbidden } from '@app/platform';
import { decideUpdate, space, SpaceNotFound, SpaceSettings, spaceStream } from '../../domain/space';
import { SpaceAccess } from '../space-access';

export class UpdateSpaceCommand extends Command<void> {
  constructor(readonly spaceId: string, readonly actorId: string, readonly changes: Partial<SpaceSettings>) { super(); }
}

@CommandHandler(UpdateSpaceCommand)
export class UpdateSpaceHandler implements ICommandHandler<UpdateSpaceCommand> {
  constructor(private readonly es: EventSourcing, private readonly access: SpaceAccess) {}

  async execute(cmd: UpdateSpaceCommand) {
    const { state } = await this.es.load(spaceStream(cmd.spaceId), space);
    if (state.status !== 'active') throw new SpaceNotFound(cmd.spaceId);
    const role = await this.access.roleOn(state.space!, cmd.actorId);
    if (!role) throw new SpaceNotFound(cmd.spaceId);
    if (role !== 'admin') throw new Forbidden('Updating a space needs the admin role on it');
    if (cmd.changes.visibility === 'in-collection' && !state.space!.parent) {
      throw new BadRequest('visibility: in-collection is only allowed for a space in a collection');
    }
    await this.es.handle(spaceStream(cmd.spaceId), space, (s, now) => decideUpdate(s, cmd.spaceId, cmd.changes, now));
  }
}
