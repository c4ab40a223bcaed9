import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BadRequest, EventSourcing, ReadStore } from '@app/platform';
import { organization, organizationStream, TeamRole } from '../../domain/organization';
import { decideChangeTeamMembers, TeamMembershipChange } from '../../domain/teams';
import { ORG_USERS, OrgUserDoc } from '../queries/read-models';

/** A user named by id or by email, with the request field it came from (for 400 messages). */
export interface UserRef { field: string; ref: string }

/**
 * Adds (or re-roles) and removes team members in one decision. Users may be named by email:
 * those are resolved to ids first; the decider then checks they are organization members.
 */
export class ChangeTeamMembersCommand extends Command<{ changed: number }> {
  constructor(
    readonly organizationId: string, readonly actorId: string, readonly teamId: string,
    readonly set: Array<UserRef & { role: TeamRole | undefined }>, readonly remove: UserRef[],
  ) { super(); }
}

@CommandHandler(ChangeTeamMembersCommand)
export class ChangeTeamMembersHandler implements ICommandHandler<ChangeTeamMembersCommand> {
  constructor(private readonly es: EventSourcing, private readonly store: ReadStore) {}

  async execute(cmd: ChangeTeamMembersCommand) {
    // Authorize first (404/403), so outsiders cannot probe which emails have accounts.
    const { state } = await this.es.load(organizationStream(cmd.organizationId), organization);
    decideChangeTeamMembers(state, cmd.organizationId, cmd.actorId, cmd.teamId, { set: [], remove: [] }, new Date(0));
    const emails = [...cmd.set, ...cmd.remove].filter((u) => u.ref.includes('@')).map((u) => u.ref.trim().toLowerCase());
    const byEmail = new Map(
      emails.length ? (await this.store.find<OrgUserDoc>(ORG_USERS, { email: { $in: [...new Set(emails)] } })).map((u) => [u.email, u.id]) : [],
    );
    const resolve = (u: UserRef, strict: boolean): string | null => {
      if (!u.ref.includes('@')) return u.ref;
      const id = byEmail.get(u.ref.trim().toLowerCase());
      if (!id && strict) throw new BadRequest(`${u.field}: no user with email ${u.ref}`);
      return id ?? null;
    };
    const change: TeamMembershipChange = {
      set: cmd.set.map((u) => ({ field: u.field, userId: resolve(u, true)!, role: u.role })),
      // Removing an unknown email removes nobody, like removing a non-member id.
      remove: cmd.remove.map((u) => resolve(u, false)).filter((id): id is string => id !== null),
    };
    const r = await this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) => decideChangeTeamMembers(s, cmd.organizationId, cmd.actorId, cmd.teamId, change, now));
    return { changed: r.events.length };
  }
}
