import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { SiteEvents } from '../contracts';
import { REDIRECT_EVENT_TYPES, RedirectDestination, RedirectEvent } from '../domain/redirect';
import { dropSiteDocs } from './share-link.projection';

export const REDIRECTS = 'site_redirects';

export interface RedirectDoc {
  [key: string]: unknown;
  id: string;
  siteId: string;
  organizationId: string;
  source: string;
  destination: RedirectDestination;
  seq: number;
}

/** Redirects by site in creation order, and by (site, source) for the lookup. */
export const redirectsProjection: ProjectionDefinition = {
  name: 'site-redirects',
  collections: [
    {
      name: REDIRECTS,
      indexes: [
        ['siteId', 'seq'],
        ['siteId', 'source'],
      ],
    },
  ],
  handles: [...REDIRECT_EVENT_TYPES, SiteEvents.SiteDeleted],
  async apply(event, ctx) {
    if (event.type === SiteEvents.SiteDeleted) return dropSiteDocs(ctx, REDIRECTS, (event.data as { siteId: string }).siteId);
    const e = event as RecordedEvent & RedirectEvent;
    switch (e.type) {
      case 'SiteRedirectCreated': {
        const { redirectId, siteId, organizationId, source, destination } = e.data;
        ctx.put(REDIRECTS, { id: redirectId, siteId, organizationId, source, destination, seq: e.position } satisfies RedirectDoc);
        return;
      }
      case 'SiteRedirectUpdated':
        return ctx.update<RedirectDoc>(REDIRECTS, e.data.redirectId, (doc) => ({ ...doc, ...e.data.changes }));
      case 'SiteRedirectDeleted':
        return ctx.delete(REDIRECTS, e.data.redirectId);
    }
  },
};
