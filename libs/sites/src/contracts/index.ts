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
