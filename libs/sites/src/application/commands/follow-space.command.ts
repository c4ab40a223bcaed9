import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '@app/platform';
import { site, siteStream } from '../../domain/site';
import { spaceSites, spaceSitesStream } from '../../domain/space-sites';

/** What happened to a space, as the sites context follows it. */
export type SpaceFate = 'deleted' | 'restored' | 'purged' | 'transferred';

const COMMAND = { deleted: 'DetachSpace', restored: 'ReattachSpace', purged: 'DiscardSpace', transferred: 'DropSpace' } as const;

/** Sent by the follow-spaces saga: a space was placed in a site (recorded once per site). */
export class RecordSpaceSiteCommand extends Command<void> {
  constructor(
    readonly spaceId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@CommandHandler(RecordSpaceSiteCommand)
export class RecordSpaceSiteHandler implements ICommandHandler<RecordSpaceSiteCommand> {
  constructor(private readonly es: EventSourcing) {}
  async execute(c: RecordSpaceSiteCommand): Promise<void> {
    await this.es.execute(spaceSitesStream(c.spaceId), spaceSites, { type: 'RecordSpaceSite', spaceId: c.spaceId, siteId: c.siteId });
  }
}

/** Sent by the follow-spaces saga: brings every site the space was placed in in line with its fate. */
export class FollowSpaceCommand extends Command<void> {
  constructor(
    readonly fate: SpaceFate,
    readonly spaceId: string,
    /** The organization whose sites hold it (the one it left, for a transfer). */
    readonly organizationId: string,
    /** Id of the spaces context's event: a redelivery writes nothing twice. */
    readonly cause: string,
  ) {
    super();
  }
}

@CommandHandler(FollowSpaceCommand)
export class FollowSpaceHandler implements ICommandHandler<FollowSpaceCommand> {
  constructor(private readonly es: EventSourcing) {}

  async execute(c: FollowSpaceCommand): Promise<void> {
    const { state } = await this.es.load(spaceSitesStream(c.spaceId), spaceSites);
    for (const siteId of state.sites) {
      const command = { type: COMMAND[c.fate], siteId, spaceId: c.spaceId, organizationId: c.organizationId };
      await this.es.execute(siteStream(siteId), site, command, { idempotencyKey: `${c.cause}:${siteId}` });
    }
  }
}
