import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { user, userStream } from '../../domain/user';

/** A user changes their own display name or photo (`photoURL` null removes it). */
export class UpdateUserProfileCommand extends Command<void> {
  constructor(
    readonly actorId: string,
    readonly userId: string,
    readonly changes: { displayName?: string; photoURL?: string | null },
  ) {
    super();
  }
}

@CommandHandler(UpdateUserProfileCommand)
export class UpdateUserProfileHandler implements ICommandHandler<UpdateUserProfileCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: UpdateUserProfileCommand): Promise<void> {
    const { actorId, userId, changes } = cmd;
    await this.es.execute(userStream(userId), user, { type: 'UpdateUserProfile', userId, actorId, ...changes });
  }
}
