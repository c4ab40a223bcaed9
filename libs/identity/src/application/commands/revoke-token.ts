import { CommandHandler, ICommandHandler, Command } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { token, tokenStream } from '../../domain/token';

export class RevokeTokenCommand extends Command<void> {
  constructor(readonly tokenId: string) {
    super();
  }
}

@CommandHandler(RevokeTokenCommand)
export class RevokeTokenHandler implements ICommandHandler<RevokeTokenCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: RevokeTokenCommand): Promise<void> {
    await this.es.execute(tokenStream(cmd.tokenId), token, { type: 'RevokeToken', tokenId: cmd.tokenId });
  }
}
