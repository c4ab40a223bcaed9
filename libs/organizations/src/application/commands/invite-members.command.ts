import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ReadStore, Role } from '@app/platform';
import { RegisterUserCommand } from '@app/identity';
import { ssoGranted } from '../../domain/members';
import { CommandOf, organizationStream, requireAdmin, ResolvedInvite } from '../../domain/organization';
import { organization } from '../../domain/organization.decider';
import { MEMBERS } from '../queries/read-models';

export interface EmailInvite {
  email: string;
  /** Explicit role; undefined falls back to the body's role, then to the organization's defaultRole. */
  role: Role | null | undefined;
}

export interface InviteResult {
  users: string[];
  invited: number;
  failedSSOEmails?: string[];
}

/**
 * Invites by email add the users to the organization at once, registering a user for an unknown
 * email (identity returns the existing user for a known one). SSO membership is only granted to
 * users who belong to no other organization; the others are added without it and reported.
 */
export class InviteMembersCommand extends Command<InviteResult> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly invites: EmailInvite[],
    readonly role: Role | null | undefined,
    readonly sso: boolean,
  ) {
    super();
  }
}

@CommandHandler(InviteMembersCommand)
export class InviteMembersHandler implements ICommandHandler<InviteMembersCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly commands: CommandBus,
    private readonly store: ReadStore,
  ) {}

  async execute(cmd: InviteMembersCommand): Promise<InviteResult> {
    const { organizationId, actorId, role, sso } = cmd;
    let invites: ResolvedInvite[] = [];
    const r = await this.es.execute(
      organizationStream(organizationId),
      organization,
      async (): Promise<CommandOf<'InviteMembers'>> => {
        invites = await this.resolve(organizationId, cmd.invites, sso);
        return { type: 'InviteMembers', organizationId, actorId, role, sso, invites };
      },
      {
        // Users are registered (in identity) only once the caller is known to be an admin.
        precondition: (s) => requireAdmin(s, organizationId, actorId, 'invite members'),
      },
    );
    const users = r.events.filter((e) => e.type === 'OrganizationMemberAdded').map((e) => e.data.userId);
    const failedSSOEmails = invites.filter((i) => !ssoGranted(sso, i)).map((i) => i.email);
    return { users, invited: users.length, ...(sso ? { failedSSOEmails } : {}) };
  }

  private async resolve(organizationId: string, invites: EmailInvite[], sso: boolean): Promise<ResolvedInvite[]> {
    const resolved: ResolvedInvite[] = [];
    for (const i of invites) {
      const { userId } = await this.commands.execute(new RegisterUserCommand(i.email, i.email.split('@')[0].slice(0, 100)));
      const memberElsewhere = sso && (await this.store.count(MEMBERS, { userId, organizationId: { $ne: organizationId } })) > 0;
      resolved.push({ email: i.email, userId, role: i.role, memberElsewhere });
    }
    return resolved;
  }
}
