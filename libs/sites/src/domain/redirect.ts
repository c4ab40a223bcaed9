import { BadRequest, Decider, DomainEvent, NotFound } from '@app/platform';

/**
 * A site's redirects, one stream per site so that a source path is unique within the site (the
 * decider sees every redirect of the site). Destinations are the reference's: a site section, a
 * site space, or a page of a site space; the handler checks that they exist before deciding.
 */
export type RedirectDestination =
  { kind: 'site-section'; siteSectionId: string } | { kind: 'site-space'; siteSpaceId: string } | { kind: 'site-page'; siteSpaceId: string; pageId: string };

export interface Redirect {
  redirectId: string;
  source: string;
  destination: RedirectDestination;
}

export type RedirectEvent =
  | DomainEvent<'SiteRedirectCreated', Redirect & { siteId: string; organizationId: string; createdAt: string }>
  | DomainEvent<'SiteRedirectUpdated', { siteId: string; redirectId: string; changes: Partial<Omit<Redirect, 'redirectId'>>; updatedAt: string }>
  | DomainEvent<'SiteRedirectDeleted', { siteId: string; redirectId: string; source: string; deletedAt: string }>;

export const REDIRECT_EVENT_TYPES: ReadonlyArray<RedirectEvent['type']> = ['SiteRedirectCreated', 'SiteRedirectUpdated', 'SiteRedirectDeleted'];

export type RedirectCommand =
  | ({ type: 'CreateRedirect'; siteId: string; organizationId: string } & Redirect)
  | { type: 'UpdateRedirect'; siteId: string; redirectId: string; changes: Partial<Omit<Redirect, 'redirectId'>> }
  | { type: 'DeleteRedirect'; siteId: string; redirectId: string };

export interface RedirectsState {
  /** By redirect id. */
  redirects: Record<string, Redirect>;
}

export const redirectsStream = (siteId: string) => `sites.redirects-${siteId}`;
export const MAX_REDIRECTS_PER_SITE = 5000;
/** Reference SiteRedirectSourcePath: `/`-separated segments of unreserved or percent-encoded characters, at most 512. */
export const SOURCE_PATH = /^\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+)*$/;
export const SOURCE_MAX = 512;

export const sourcePathProblem = (v: unknown, field = 'source'): string | null =>
  typeof v !== 'string' || v.length > SOURCE_MAX || !SOURCE_PATH.test(v)
    ? `${field}: must be a path such as /old/page (segments of letters, digits, -._~ or %XX, no trailing slash, at most ${SOURCE_MAX} characters)`
    : null;

export class RedirectNotFound extends NotFound {
  constructor(id: string) {
    super(`siteRedirectId: redirect ${id} not found`);
  }
}
export class DuplicateRedirectSource extends BadRequest {
  constructor(source: string, existing: string) {
    super(`source: the site already redirects ${source} (redirect ${existing}); sources are unique per site`);
  }
}

function checkSource(s: RedirectsState, source: string | undefined, self: string): void {
  if (source === undefined) return;
  const problem = sourcePathProblem(source);
  if (problem) throw new BadRequest(problem);
  const taken = Object.values(s.redirects).find((r) => r.source === source && r.redirectId !== self);
  if (taken) throw new DuplicateRedirectSource(source, taken.redirectId);
}

export const redirects: Decider<RedirectsState, RedirectCommand, RedirectEvent> = {
  initialState: { redirects: {} },
  evolve(s, e) {
    switch (e.type) {
      case 'SiteRedirectCreated': {
        const { redirectId, source, destination } = e.data;
        return { redirects: { ...s.redirects, [redirectId]: { redirectId, source, destination } } };
      }
      case 'SiteRedirectUpdated':
        return { redirects: { ...s.redirects, [e.data.redirectId]: { ...s.redirects[e.data.redirectId], ...e.data.changes } } };
      case 'SiteRedirectDeleted': {
        const { [e.data.redirectId]: _gone, ...rest } = s.redirects;
        return { redirects: rest };
      }
    }
  },
  decide(c, s, now) {
    switch (c.type) {
      case 'CreateRedirect': {
        if (s.redirects[c.redirectId]) return [];
        checkSource(s, c.source, c.redirectId);
        if (Object.keys(s.redirects).length >= MAX_REDIRECTS_PER_SITE) throw new BadRequest(`source: a site has at most ${MAX_REDIRECTS_PER_SITE} redirects`);
        const { siteId, organizationId, redirectId, source, destination } = c;
        return [{ type: 'SiteRedirectCreated', data: { siteId, organizationId, redirectId, source, destination, createdAt: now.toISOString() } }];
      }
      case 'UpdateRedirect': {
        const current = s.redirects[c.redirectId];
        if (!current) throw new RedirectNotFound(c.redirectId);
        checkSource(s, c.changes.source, c.redirectId);
        const changes: Partial<Omit<Redirect, 'redirectId'>> = {};
        if (c.changes.source !== undefined && c.changes.source !== current.source) changes.source = c.changes.source;
        if (c.changes.destination !== undefined && JSON.stringify(c.changes.destination) !== JSON.stringify(current.destination)) {
          changes.destination = c.changes.destination;
        }
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'SiteRedirectUpdated', data: { siteId: c.siteId, redirectId: c.redirectId, changes, updatedAt: now.toISOString() } }];
      }
      case 'DeleteRedirect': {
        const current = s.redirects[c.redirectId];
        if (!current) return [];
        return [{ type: 'SiteRedirectDeleted', data: { siteId: c.siteId, redirectId: c.redirectId, source: current.source, deletedAt: now.toISOString() } }];
      }
    }
  },
};
