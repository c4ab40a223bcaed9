import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { decidePurge, space, spaceStream } from '../../domain/space';

/** Sent by the restore-window timer; see decidePurge for why firing twice is harmless. */
export class PurgeSpaceCommand extends Command<void> {
  constructor(readonly spaceId: string, readonly deletedAt: string) { super(); }
}

@CommandHandler(PurgeSpaceCommand)
export class PurgeSpaceHandler implements ICommandHandler<PurgeSpaceCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: PurgeSpaceCommand) {
    await this.es.handle(spaceStream(cmd.spaceId), space, (s, now) => decidePurge(s, cmd.spaceId, cmd.deletedAt, now));
  }
}
