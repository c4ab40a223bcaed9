import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFound, Principal, ReadStore, Urls } from '@app/platform';
import type { CustomHostnameStatus } from '../domain/hostname';
import { CUSTOM_HOSTNAMES, CustomHostnameDoc } from './hostname.projection';
import { SiteAccess } from './site-access';

export const customHostnameNotFound = (hostname: string) => new NotFound(`hostname: no custom hostname ${hostname}`);

/** Reference CustomHostname (site targets; an organization's own hostname is its subdomain). */
export interface CustomHostnameView {
  object: 'custom-hostname';
  hostname: string;
  target: { type: 'site'; site: string };
  isActive: boolean;
  status?: CustomHostnameStatus;
  urls: { location: string };
}

/** getCustomHostname: members of the site's organization see it; for anyone else it does not exist. */
export class GetCustomHostnameQuery extends Query<CustomHostnameView> {
  constructor(
    readonly caller: Principal,
    readonly hostname: string,
  ) {
    super();
  }
}

@QueryHandler(GetCustomHostnameQuery)
export class GetCustomHostnameHandler implements IQueryHandler<GetCustomHostnameQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
    private readonly urls: Urls,
  ) {}
  async execute({ caller, hostname }: GetCustomHostnameQuery): Promise<CustomHostnameView> {
    const doc = await this.store.get<CustomHostnameDoc>(CUSTOM_HOSTNAMES, hostname);
    if (!doc) throw customHostnameNotFound(hostname);
    await this.access.requireRead(caller, doc.siteId).catch((e: unknown) => {
      throw e instanceof NotFound ? customHostnameNotFound(hostname) : e;
    });
    return {
      object: 'custom-hostname',
      hostname: doc.id,
      target: { type: 'site', site: doc.siteId },
      // Serving needs a verified DNS record: until a check found the CNAME, the hostname is not active.
      isActive: doc.status === 'live',
      ...(doc.status ? { status: doc.status } : {}),
      urls: { location: this.urls.api(`/custom-hostnames/${encodeURIComponent(doc.id)}`) },
    };
  }
}
