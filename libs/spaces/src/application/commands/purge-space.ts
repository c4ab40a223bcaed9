import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { space, spaceStream } from '../../domain/space';

/** Sent by the restore-window timer; the decider makes a second firing harmless. */
export class PurgeSpaceCommand extends Command<void> {
  constructor(
    readonly spaceId: string,
    readonly deletedAt: string,
  ) {
    super();
  }
}

@CommandHandler(PurgeSpaceCommand)
export class PurgeSpaceHandler implements ICommandHandler<PurgeSpaceCommand> {
  constructor(private readonly es: EventSourcing) {}

  async execute(cmd: PurgeSpaceCommand) {
    await this.es.execute(spaceStream(cmd.spaceId), space, { type: 'PurgeSpace', spaceId: cmd.spaceId, deletedAt: cmd.deletedAt });
  }
}
