import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertOutboundUrlAllowed, EventSourcing, IdGenerator, PlatformConfig, Principal } from '@app/platform';
import { publishingAuth, PublishingAuthSettings, publishingAuthStream } from '../domain/publishing-auth';
import { PublishingAuthKeys } from './publishing-auth-keys';
import { SiteAccess } from './site-access';

export interface PublishingAuthScope {
  caller: Principal;
  organizationId: string;
  siteId: string;
}

/** updateSitePublishingAuthById: the backend, `fallbackURL` and `jwksURL` (null removes them). */
export class UpdatePublishingAuthCommand extends Command<void> {
  constructor(
    readonly scope: PublishingAuthScope,
    readonly changes: Partial<PublishingAuthSettings>,
  ) {
    super();
  }
}

@CommandHandler(UpdatePublishingAuthCommand)
export class UpdatePublishingAuthHandler implements ICommandHandler<UpdatePublishingAuthCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SiteAccess,
    private readonly config: PlatformConfig,
  ) {}
  async execute({ scope, changes }: UpdatePublishingAuthCommand): Promise<void> {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    // The server fetches the JWKS itself: a URL the network guard refuses is a 400 now, not a refused visitor later.
    if (typeof changes.jwksURL === 'string') await assertOutboundUrlAllowed(this.config, 'jwksURL', changes.jwksURL);
    await this.es.execute(publishingAuthStream(site.id), publishingAuth, {
      type: 'UpdatePublishingAuth',
      siteId: site.id,
      organizationId: site.organizationId,
      changes,
    });
  }
}

/**
 * regenerateSitePublishingAuthById: a new key replaces the old one (tokens signed with the old
 * key stop opening the site at once). The answer is the only place the key is ever shown.
 */
export class RegeneratePublishingAuthCommand extends Command<{ privateKey: string }> {
  constructor(readonly scope: PublishingAuthScope) {
    super();
  }
}

@CommandHandler(RegeneratePublishingAuthCommand)
export class RegeneratePublishingAuthHandler implements ICommandHandler<RegeneratePublishingAuthCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: SiteAccess,
    private readonly keys: PublishingAuthKeys,
  ) {}
  async execute({ scope }: RegeneratePublishingAuthCommand): Promise<{ privateKey: string }> {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    const keyId = this.ids.next();
    const { key, sealedKey } = this.keys.generate(site.id, keyId);
    await this.es.execute(publishingAuthStream(site.id), publishingAuth, {
      type: 'RegeneratePublishingAuthKey',
      siteId: site.id,
      organizationId: site.organizationId,
      keyId,
      sealedKey,
    });
    return { privateKey: key };
  }
}
