import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, EventSourcing, IdGenerator, ReadStore } from '@app/platform';
import { decideCreate, space, SpaceSettings, spaceStream } from '../../domain/space';
import { authorizeCreateIn } from '../authorize';
import { endOf } from '../placement';
import { SpaceAccess } from '../space-access';

export class CreateSpaceCommand extends Command<{ spaceId: string }> {
  constructor(readonly organizationId: string, readonly actorId: string, readonly settings: SpaceSettings, readonly parent: string | null) { super(); }
}

/** A new space goes at the end of its parent collection (or of the organization's top level). */
@CommandHandler(CreateSpaceCommand)
export class CreateSpaceHandler implements ICommandHandler<CreateSpaceCommand> {
  constructor(private readonly es: EventSourcing, private readonly ids: IdGenerator, private readonly clock: Clock, private readonly access: SpaceAccess, private readonly store: ReadStore) {}

  async execute(cmd: CreateSpaceCommand) {
    await authorizeCreateIn(this.access.for(cmd.actorId), cmd.organizationId, cmd.parent, 'parent', 'Creating a space');
    const { position } = await endOf(this.store, cmd.organizationId, cmd.parent);
    const spaceId = this.ids.next();
    const createdAt = this.clock.now().toISOString();
    await this.es.handle(spaceStream(spaceId), space, (s) =>
      decideCreate(s, { ...cmd.settings, spaceId, organizationId: cmd.organizationId, parent: cmd.parent, revision: this.ids.next(), createdAt, duplicatedFrom: null, position }),
    );
    return { spaceId };
  }
}
