import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RecordedEvent, SagaDefinition } from '@app/platform';
import { SpaceEvents, type SpaceLifecyclePayload, type SpaceTransferredPayload } from '@app/spaces/contracts';
import { FollowSpaceCommand, RecordSpaceSiteCommand, SpaceFate } from '../application/commands/follow-space.command';
import { SiteEvent } from '../domain/site';

const FATE: Record<string, SpaceFate> = {
  [SpaceEvents.SpaceDeleted]: 'deleted',
  [SpaceEvents.SpaceRestored]: 'restored',
  [SpaceEvents.SpacePurged]: 'purged',
  [SpaceEvents.SpaceTransferred]: 'transferred',
};
/** The site events that place a space in a site. */
const PLACED: Array<SiteEvent['type']> = ['SiteSpaceAdded', 'SiteSpaceUpdated'];

/**
 * Sites follow the life of their spaces (the spaces context's integration events): a space in
 * the bin leaves its sites and comes back with a restore; a purged space, or one transferred to
 * another organization, leaves that organization's sites for good. The saga also records, from
 * the sites' own events, which sites each space was placed in: one pass over the global stream
 * does both, in order, so a space's fate always reaches every site that held it by then.
 */
@Injectable()
export class FollowSpacesSaga implements SagaDefinition {
  readonly name = 'sites-follow-spaces';
  readonly handles = [...Object.keys(FATE), ...PLACED];

  constructor(private readonly commands: CommandBus) {}

  async react(e: RecordedEvent): Promise<void> {
    const fate = FATE[e.type];
    if (!fate) {
      const { siteId, spaceId, changes } = e.data as { siteId: string; spaceId?: string; changes?: { spaceId?: string } };
      const placed = spaceId ?? changes?.spaceId;
      if (placed) await this.commands.execute(new RecordSpaceSiteCommand(placed, siteId));
      return;
    }
    if (fate === 'transferred') {
      const d = e.data as SpaceTransferredPayload;
      return this.commands.execute(new FollowSpaceCommand(fate, d.spaceId, d.from, e.id));
    }
    const d = e.data as SpaceLifecyclePayload;
    await this.commands.execute(new FollowSpaceCommand(fate, d.spaceId, d.organizationId, e.id));
  }
}
