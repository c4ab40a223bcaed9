import { CommandHandler, ICommandHandler, Command } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, NotFound } from '@app/platform';
import { hashToken, newTokenSecret, token, TokenEvent, tokenStream, validateTokenName } from '../../domain/token';
import { user, userStream } from '../../domain/user';

/** Issues an API token; `name` is an optional label shown when listing a user's tokens. */
export class IssueTokenCommand extends Command<{ tokenId: string; token: string }> {
  constructor(readonly userId: string, readonly name?: string) { super(); }
}

@CommandHandler(IssueTokenCommand)
export class IssueTokenHandler implements ICommandHandler<IssueTokenCommand> {
  constructor(private readonly es: EventSourcing, private readonly ids: IdGenerator) {}

  async execute(cmd: IssueTokenCommand): Promise<{ tokenId: string; token: string }> {
    const name = validateTokenName(cmd.name);
    const { state } = await this.es.load(userStream(cmd.userId), user);
    if (!state.exists) throw new NotFound(`No user with id ${cmd.userId}`);
    const tokenId = this.ids.next();
    const secret = newTokenSecret();
    await this.es.handle(tokenStream(tokenId), token, (_s, now): TokenEvent[] => [
      { type: 'ApiTokenIssued', data: { tokenId, userId: cmd.userId, hash: hashToken(secret), issuedAt: now.toISOString(), name } },
    ]);
    return { tokenId, token: secret };
  }
}
