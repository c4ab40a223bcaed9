import { CommandHandler, ICommandHandler, Command, QueryBus } from '@nestjs/cqrs';
import { EventSourcing, Forbidden, IdGenerator, NotFound } from '@app/platform';
import { TokenIssueRefusalQuery } from '../../contracts';
import { hashToken, newTokenSecret, token, tokenStream } from '../../domain/token';
import { user, userStream } from '../../domain/user';

/**
 * Issues an API token; `name` is an optional label shown when listing a user's tokens. Refused
 * (403) when a context above says the user may not get one (TokenIssueRefusalQuery: an
 * organization of theirs enforces single sign-on and they are not its SSO member).
 */
export class IssueTokenCommand extends Command<{ tokenId: string; token: string }> {
  constructor(
    readonly userId: string,
    readonly name?: string,
  ) {
    super();
  }
}

@CommandHandler(IssueTokenCommand)
export class IssueTokenHandler implements ICommandHandler<IssueTokenCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
  ) {}

  async execute(cmd: IssueTokenCommand): Promise<{ tokenId: string; token: string }> {
    const tokenId = this.ids.next();
    const secret = newTokenSecret();
    await this.es.execute(
      tokenStream(tokenId),
      token,
      { type: 'IssueToken', tokenId, userId: cmd.userId, hash: hashToken(secret), name: cmd.name },
      {
        // The user is another aggregate: checked on its own stream.
        precondition: async () => {
          if (!(await this.es.load(userStream(cmd.userId), user)).state.exists) throw new NotFound(`No user with id ${cmd.userId}`);
          const refusal = await this.queries.execute(new TokenIssueRefusalQuery(cmd.userId));
          if (refusal) throw new Forbidden(refusal);
        },
      },
    );
    return { tokenId, token: secret };
  }
}
