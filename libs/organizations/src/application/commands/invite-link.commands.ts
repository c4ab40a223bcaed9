import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, Role } from '@app/platform';
import { organizationStream } from '../../domain/organization';
import { organization } from '../../domain/organization.decider';
import { InviteLinkIds } from '../invite-link-ids';

/** Answers the id to hand out (sealed); the events keep the record id (see InviteLinkIds). */
export class CreateInviteLinkCommand extends Command<{ inviteId: string }> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly role: Role | null,
  ) {
    super();
  }
}

@CommandHandler(CreateInviteLinkCommand)
export class CreateInviteLinkHandler implements ICommandHandler<CreateInviteLinkCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly links: InviteLinkIds,
  ) {}
  async execute(cmd: CreateInviteLinkCommand) {
    const { organizationId, actorId, role } = cmd;
    const inviteId = this.ids.next();
    await this.es.execute(organizationStream(organizationId), organization, { type: 'CreateInviteLink', organizationId, actorId, inviteId, role });
    return { inviteId: this.links.toPublic(organizationId, inviteId) };
  }
}

export class ChangeInviteRoleCommand extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly inviteId: string,
    readonly role: Role | null,
  ) {
    super();
  }
}

@CommandHandler(ChangeInviteRoleCommand)
export class ChangeInviteRoleHandler implements ICommandHandler<ChangeInviteRoleCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly links: InviteLinkIds,
  ) {}
  async execute(cmd: ChangeInviteRoleCommand) {
    const { organizationId, actorId, role } = cmd;
    await this.links.withRecord(organizationId, cmd.inviteId, (inviteId) =>
      this.es.execute(organizationStream(organizationId), organization, { type: 'ChangeInviteRole', organizationId, actorId, inviteId, role }),
    );
  }
}

/** `deleted: false` when there was no such invite (204). */
export class DeleteInviteLinkCommand extends Command<{ deleted: boolean }> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly inviteId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteInviteLinkCommand)
export class DeleteInviteLinkHandler implements ICommandHandler<DeleteInviteLinkCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly links: InviteLinkIds,
  ) {}
  async execute(cmd: DeleteInviteLinkCommand) {
    const { organizationId, actorId } = cmd;
    const inviteId = this.links.toRecord(organizationId, cmd.inviteId);
    const r = await this.es.execute(organizationStream(organizationId), organization, { type: 'DeleteInviteLink', organizationId, actorId, inviteId });
    return { deleted: r.events.length > 0 };
  }
}
