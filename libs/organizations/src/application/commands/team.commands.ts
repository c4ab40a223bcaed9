import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator } from '@app/platform';
import { organization, organizationStream } from '../../domain/organization';
import { decideCreateTeam, decideDeleteTeam, decideRenameTeam } from '../../domain/teams';

export class CreateTeamCommand extends Command<{ teamId: string }> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly title: string, readonly members: string[]) { super(); }
}

@CommandHandler(CreateTeamCommand)
export class CreateTeamHandler implements ICommandHandler<CreateTeamCommand> {
  constructor(private readonly es: EventSourcing, private readonly ids: IdGenerator) {}
  async execute(cmd: CreateTeamCommand) {
    const teamId = this.ids.next();
    await this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) => decideCreateTeam(s, cmd.organizationId, cmd.actorId, teamId, cmd.title, cmd.members, now));
    return { teamId };
  }
}

export class RenameTeamCommand extends Command<void> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly teamId: string, readonly title: string) { super(); }
}

@CommandHandler(RenameTeamCommand)
export class RenameTeamHandler implements ICommandHandler<RenameTeamCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: RenameTeamCommand) {
    await this.es.handle(organizationStream(cmd.organizationId), organization, (s) => decideRenameTeam(s, cmd.organizationId, cmd.actorId, cmd.teamId, cmd.title));
  }
}

/** `deleted: false` when there was no such team (204). */
export class DeleteTeamCommand extends Command<{ deleted: boolean }> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly teamId: string) { super(); }
}

@CommandHandler(DeleteTeamCommand)
export class DeleteTeamHandler implements ICommandHandler<DeleteTeamCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: DeleteTeamCommand) {
    const r = await this.es.handle(organizationStream(cmd.organizationId), organization, (s, now) => decideDeleteTeam(s, cmd.organizationId, cmd.actorId, cmd.teamId, now));
    return { deleted: r.events.length > 0 };
  }
}
