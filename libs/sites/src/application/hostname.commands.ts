import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, NotFound, PlatformConfig, Principal, ReadStore } from '@app/platform';
import { hostnameStream, hostnameVerification } from '../domain/hostname';
import { site, siteStream } from '../domain/site';
import { HostnameResolver } from './hostname-resolver';
import { CUSTOM_HOSTNAMES, CustomHostnameDoc } from './hostname.projection';
import { customHostnameNotFound } from './hostname.queries';
import { SiteAccess } from './site-access';

/** dnsRevalidateCustomHostname: checks the hostname's CNAME now and records what was found. */
export class RevalidateCustomHostnameCommand extends Command<void> {
  constructor(
    readonly caller: Principal,
    readonly hostname: string,
  ) {
    super();
  }
}

@CommandHandler(RevalidateCustomHostnameCommand)
export class RevalidateCustomHostnameHandler implements ICommandHandler<RevalidateCustomHostnameCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
    private readonly resolver: HostnameResolver,
    private readonly config: PlatformConfig,
  ) {}
  async execute({ caller, hostname }: RevalidateCustomHostnameCommand) {
    const doc = await this.store.get<CustomHostnameDoc>(CUSTOM_HOSTNAMES, hostname);
    if (!doc) throw customHostnameNotFound(hostname);
    const held = await this.access.requireAdmin(caller, doc.siteId).catch((e: unknown) => {
      throw e instanceof NotFound ? customHostnameNotFound(hostname) : e;
    });
    // The DNS answer is gathered before deciding (no I/O in the decider), then recorded with it.
    const answer = await this.resolver.cnames(hostname);
    await this.es.execute(hostnameStream(held.id), hostnameVerification, {
      type: 'RecordHostnameCheck',
      siteId: held.id,
      organizationId: held.organizationId,
      hostname,
      target: new URL(this.config.publicUrl).hostname,
      answer,
    });
  }
}

/**
 * removeCustomHostname: the site stops using the hostname. The hostname is a field of the site,
 * so the site aggregate records it (SiteUpdated with `hostname: null`); the hostname's read
 * model follows. `removed: false` when no site had it (204).
 */
export class RemoveCustomHostnameCommand extends Command<{ removed: boolean }> {
  constructor(
    readonly caller: Principal,
    readonly hostname: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveCustomHostnameCommand)
export class RemoveCustomHostnameHandler implements ICommandHandler<RemoveCustomHostnameCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
  ) {}
  async execute({ caller, hostname }: RemoveCustomHostnameCommand) {
    const doc = await this.store.get<CustomHostnameDoc>(CUSTOM_HOSTNAMES, hostname);
    if (!doc) return { removed: false };
    // Someone else's hostname "did not exist" for this caller, as a delete of what one cannot see.
    const held = await this.access.requireAdmin(caller, doc.siteId).catch((e: unknown) => {
      if (e instanceof NotFound) return null;
      throw e;
    });
    if (!held) return { removed: false };
    const r = await this.es.execute(siteStream(held.id), site, (state) => ({
      type: 'UpdateSite' as const,
      siteId: held.id,
      // Only while the site still has this hostname (it may have changed since the read model was read).
      changes: state.site?.hostname === hostname ? { hostname: null } : {},
    }));
    return { removed: r.events.length > 0 };
  }
}
