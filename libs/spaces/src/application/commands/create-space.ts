import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { atLeast, Clock, EventSourcing, Forbidden, IdGenerator, NotFound } from '@app/platform';
import { decideCreate, space, SpaceSettings, spaceStream } from '../../domain/space';
import { SpaceAccess } from '../space-access';

export class CreateSpaceCommand extends Command<{ spaceId: string }> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly settings: SpaceSettings, readonly parent: string | null) { super(); }
}

@CommandHandler(CreateSpaceCommand)
export class CreateSpaceHandler implements ICommandHandler<CreateSpaceCommand> {
  constructor(private readonly es: EventSourcing, private readonly ids: IdGenerator, private readonly clock: Clock, private readonly access: SpaceAccess) {}

  async execute(cmd: CreateSpaceCommand) {
    const role = await this.access.orgRole(cmd.organizationId, cmd.actorId);
    if (!role) throw new NotFound(`No organization with id ${cmd.organizationId}`);
    if (!atLeast(role, 'create')) throw new Forbidden('Creating spaces needs the create role or higher in the organization');
    const spaceId = this.ids.next();
    const createdAt = this.clock.now().toISOString();
    await this.es.handle(spaceStream(spaceId), space, (s) =>
      decideCreate(s, { ...cmd.settings, spaceId, organizationId: cmd.organizationId, parent: cmd.parent, revision: this.ids.next(), createdAt, duplicatedFrom: null }),
    );
    return { spaceId };
  }
}
