import { CommandHandler, ICommandHandler, Command } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { decideRevoke, token, tokenStream } from '../../domain/token';

export class RevokeTokenCommand extends Command<void> {
  constructor(readonly tokenId: string) { super(); }
}

@CommandHandler(RevokeTokenCommand)
export class RevokeTokenHandler implements ICommandHandler<RevokeTokenCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: RevokeTokenCommand): Promise<void> {
    await this.es.handle(tokenStream(cmd.tokenId), token, (s, now) => decideRevoke(s, cmd.tokenId, now));
  }
}
