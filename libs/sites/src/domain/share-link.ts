import { BadRequest, Decider, DomainEvent, NotFound } from '@app/platform';

/**
 * A share link of a site (visibility `share-link`): a named secret key that opens the site to
 * whoever holds the URL. The key is drawn by the handler (CSPRNG); events carry only its
 * SHA-256 (for lookups by key) and the key sealed under the secret store's key (to show it
 * again in `urls.published`), never the key in clear.
 */
export interface ShareLinkCreated {
  shareLinkId: string;
  siteId: string;
  organizationId: string;
  name: string;
  keyHash: string;
  sealedKey: string;
  createdAt: string;
}

export type ShareLinkChanges = { name?: string; active?: boolean };

export type ShareLinkEvent =
  | DomainEvent<'SiteShareLinkCreated', ShareLinkCreated>
  | DomainEvent<'SiteShareLinkUpdated', { shareLinkId: string; siteId: string; changes: ShareLinkChanges; updatedAt: string }>
  | DomainEvent<'SiteShareLinkDeleted', { shareLinkId: string; siteId: string; deletedAt: string }>;

export const SHARE_LINK_EVENT_TYPES: ReadonlyArray<ShareLinkEvent['type']> = ['SiteShareLinkCreated', 'SiteShareLinkUpdated', 'SiteShareLinkDeleted'];

export type ShareLinkCommand =
  | ({ type: 'CreateShareLink' } & Omit<ShareLinkCreated, 'createdAt'>)
  | { type: 'UpdateShareLink'; shareLinkId: string; siteId: string; changes: ShareLinkChanges }
  /** Deleting what is not there decides nothing (204). */
  | { type: 'DeleteShareLink'; shareLinkId: string; siteId: string };

export interface ShareLinkState {
  link: (ShareLinkCreated & { active: boolean }) | null;
  deleted: boolean;
}

export const shareLinkStream = (id: string) => `sites.share-link-${id}`;
/** Reference ShareLinkName: 0 to 50 characters. */
export const SHARE_LINK_NAME_MAX = 50;

export class ShareLinkNotFound extends NotFound {
  constructor(id: string) {
    super(`shareLinkId: share link ${id} not found`);
  }
}

function checkName(name: string | undefined): void {
  if (name !== undefined && name.length > SHARE_LINK_NAME_MAX) throw new BadRequest(`name: at most ${SHARE_LINK_NAME_MAX} characters`);
}

/** The live link of this site, else 404 (a link id of another site is not found either). */
function live(s: ShareLinkState, id: string, siteId: string) {
  if (!s.link || s.deleted || s.link.siteId !== siteId) throw new ShareLinkNotFound(id);
  return s.link;
}

export const shareLink: Decider<ShareLinkState, ShareLinkCommand, ShareLinkEvent> = {
  initialState: { link: null, deleted: false },
  evolve(s, e) {
    switch (e.type) {
      case 'SiteShareLinkCreated':
        return { link: { ...e.data, active: true }, deleted: false };
      case 'SiteShareLinkUpdated':
        return { ...s, link: { ...s.link!, ...e.data.changes } };
      case 'SiteShareLinkDeleted':
        return { ...s, deleted: true };
    }
  },
  decide(c, s, now) {
    switch (c.type) {
      case 'CreateShareLink': {
        if (s.link) return [];
        checkName(c.name);
        const { type: _type, ...data } = c;
        return [{ type: 'SiteShareLinkCreated', data: { ...data, createdAt: now.toISOString() } }];
      }
      case 'UpdateShareLink': {
        const link = live(s, c.shareLinkId, c.siteId);
        checkName(c.changes.name);
        const changes: ShareLinkChanges = {};
        if (c.changes.name !== undefined && c.changes.name !== link.name) changes.name = c.changes.name;
        if (c.changes.active !== undefined && c.changes.active !== link.active) changes.active = c.changes.active;
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'SiteShareLinkUpdated', data: { shareLinkId: c.shareLinkId, siteId: c.siteId, changes, updatedAt: now.toISOString() } }];
      }
      case 'DeleteShareLink':
        if (!s.link || s.deleted || s.link.siteId !== c.siteId) return [];
        return [{ type: 'SiteShareLinkDeleted', data: { shareLinkId: c.shareLinkId, siteId: c.siteId, deletedAt: now.toISOString() } }];
    }
  },
};
