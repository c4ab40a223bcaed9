import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, Role } from '@app/platform';
import { decideChangeInviteRole, decideCreateInviteLink, decideDeleteInviteLink } from '../../domain/invites';
import { organization, organizationStream } from '../../domain/organization';
import { InviteLinkIds } from '../invite-link-ids';

/** Answers the id to hand out (sealed); the events keep the record id (see InviteLinkIds). */
export class CreateInviteLinkCommand extends Command<{ inviteId: string }> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly role: Role | null) { super(); }
}

@CommandHandler(CreateInviteLinkCommand)
export class CreateInviteLinkHandler implements ICommandHandler<CreateInviteLinkCommand> {
  constructor(private readonly es: EventSourcing, private readonly ids: IdGenerator, private readonly links: InviteLinkIds) {}
  async execute(cmd: CreateInviteLinkCommand) {
    const recordId = this.ids.next();
    await this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) => decideCreateInviteLink(s, cmd.organizationId, cmd.actorId, recordId, cmd.role, now));
    return { inviteId: this.links.toPublic(cmd.organizationId, recordId) };
  }
}

export class ChangeInviteRoleCommand extends Command<void> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly inviteId: string, readonly role: Role | null) { super(); }
}

@CommandHandler(ChangeInviteRoleCommand)
export class ChangeInviteRoleHandler implements ICommandHandler<ChangeInviteRoleCommand> {
  constructor(private readonly es: EventSourcing, private readonly links: InviteLinkIds) {}
  async execute(cmd: ChangeInviteRoleCommand) {
    await this.links.withRecord(cmd.organizationId, cmd.inviteId, (recordId) =>
      this.es.handle(organizationStream(cmd.organizationId), organization, (s) => decideChangeInviteRole(s, cmd.organizationId, cmd.actorId, recordId, cmd.role)));
  }
}

/** `deleted: false` when there was no such invite (204). */
export class DeleteInviteLinkCommand extends Command<{ deleted: boolean }> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly inviteId: string) { super(); }
}

@CommandHandler(DeleteInviteLinkCommand)
export class DeleteInviteLinkHandler implements ICommandHandler<DeleteInviteLinkCommand> {
  constructor(private readonly es: EventSourcing, private readonly links: InviteLinkIds) {}
  async execute(cmd: DeleteInviteLinkCommand) {
    const recordId = this.links.toRecord(cmd.organizationId, cmd.inviteId);
    const r = await this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) => decideDeleteInviteLink(s, cmd.organizationId, cmd.actorId, recordId, now));
    return { deleted: r.events.length > 0 };
  }
}
