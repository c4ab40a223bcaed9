import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { GetUserEmailQuery } from '@app/identity';
import { decideJoinByEmailDomain, decideJoinWithInvite } from '../../domain/invites';
import { organization, organizationStream } from '../../domain/organization';
import { InviteLinkIds } from '../invite-link-ids';

/** Joins when the caller's verified email domain is one of the organization's email domains. */
export class JoinOrganizationCommand extends Command<void> {
  constructor(readonly organizationId: string, readonly userId: string) { super(); }
}

@CommandHandler(JoinOrganizationCommand)
export class JoinOrganizationHandler implements ICommandHandler<JoinOrganizationCommand> {
  constructor(private readonly es: EventSourcing, private readonly queries: QueryBus) {}
  async execute(cmd: JoinOrganizationCommand) {
    const email = await this.queries.execute(new GetUserEmailQuery(cmd.userId));
    const verified = email?.verified ? email.email : null;
    await this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) => decideJoinByEmailDomain(s, cmd.organizationId, cmd.userId, verified, now));
  }
}

/** `inviteId` is the id handed out (sealed), as in the invite URL. */
export class JoinWithInviteCommand extends Command<void> {
  constructor(readonly organizationId: string, readonly userId: string, readonly inviteId: string) { super(); }
}

@CommandHandler(JoinWithInviteCommand)
export class JoinWithInviteHandler implements ICommandHandler<JoinWithInviteCommand> {
  constructor(private readonly es: EventSourcing, private readonly links: InviteLinkIds) {}
  async execute(cmd: JoinWithInviteCommand) {
    await this.links.withRecord(cmd.organizationId, cmd.inviteId, (recordId) =>
      this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) => decideJoinWithInvite(s, cmd.organizationId, cmd.userId, recordId, now)));
  }
}
