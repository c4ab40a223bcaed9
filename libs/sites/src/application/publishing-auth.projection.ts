import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { SiteEvents } from '../contracts';
import { PUBLISHING_AUTH_EVENT_TYPES, publishingAuth, PublishingAuthEvent, PublishingAuthState } from '../domain/publishing-auth';

export const PUBLISHING_AUTH = 'site_publishing_auth';

/** A site's visitor authentication settings, keyed by site id (the key only in its sealed form). */
export interface PublishingAuthDoc extends PublishingAuthState {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  updatedAt: string;
}

/** Folded with the aggregate's own evolve, so the read side cannot disagree on defaults; a deleted site's settings go. */
export const publishingAuthProjection: ProjectionDefinition = {
  name: 'site-publishing-auth',
  collections: [{ name: PUBLISHING_AUTH }],
  handles: [...PUBLISHING_AUTH_EVENT_TYPES, SiteEvents.SiteDeleted],
  async apply(event, ctx) {
    const siteId = (event.data as { siteId: string }).siteId;
    if (event.type === SiteEvents.SiteDeleted) return ctx.delete(PUBLISHING_AUTH, siteId);
    const e = event as RecordedEvent & PublishingAuthEvent;
    const doc = await ctx.get<PublishingAuthDoc>(PUBLISHING_AUTH, siteId);
    const before: PublishingAuthState = doc
      ? { backend: doc.backend, fallbackURL: doc.fallbackURL, jwksURL: doc.jwksURL, key: doc.key }
      : publishingAuth.initialState;
    const state = publishingAuth.evolve(before, e);
    const updatedAt = e.type === 'SitePublishingAuthUpdated' ? e.data.updatedAt : e.data.regeneratedAt;
    ctx.put(PUBLISHING_AUTH, { id: siteId, organizationId: e.data.organizationId, ...state, updatedAt } satisfies PublishingAuthDoc);
  },
};
