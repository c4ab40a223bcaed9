import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, Role } from '@app/platform';
import { organizationStream } from '../../domain/organization';
import { organization } from '../../domain/organization.decider';

export class ChangeMemberRoleCommand extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly userId: string,
    readonly role: Role | null | undefined,
  ) {
    super();
  }
}

@CommandHandler(ChangeMemberRoleCommand)
export class ChangeMemberRoleHandler implements ICommandHandler<ChangeMemberRoleCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: ChangeMemberRoleCommand) {
    const { organizationId, actorId, userId, role } = cmd;
    await this.es.execute(organizationStream(organizationId), organization, { type: 'ChangeMemberRole', organizationId, actorId, userId, role });
  }
}

/** `removed: false` when the user was not a member (204), true when removed (205). */
export class RemoveMemberCommand extends Command<{ removed: boolean }> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveMemberCommand)
export class RemoveMemberHandler implements ICommandHandler<RemoveMemberCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: RemoveMemberCommand) {
    const { organizationId, actorId, userId } = cmd;
    const r = await this.es.execute(organizationStream(organizationId), organization, { type: 'RemoveMember', organizationId, actorId, userId });
    return { removed: r.events.length > 0 };
  }
}
