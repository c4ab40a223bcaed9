import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, Principal } from '@app/platform';
import { shareLink, ShareLinkChanges, shareLinkStream } from '../domain/share-link';
import { ShareLinkKeys } from './share-link-keys';
import { SiteAccess } from './site-access';

/** Where a share link lives: the path's organization and site, checked by SiteAccess (admin). */
export interface ShareLinkScope {
  caller: Principal;
  organizationId: string;
  siteId: string;
}

export class CreateShareLinkCommand extends Command<{ shareLinkId: string }> {
  constructor(
    readonly scope: ShareLinkScope,
    readonly name: string,
  ) {
    super();
  }
}

@CommandHandler(CreateShareLinkCommand)
export class CreateShareLinkHandler implements ICommandHandler<CreateShareLinkCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: SiteAccess,
    private readonly keys: ShareLinkKeys,
  ) {}
  async execute({ scope, name }: CreateShareLinkCommand) {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    const shareLinkId = this.ids.next();
    // The key itself is dropped here: only its hash and its sealed form go on.
    const { keyHash, sealedKey } = this.keys.generate(shareLinkId);
    await this.es.execute(shareLinkStream(shareLinkId), shareLink, {
      type: 'CreateShareLink',
      shareLinkId,
      siteId: site.id,
      organizationId: site.organizationId,
      name,
      keyHash,
      sealedKey,
    });
    return { shareLinkId };
  }
}

export class UpdateShareLinkCommand extends Command<void> {
  constructor(
    readonly scope: ShareLinkScope,
    readonly shareLinkId: string,
    readonly changes: ShareLinkChanges,
  ) {
    super();
  }
}

@CommandHandler(UpdateShareLinkCommand)
export class UpdateShareLinkHandler implements ICommandHandler<UpdateShareLinkCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SiteAccess,
  ) {}
  async execute({ scope, shareLinkId, changes }: UpdateShareLinkCommand) {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    await this.es.execute(shareLinkStream(shareLinkId), shareLink, { type: 'UpdateShareLink', shareLinkId, siteId: site.id, changes });
  }
}

/** `deleted: false` when there was no such link in the site (204). */
export class DeleteShareLinkCommand extends Command<{ deleted: boolean }> {
  constructor(
    readonly scope: ShareLinkScope,
    readonly shareLinkId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteShareLinkCommand)
export class DeleteShareLinkHandler implements ICommandHandler<DeleteShareLinkCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SiteAccess,
  ) {}
  async execute({ scope, shareLinkId }: DeleteShareLinkCommand) {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    const r = await this.es.execute(shareLinkStream(shareLinkId), shareLink, { type: 'DeleteShareLink', shareLinkId, siteId: site.id });
    return { deleted: r.events.length > 0 };
  }
}
