import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, Role } from '@app/platform';
import { decideChangeMemberRole, decideRemoveMember } from '../../domain/members';
import { organization, organizationStream } from '../../domain/organization';

export class ChangeMemberRoleCommand extends Command<void> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly userId: string, readonly role: Role | null | undefined) { super(); }
}

@CommandHandler(ChangeMemberRoleCommand)
export class ChangeMemberRoleHandler implements ICommandHandler<ChangeMemberRoleCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: ChangeMemberRoleCommand) {
    await this.es.handle(organizationStream(cmd.organizationId), organization, (s) => decideChangeMemberRole(s, cmd.organizationId, cmd.actorId, cmd.userId, cmd.role));
  }
}

/** `removed: false` when the user was not a member (204), true when removed (205). */
export class RemoveMemberCommand extends Command<{ removed: boolean }> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly userId: string) { super(); }
}

@CommandHandler(RemoveMemberCommand)
export class RemoveMemberHandler implements ICommandHandler<RemoveMemberCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: RemoveMemberCommand) {
    const r = await this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) => decideRemoveMember(s, cmd.organizationId, cmd.actorId, cmd.userId, now));
    return { removed: r.events.length > 0 };
  }
}
