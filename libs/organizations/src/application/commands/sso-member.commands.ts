import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ReadStore, Role } from '@app/platform';
import { organizationStream } from '../../domain/organization';
import { organization } from '../../domain/organization.decider';
import { MEMBERS } from '../queries/read-models';

/** Whether the user belongs to an organization other than `organizationId` (the read model's answer). */
async function memberElsewhere(store: ReadStore, organizationId: string, userId: string): Promise<boolean> {
  return (await store.count(MEMBERS, { userId, organizationId: { $ne: organizationId } })) > 0;
}

/** setUserAsSSOMemberForOrganization: an admin makes a member an SSO member. */
export class SetMemberSsoCommand extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(SetMemberSsoCommand)
export class SetMemberSsoHandler implements ICommandHandler<SetMemberSsoCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly store: ReadStore,
  ) {}
  async execute(cmd: SetMemberSsoCommand): Promise<void> {
    const { organizationId, actorId, userId } = cmd;
    await this.es.execute(organizationStream(organizationId), organization, async () => ({
      type: 'GrantMemberSso' as const,
      organizationId,
      actorId,
      userId,
      memberElsewhere: await memberElsewhere(this.store, organizationId, userId),
    }));
  }
}

/**
 * A verified SAML sign-in (the sso context's ACS): a new user joins with the provider's default
 * role and team, a member becomes an SSO member. `joined`: the user was not a member before.
 */
export class JoinWithSsoCommand extends Command<{ joined: boolean }> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly providerId: string,
    readonly role: Role | null,
    readonly teamId: string | null,
  ) {
    super();
  }
}

@CommandHandler(JoinWithSsoCommand)
export class JoinWithSsoHandler implements ICommandHandler<JoinWithSsoCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly store: ReadStore,
  ) {}
  async execute(cmd: JoinWithSsoCommand): Promise<{ joined: boolean }> {
    const { organizationId, userId, providerId, role, teamId } = cmd;
    const r = await this.es.execute(organizationStream(organizationId), organization, async () => ({
      type: 'JoinWithSso' as const,
      organizationId,
      userId,
      providerId,
      role,
      teamId,
      memberElsewhere: await memberElsewhere(this.store, organizationId, userId),
    }));
    return { joined: r.events.some((e) => e.type === 'OrganizationMemberAdded') };
  }
}
