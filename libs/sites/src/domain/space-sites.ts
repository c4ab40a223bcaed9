import { Decider, DomainEvent } from '@app/platform';

/**
 * Which sites a space has ever been placed in: one stream per space (`sites.space-sites-<id>`),
 * written by the follow-spaces saga from the sites' own events. The saga reads it when the
 * space is deleted, restored, purged or transferred, in the same pass over the global stream
 * that recorded it, so no site placed before that moment can be missed (a read model could
 * still lag behind). A site that no longer holds the space simply decides nothing.
 */
export type SpaceSitesEvent = DomainEvent<'SpaceSiteRecorded', { spaceId: string; siteId: string }>;
export type SpaceSitesCommand = { type: 'RecordSpaceSite'; spaceId: string; siteId: string };
export type SpaceSitesState = { sites: string[] };

export const spaceSitesStream = (spaceId: string) => `sites.space-sites-${spaceId}`;

export const spaceSites: Decider<SpaceSitesState, SpaceSitesCommand, SpaceSitesEvent> = {
  initialState: { sites: [] },
  evolve: (s, e) => ({ sites: [...s.sites, e.data.siteId] }),
  decide: (c, s) => (s.sites.includes(c.siteId) ? [] : [{ type: 'SpaceSiteRecorded', data: { spaceId: c.spaceId, siteId: c.siteId } }]),
};
