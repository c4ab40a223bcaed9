import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, ReadStore } from '@app/platform';
import { space, SpaceCommand, SpaceSettings, spaceStream } from '../../domain/space';
import { authorizeCreateIn } from '../authorize';
import { endOf } from '../placement';
import { SpaceAccess } from '../space-access';

export class CreateSpaceCommand extends Command<{ spaceId: string }> {
  constructor(
    readonly organizationId: string,
    readonly actorId: string,
    readonly settings: SpaceSettings,
    readonly parent: string | null,
    /** Given by a caller that must find it again after a crash (a translation run); else a new id. */
    readonly spaceId?: string,
  ) {
    super();
  }
}

/** Needs the create role where it goes; a new space lands at the end of its parent (or of the top level). */
@CommandHandler(CreateSpaceCommand)
export class CreateSpaceHandler implements ICommandHandler<CreateSpaceCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: SpaceAccess,
    private readonly store: ReadStore,
  ) {}

  async execute(cmd: CreateSpaceCommand) {
    const spaceId = cmd.spaceId ?? this.ids.next();
    await this.es.execute(
      spaceStream(spaceId),
      space,
      async (): Promise<SpaceCommand> => ({
        type: 'CreateSpace',
        spaceId,
        organizationId: cmd.organizationId,
        settings: cmd.settings,
        revision: this.ids.next(),
        placement: await endOf(this.store, cmd.organizationId, cmd.parent),
      }),
      { precondition: () => authorizeCreateIn(this.access.for(cmd.actorId), cmd.organizationId, cmd.parent, 'parent', 'Creating a space') },
    );
    return { spaceId };
  }
}
