import { ADAPTIVE_SCHEMA_EVENT_TYPES } from '../domain/adaptive/adaptive-schema.decider';
import { PUBLISHING_AUTH_EVENT_TYPES } from '../domain/publishing-auth';
import { REDIRECT_EVENT_TYPES } from '../domain/redirect';
import { SHARE_LINK_EVENT_TYPES } from '../domain/share-link';
import { SITE_EVENT_TYPES } from '../domain/site.events';

/**
 * What the sites context publishes to the contexts above it (`@app/sites/contracts`): the
 * published-sites context (delivery) serves sites to readers from these events.
 */
export const SiteEvents = {
  SiteCreated: 'SiteCreated',
  SiteUpdated: 'SiteUpdated',
  SitePublished: 'SitePublished',
  SiteUnpublished: 'SiteUnpublished',
  SiteDeleted: 'SiteDeleted',
} as const;

/** Fields of SiteCreated other contexts may rely on. */
export interface SiteCreatedPayload {
  siteId: string;
  organizationId: string;
  type: string;
  title: string;
  visibility: 'public' | 'unlisted' | 'share-link' | 'visitor-auth';
  basename: string;
  hostname: string | null;
  createdAt: string;
}

/** SiteUpdated: the settings that changed (`hostname` and `proxy` null when removed). */
export interface SiteUpdatedPayload {
  siteId: string;
  organizationId: string;
  changes: Partial<Pick<SiteCreatedPayload, 'title' | 'visibility' | 'basename' | 'hostname'>> & Record<string, unknown>;
  updatedAt: string;
}

/** SitePublished, SiteUnpublished and SiteDeleted. */
export interface SiteLifecyclePayload {
  siteId: string;
  organizationId: string;
}

/**
 * Every event type of the site stream (`sites.site-<id>`): what FindPublishedSiteQuery answers
 * changes only with these, and its `version` moves with each. Caches of rendered sites drop on them.
 */
export const SITE_STREAM_EVENTS: readonly string[] = SITE_EVENT_TYPES;

/**
 * The events that change who AdmitVisitorQuery admits, with which claims, or where
 * FindSiteRedirectQuery leads (share links, visitor authentication, the adaptive schema,
 * redirects), beside the site stream's own (visibility, publishing, structure).
 */
export const SITE_ACCESS_EVENTS: readonly string[] = [
  ...SHARE_LINK_EVENT_TYPES,
  ...PUBLISHING_AUTH_EVENT_TYPES,
  ...ADAPTIVE_SCHEMA_EVENT_TYPES,
  ...REDIRECT_EVENT_TYPES,
];
export * from './audit-actions';
