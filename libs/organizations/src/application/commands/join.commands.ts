import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { GetUserEmailQuery } from '@app/identity';
import { organizationStream } from '../../domain/organization';
import { organization } from '../../domain/organization.decider';
import { InviteLinkIds } from '../invite-link-ids';

/** Joins when the caller's verified email domain is one of the organization's email domains. */
export class JoinOrganizationCommand extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(JoinOrganizationCommand)
export class JoinOrganizationHandler implements ICommandHandler<JoinOrganizationCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
  ) {}
  async execute(cmd: JoinOrganizationCommand) {
    const { organizationId, userId } = cmd;
    // The user's email belongs to identity: read once, before deciding.
    const email = await this.queries.execute(new GetUserEmailQuery(userId));
    const verifiedEmail = email?.verified ? email.email : null;
    await this.es.execute(organizationStream(organizationId), organization, { type: 'JoinByEmailDomain', organizationId, userId, verifiedEmail });
  }
}

/** `inviteId` is the id handed out (sealed), as in the invite URL. */
export class JoinWithInviteCommand extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly inviteId: string,
  ) {
    super();
  }
}

@CommandHandler(JoinWithInviteCommand)
export class JoinWithInviteHandler implements ICommandHandler<JoinWithInviteCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly links: InviteLinkIds,
  ) {}
  async execute(cmd: JoinWithInviteCommand) {
    const { organizationId, userId } = cmd;
    await this.links.withRecord(organizationId, cmd.inviteId, (inviteId) =>
      this.es.execute(organizationStream(organizationId), organization, { type: 'JoinWithInvite', organizationId, userId, inviteId }),
    );
  }
}
