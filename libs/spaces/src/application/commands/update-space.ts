import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { space, SpaceSettings, spaceStream } from '../../domain/space';
import { spaceFlag } from '../authorize';
import { SpaceAccess } from '../space-access';

export class UpdateSpaceCommand extends Command<void> {
  constructor(
    readonly spaceId: string,
    readonly actorId: string,
    readonly changes: Partial<SpaceSettings>,
  ) {
    super();
  }
}

@CommandHandler(UpdateSpaceCommand)
export class UpdateSpaceHandler implements ICommandHandler<UpdateSpaceCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SpaceAccess,
  ) {}

  async execute(cmd: UpdateSpaceCommand) {
    await this.es.execute(
      spaceStream(cmd.spaceId),
      space,
      { type: 'UpdateSpace', spaceId: cmd.spaceId, changes: cmd.changes },
      {
        precondition: spaceFlag(this.access.for(cmd.actorId), cmd.spaceId, 'admin', 'Updating a space'),
      },
    );
  }
}
