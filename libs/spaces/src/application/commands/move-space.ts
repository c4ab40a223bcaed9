import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, ReadStore } from '@app/platform';
import { PositionSpec } from '../../domain/placement';
import { space, SpaceNotFound, spaceStream } from '../../domain/space';
import { decideMoveSpace } from '../../domain/space-moves';
import { authorizeCreateIn, authorizeSpace } from '../authorize';
import { moveTarget } from '../placement';
import { SpaceAccess } from '../space-access';

/** `parent` undefined keeps the current parent; null is the organization's top level. */
export class MoveSpaceCommand extends Command<void> {
  constructor(readonly spaceId: string, readonly actorId: string, readonly parent: string | null | undefined, readonly position: PositionSpec) { super(); }
}

/** Needs admin on the space and the create role where it lands. */
@CommandHandler(MoveSpaceCommand)
export class MoveSpaceHandler implements ICommandHandler<MoveSpaceCommand> {
  constructor(private readonly es: EventSourcing, private readonly access: SpaceAccess, private readonly store: ReadStore) {}

  async execute(cmd: MoveSpaceCommand) {
    const { state } = await this.es.load(spaceStream(cmd.spaceId), space);
    if (state.status !== 'active') throw new SpaceNotFound(cmd.spaceId);
    const acc = this.access.for(cmd.actorId);
    await authorizeSpace(acc, state, cmd.spaceId, 'admin', 'Moving a space');
    const { organizationId, parent: current } = state.space!;
    const parent = cmd.parent === undefined ? current : cmd.parent;
    if (parent !== current) await authorizeCreateIn(acc, organizationId, parent, 'parent', 'Moving a space into a collection', true);
    const to = await moveTarget(this.store, organizationId, parent, { kind: 'space', id: cmd.spaceId }, cmd.position);
    await this.es.handle(spaceStream(cmd.spaceId), space, (s, now) => decideMoveSpace(s, cmd.spaceId, to, now));
  }
}
