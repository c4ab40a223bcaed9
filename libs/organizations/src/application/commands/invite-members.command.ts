import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ReadStore, Role } from '@app/platform';
import { RegisterUserCommand } from '@app/identity';
import { decideInviteMembers } from '../../domain/members';
import { DataOf, organization, organizationStream, requireAdmin } from '../../domain/organization';
import { MEMBERS } from '../queries/read-models';

export interface EmailInvite {
  email: string;
  /** Explicit role; undefined falls back to the body's role, then to the organization's defaultRole. */
  role: Role | null | undefined;
}

export interface InviteResult { users: string[]; invited: number; failedSSOEmails?: string[] }

/**
 * Invites by email add the users to the organization at once, registering a user for an unknown
 * email (identity returns the existing user for a known one). SSO membership is only granted to
 * users who belong to no other organization; the others are added without it and reported.
 */
export class InviteMembersCommand extends Command<InviteResult> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly invites: EmailInvite[], readonly role: Role | null | undefined, readonly sso: boolean) { super(); }
}

@CommandHandler(InviteMembersCommand)
export class InviteMembersHandler implements ICommandHandler<InviteMembersCommand> {
  constructor(private readonly es: EventSourcing, private readonly commands: CommandBus, private readonly store: ReadStore) {}

  async execute(cmd: InviteMembersCommand): Promise<InviteResult> {
    // Authorize before creating any user record on the caller's behalf.
    const { state } = await this.es.load(organizationStream(cmd.organizationId), organization);
    requireAdmin(state, cmd.organizationId, cmd.actorId, 'invite members');
    const failedSSOEmails: string[] = [];
    const invites: Array<{ userId: string; role: Role | null; sso: boolean }> = [];
    for (const i of cmd.invites) {
      const { userId } = await this.commands.execute(new RegisterUserCommand(i.email, i.email.split('@')[0].slice(0, 100)));
      const role = i.role !== undefined ? i.role : cmd.role !== undefined ? cmd.role : state.defaultRole;
      let sso = cmd.sso;
      if (sso && (await this.store.count(MEMBERS, { userId, organizationId: { $ne: cmd.organizationId } })) > 0) {
        sso = false;
        failedSSOEmails.push(i.email);
      }
      invites.push({ userId, role, sso });
    }
    const r = await this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) => decideInviteMembers(s, cmd.organizationId, cmd.actorId, invites, now));
    const users = r.events.filter((e) => e.type === 'OrganizationMemberAdded').map((e) => (e.data as DataOf<'OrganizationMemberAdded'>).userId);
    return { users, invited: users.length, ...(cmd.sso ? { failedSSOEmails } : {}) };
  }
}
