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
