import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, Forbidden, IdGenerator, ReadStore } from '@app/platform';
import { space, SpaceCommand, spaceStream } from '../../domain/space';
import { authorizeCreateIn, authorizeSpace, InvalidTarget } from '../authorize';
import { liveSpace, settingsOf } from '../command-facts';
import { rightAfter } from '../placement';
import { SpaceAccess } from '../space-access';

export class DuplicateSpaceCommand extends Command<{ spaceId: string }> {
  constructor(
    readonly sourceId: string,
    readonly actorId: string,
  ) {
    super();
  }
}

/**
 * The copy lands right after its source, in the same collection, with the source's settings
 * (its read model); permissions granted on the source are not copied (the copy is a new
 * space: its creator decides who to invite). Needs view on the source and create where it lands.
 */
@CommandHandler(DuplicateSpaceCommand)
export class DuplicateSpaceHandler implements ICommandHandler<DuplicateSpaceCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: SpaceAccess,
    private readonly store: ReadStore,
  ) {}

  async execute(cmd: DuplicateSpaceCommand) {
    const src = await liveSpace(this.store, cmd.sourceId);
    const acc = this.access.for(cmd.actorId);
    const spaceId = this.ids.next();
    await this.es.execute(
      spaceStream(spaceId),
      space,
      async (): Promise<SpaceCommand> => ({
        type: 'DuplicateSpace',
        spaceId,
        revision: this.ids.next(),
        source: { spaceId: src.id, organizationId: src.organizationId, settings: settingsOf(src) },
        placement: await rightAfter(this.store, src.organizationId, src.parent, { kind: 'space', id: src.id }),
      }),
      {
        precondition: async () => {
          await authorizeSpace(acc, src, cmd.sourceId, 'view', 'Duplicating a space');
          await authorizeCreateIn(acc, src.organizationId, src.parent, 'parent', 'Duplicating a space', true).catch((e) => {
            // The caller sees the space (public, or shared with them) but not the collection the copy would go to.
            throw e instanceof InvalidTarget ? new Forbidden(`Duplicating space ${cmd.sourceId} needs the create role on collection ${src.parent}`) : e;
          });
        },
      },
    );
    return { spaceId };
  }
}
