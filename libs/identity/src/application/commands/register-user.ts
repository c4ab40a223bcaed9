import { CommandHandler, ICommandHandler, Command } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator } from '@app/platform';
import { emailClaim, emailStream, normalizeEmail, user, userStream, validateDisplayName } from '../../domain/user';

/** Registers a user, or returns the existing one with that email (`created: false`). */
export class RegisterUserCommand extends Command<{ userId: string; created: boolean }> {
  constructor(readonly email: string, readonly displayName: string, readonly emailVerified = true) { super(); }
}

@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(private readonly es: EventSourcing, private readonly ids: IdGenerator) {}

  async execute(cmd: RegisterUserCommand): Promise<{ userId: string; created: boolean }> {
    const email = normalizeEmail(cmd.email);
    const displayName = validateDisplayName(cmd.displayName);
    const candidate = this.ids.next();
    // The email stream is the uniqueness guard: the first claim wins, later ones reuse it.
    const claim = await this.es.handle(emailStream(email), emailClaim, (s) =>
      s.userId ? [] : [{ type: 'UserEmailClaimed', data: { email, userId: candidate } }],
    );
    const userId = claim.state.userId!;
    if (userId !== candidate) return { userId, created: false };
    await this.es.handle(userStream(userId), user, (s, now) =>
      s.exists ? [] : [{ type: 'UserRegistered', data: { userId, email, displayName, registeredAt: now.toISOString(), emailVerified: cmd.emailVerified } }],
    );
    return { userId, created: true };
  }
}
