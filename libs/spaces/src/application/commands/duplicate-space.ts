import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, EventSourcing, Forbidden, IdGenerator, ReadStore } from '@app/platform';
import { decideCreate, space, SpaceNotFound, spaceStream } from '../../domain/space';
import { authorizeCreateIn, authorizeSpace, InvalidTarget } from '../authorize';
import { rightAfter } from '../placement';
import { SpaceAccess } from '../space-access';

export class DuplicateSpaceCommand extends Command<{ spaceId: string }> {
  constructor(readonly sourceId: string, readonly actorId: string) { super(); }
}

/**
 * The copy lands right after its source, in the same collection, with the source's settings;
 * permissions granted on the source are not copied (the copy is a new space: its creator
 * decides who to invite).
 */
@CommandHandler(DuplicateSpaceCommand)
export class DuplicateSpaceHandler implements ICommandHandler<DuplicateSpaceCommand> {
  constructor(private readonly es: EventSourcing, private readonly ids: IdGenerator, private readonly clock: Clock, private readonly access: SpaceAccess, private readonly store: ReadStore) {}

  async execute(cmd: DuplicateSpaceCommand) {
    const { state } = await this.es.load(spaceStream(cmd.sourceId), space);
    if (state.status !== 'active') throw new SpaceNotFound(cmd.sourceId);
    const src = state.space!;
    const acc = this.access.for(cmd.actorId);
    await authorizeSpace(acc, state, cmd.sourceId, 'view', 'Duplicating a space');
    await authorizeCreateIn(acc, src.organizationId, src.parent, 'parent', 'Duplicating a space', true).catch((e) => {
      // The caller sees the space (public, or shared with them) but not the collection the copy would go to.
      throw e instanceof InvalidTarget ? new Forbidden(`Duplicating space ${cmd.sourceId} needs the create role on collection ${src.parent}`) : e;
    });
    const { position } = await rightAfter(this.store, src.organizationId, src.parent, { kind: 'space', id: src.spaceId });
    const spaceId = this.ids.next();
    const title = [...`${src.title} (copy)`].slice(0, 50).join('');
    await this.es.handle(spaceStream(spaceId), space, () =>
      decideCreate(space.initialState, {
        ...src, spaceId, title, revision: this.ids.next(), createdAt: this.clock.now().toISOString(), duplicatedFrom: src.spaceId, position,
      }),
    );
    return { spaceId };
  }
}
