import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator } from '@app/platform';
import { organizationStream } from '../../domain/organization';
import { organization } from '../../domain/organization.decider';

export class CreateTeamCommand extends Command<{ teamId: string }> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly title: string,
    readonly members: string[],
  ) {
    super();
  }
}

@CommandHandler(CreateTeamCommand)
export class CreateTeamHandler implements ICommandHandler<CreateTeamCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
  ) {}
  async execute(cmd: CreateTeamCommand) {
    const { organizationId, actorId, title, members } = cmd;
    const teamId = this.ids.next();
    await this.es.execute(organizationStream(organizationId), organization, { type: 'CreateTeam', organizationId, actorId, teamId, title, members });
    return { teamId };
  }
}

export class RenameTeamCommand extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly teamId: string,
    readonly title: string,
  ) {
    super();
  }
}

@CommandHandler(RenameTeamCommand)
export class RenameTeamHandler implements ICommandHandler<RenameTeamCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: RenameTeamCommand) {
    const { organizationId, actorId, teamId, title } = cmd;
    await this.es.execute(organizationStream(organizationId), organization, { type: 'RenameTeam', organizationId, actorId, teamId, title });
  }
}

/** `deleted: false` when there was no such team (204). */
export class DeleteTeamCommand extends Command<{ deleted: boolean }> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly teamId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteTeamCommand)
export class DeleteTeamHandler implements ICommandHandler<DeleteTeamCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(cmd: DeleteTeamCommand) {
    const { organizationId, actorId, teamId } = cmd;
    const r = await this.es.execute(organizationStream(organizationId), organization, { type: 'DeleteTeam', organizationId, actorId, teamId });
    return { deleted: r.events.length > 0 };
  }
}
