import { CommandHandler, ICommandHandler, Command } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator } from '@app/platform';
import { emailClaim, emailStream, normalizeEmail, user, userStream, validateDisplayName } from '../../domain/user';

/** Registers a user, or returns the existing one with that email (`created: false`). */
export class RegisterUserCommand extends Command<{ userId: string; created: boolean }> {
  constructor(
    readonly email: string,
    readonly displayName: string,
    readonly emailVerified = true,
  ) {
    super();
  }
}

/**
 * Two aggregates: the email's stream is the uniqueness guard (the first claim wins, later ones
 * read the winner), then the claimed user registers. Registering is a no-op for an existing
 * user, so a registration interrupted between the two steps is completed by the next one.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
  ) {}

  async execute(cmd: RegisterUserCommand): Promise<{ userId: string; created: boolean }> {
    const email = normalizeEmail(cmd.email);
    // Checked before the claim too, so a refused registration claims nothing.
    const displayName = validateDisplayName(cmd.displayName);
    const claim = await this.es.execute(emailStream(email), emailClaim, { type: 'ClaimEmail', email, userId: this.ids.next() });
    const userId = claim.state.userId!;
    const r = await this.es.execute(userStream(userId), user, { type: 'RegisterUser', userId, email, displayName, emailVerified: cmd.emailVerified });
    return { userId, created: r.events.length > 0 };
  }
}
