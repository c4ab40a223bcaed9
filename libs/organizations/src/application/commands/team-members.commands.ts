import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ReadStore } from '@app/platform';
import { organizationStream, TeamMemberRef, TeamRole } from '../../domain/organization';
import { organization } from '../../domain/organization.decider';
import { ORG_USERS, OrgUserDoc } from '../queries/read-models';

/** A user named by id or by email, with the request field it came from (for 400 messages). */
export interface UserRef {
  field: string;
  ref: string;
}

/**
 * Adds (or re-roles) and removes team members in one decision. Users may be named by email:
 * those are looked up first; the decider authorizes the caller before it says anything about
 * them (an unknown email, a non-member), so outsiders cannot probe which emails have accounts.
 */
export class ChangeTeamMembersCommand extends Command<{ changed: number }> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly teamId: string,
    readonly set: Array<UserRef & { role: TeamRole | undefined }>,
    readonly remove: UserRef[],
  ) {
    super();
  }
}

@CommandHandler(ChangeTeamMembersCommand)
export class ChangeTeamMembersHandler implements ICommandHandler<ChangeTeamMembersCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly store: ReadStore,
  ) {}

  async execute(cmd: ChangeTeamMembersCommand) {
    const { organizationId, actorId, teamId } = cmd;
    const resolve = await this.resolver([...cmd.set, ...cmd.remove]);
    const r = await this.es.execute(organizationStream(organizationId), organization, {
      type: 'ChangeTeamMembers',
      organizationId,
      actorId,
      teamId,
      set: cmd.set.map((u) => ({ ...resolve(u), role: u.role })),
      remove: cmd.remove.map(resolve),
    });
    return { changed: r.events.length };
  }

  /** Ids stay ids; emails become the id of their user, or null when no user has that email. */
  private async resolver(refs: UserRef[]): Promise<(u: UserRef) => TeamMemberRef> {
    const key = (ref: string) => ref.trim().toLowerCase();
    const emails = [...new Set(refs.filter((u) => u.ref.includes('@')).map((u) => key(u.ref)))];
    const users = emails.length ? await this.store.find<OrgUserDoc>(ORG_USERS, { email: { $in: emails } }) : [];
    const byEmail = new Map(users.map((u) => [u.email, u.id]));
    return (u) => ({ field: u.field, ref: u.ref, userId: u.ref.includes('@') ? (byEmail.get(key(u.ref)) ?? null) : u.ref });
  }
}
