import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BadRequest, EventSourcing } from '@app/platform';
import { decideUpdate, space, SpaceNotFound, SpaceSettings, spaceStream } from '../../domain/space';
import { authorizeSpace } from '../authorize';
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
    await authorizeSpace(this.access.for(cmd.actorId), state, cmd.spaceId, 'admin', 'Updating a space');
    if (cmd.changes.visibility === 'in-collection' && !state.space!.parent) {
      throw new BadRequest('visibility: in-collection is only allowed for a space in a collection');
    }
    await this.es.handle(spaceStream(cmd.spaceId), space, (s, now) => decideUpdate(s, cmd.spaceId, cmd.changes, now));
  }
}
