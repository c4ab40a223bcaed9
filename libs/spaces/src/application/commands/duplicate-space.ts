import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { atLeast, Clock, EventSourcing, Forbidden, IdGenerator } from '@app/platform';
import { decideCreate, space, SpaceNotFound, spaceStream } from '../../domain/space';
import { SpaceAccess } from '../space-access';

export class DuplicateSpaceCommand extends Command<{ spaceId: string }> {
  constructor(readonly sourceId: string, readonly actorId: string) { super(); }
}

@CommandHandler(DuplicateSpaceCommand)
export class DuplicateSpaceHandler implements ICommandHandler<DuplicateSpaceCommand> {
  constructor(private readonly es: EventSourcing, private readonly ids: IdGenerator, private readonly clock: Clock, private readonly access: SpaceAccess) {}

  async execute(cmd: DuplicateSpaceCommand) {
    const { state } = await this.es.load(spaceStream(cmd.sourceId), space);
    if (state.status !== 'active') throw new SpaceNotFound(cmd.sourceId);
    const src = state.space!;
    if (!(await this.access.roleOn(src, cmd.actorId))) throw new SpaceNotFound(cmd.sourceId);
    if (!atLeast(await this.access.orgRole(src.organizationId, cmd.actorId), 'create')) {
      throw new Forbidden('Duplicating a space needs the create role or higher in its organization');
    }
    const spaceId = this.ids.next();
    const title = [...`${src.title} (copy)`].slice(0, 50).join('');
    await this.es.handle(spaceStream(spaceId), space, () =>
      decideCreate({ status: 'none', space: null, deletedAt: null }, {
        ...src, spaceId, title, revision: this.ids.next(), createdAt: this.clock.now().toISOString(), duplicatedFrom: src.spaceId,
      }),
    );
    return { spaceId };
  }
}
