import { ProjectionContext, ProjectionDefinition, RecordedEvent } from '@app/platform';
import { SiteEvents } from '../contracts';
import { SHARE_LINK_EVENT_TYPES, ShareLinkEvent } from '../domain/share-link';

export const SHARE_LINKS = 'site_share_links';

export interface ShareLinkDoc {
  [key: string]: unknown;
  id: string;
  siteId: string;
  organizationId: string;
  name: string;
  active: boolean;
  /** SHA-256 of the key: the published side finds a link by the key it is given. */
  keyHash: string;
  sealedKey: string;
  createdAt: string;
  seq: number;
}

/** Every document of `collection` that belongs to a deleted site goes with it. */
export async function dropSiteDocs(ctx: ProjectionContext, collection: string, siteId: string): Promise<void> {
  for (const d of await ctx.find(collection, { siteId })) ctx.delete(collection, d.id);
}

/** Share links by site, in creation order; a deleted site's links go. */
export const shareLinksProjection: ProjectionDefinition = {
  name: 'site-share-links',
  collections: [{ name: SHARE_LINKS, indexes: [['siteId', 'seq'], ['keyHash']] }],
  handles: [...SHARE_LINK_EVENT_TYPES, SiteEvents.SiteDeleted],
  async apply(event, ctx) {
    if (event.type === SiteEvents.SiteDeleted) return dropSiteDocs(ctx, SHARE_LINKS, (event.data as { siteId: string }).siteId);
    const e = event as RecordedEvent & ShareLinkEvent;
    switch (e.type) {
      case 'SiteShareLinkCreated': {
        const { shareLinkId, ...d } = e.data;
        ctx.put(SHARE_LINKS, { id: shareLinkId, ...d, active: true, seq: e.position } satisfies ShareLinkDoc);
        return;
      }
      case 'SiteShareLinkUpdated':
        return ctx.update<ShareLinkDoc>(SHARE_LINKS, e.data.shareLinkId, (doc) => ({ ...doc, ...e.data.changes }));
      case 'SiteShareLinkDeleted':
        return ctx.delete(SHARE_LINKS, e.data.shareLinkId);
    }
  },
};
