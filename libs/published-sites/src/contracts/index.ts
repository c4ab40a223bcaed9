/**
 * What the published-sites context (delivery, the top level) publishes: nothing reacts to it
 * inside this server. Its analytics (insights) are not domain events: they go to an
 * append-only store of their own (insights/), never into the event streams.
 */
export const PublishedSitesEvents = {} as const;
export * from './audit-actions';
