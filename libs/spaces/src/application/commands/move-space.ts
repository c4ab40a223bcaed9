import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ReadStore } from '@app/platform';
import { PositionSpec } from '../../domain/placement';
import { space, SpaceCommand, SpaceState, spaceStream } from '../../domain/space';
import { authorizeCreateIn, spaceFlag } from '../authorize';
import { targetParent } from '../command-facts';
import { moveTarget } from '../placement';
import { SpaceAccess } from '../space-access';

/** `parent` undefined keeps the current parent; null is the organization's top level. */
export class MoveSpaceCommand extends Command<void> {
  constructor(
    readonly spaceId: string,
    readonly actorId: string,
    readonly parent: string | null | undefined,
    readonly position: PositionSpec,
  ) {
    super();
  }
}

/** Needs admin on the space and the create role where it lands. */
@CommandHandler(MoveSpaceCommand)
export class MoveSpaceHandler implements ICommandHandler<MoveSpaceCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SpaceAccess,
    private readonly store: ReadStore,
  ) {}

  async execute(cmd: MoveSpaceCommand) {
    const acc = this.access.for(cmd.actorId);
    const where = (s: SpaceState) => ({ organizationId: s.space!.organizationId, current: s.space!.parent, parent: targetParent(cmd.parent, s.space!.parent) });
    await this.es.execute(
      spaceStream(cmd.spaceId),
      space,
      async (s): Promise<SpaceCommand> => {
        const { organizationId, parent } = where(s);
        return {
          type: 'MoveSpace',
          spaceId: cmd.spaceId,
          to: await moveTarget(this.store, organizationId, parent, { kind: 'space', id: cmd.spaceId }, cmd.position),
        };
      },
      {
        precondition: async (s) => {
          await spaceFlag(acc, cmd.spaceId, 'admin', 'Moving a space')(s);
          const { organizationId, current, parent } = where(s);
          if (parent !== current) await authorizeCreateIn(acc, organizationId, parent, 'parent', 'Moving a space into a collection', true);
        },
      },
    );
  }
}
