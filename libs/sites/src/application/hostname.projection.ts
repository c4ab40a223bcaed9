import { ProjectionContext, ProjectionDefinition, RecordedEvent } from '@app/platform';
import { SiteEvents } from '../contracts';
import { CustomHostnameStatus, HOSTNAME_EVENT_TYPES, HostnameEvent } from '../domain/hostname';
import { dropSiteDocs } from './share-link.projection';

export const CUSTOM_HOSTNAMES = 'site_custom_hostnames';

/** A custom hostname in use by a site, keyed by the hostname; `status` once DNS was checked. */
export interface CustomHostnameDoc {
  [key: string]: unknown;
  id: string;
  siteId: string;
  organizationId: string;
  status?: CustomHostnameStatus;
  checkedAt?: string;
}

type SiteHostnameFacts = { siteId: string; organizationId: string; hostname?: string | null; changes?: { hostname?: string | null } };

/** The site takes `hostname` unless another site holds it (the first holder keeps it). */
async function claim(ctx: ProjectionContext, hostname: string, siteId: string, organizationId: string) {
  if (await ctx.get<CustomHostnameDoc>(CUSTOM_HOSTNAMES, hostname)) return;
  ctx.put(CUSTOM_HOSTNAMES, { id: hostname, siteId, organizationId } satisfies CustomHostnameDoc);
}

/**
 * Which site a custom hostname leads to, and what its last DNS check found. The hostname itself
 * is a field of the site (SiteCreated/SiteUpdated); a new hostname starts unchecked.
 */
export const customHostnamesProjection: ProjectionDefinition = {
  name: 'site-custom-hostnames',
  collections: [{ name: CUSTOM_HOSTNAMES, indexes: [['siteId']] }],
  handles: [SiteEvents.SiteCreated, SiteEvents.SiteUpdated, SiteEvents.SiteDeleted, ...HOSTNAME_EVENT_TYPES],
  async apply(event, ctx) {
    const facts = event.data as SiteHostnameFacts;
    switch (event.type) {
      case SiteEvents.SiteCreated:
        if (facts.hostname) await claim(ctx, facts.hostname, facts.siteId, facts.organizationId);
        return;
      case SiteEvents.SiteUpdated: {
        const hostname = facts.changes?.hostname;
        if (hostname === undefined) return;
        await dropSiteDocs(ctx, CUSTOM_HOSTNAMES, facts.siteId);
        if (hostname) await claim(ctx, hostname, facts.siteId, facts.organizationId);
        return;
      }
      case SiteEvents.SiteDeleted:
        return dropSiteDocs(ctx, CUSTOM_HOSTNAMES, facts.siteId);
    }
    const e = event as RecordedEvent & HostnameEvent;
    await ctx.update<CustomHostnameDoc>(CUSTOM_HOSTNAMES, e.data.hostname, (doc) =>
      doc.siteId === e.data.siteId ? { ...doc, status: e.data.status, checkedAt: e.data.checkedAt } : doc,
    );
  },
};
