import { ProjectionDefinition } from '@app/platform';
import { OrganizationEvents, OrganizationUpdatedPayload } from '@app/organizations/contracts';

export const SUBDOMAINS = 'site_subdomains';

/** A subdomain (an organization's `hostname`) and the organization it leads to, keyed by the subdomain. */
export interface SubdomainDoc {
  [key: string]: unknown;
  id: string;
  organizationId: string;
}

/**
 * Subdomains from the organizations' hostnames. A subdomain leads to one organization: the first
 * that took it keeps it while it holds it (organizations does not refuse a hostname another
 * organization uses yet); changing or clearing the hostname releases the old one.
 */
export const subdomainsProjection: ProjectionDefinition = {
  name: 'site-subdomains',
  collections: [{ name: SUBDOMAINS, indexes: [['organizationId']] }],
  handles: [OrganizationEvents.OrganizationUpdated],
  async apply(event, ctx) {
    const { organizationId, changes } = event.data as OrganizationUpdatedPayload;
    if (changes?.hostname === undefined) return;
    for (const d of await ctx.find<SubdomainDoc>(SUBDOMAINS, { organizationId })) ctx.delete(SUBDOMAINS, d.id);
    if (changes.hostname && !(await ctx.get(SUBDOMAINS, changes.hostname)))
      ctx.put(SUBDOMAINS, { id: changes.hostname, organizationId } satisfies SubdomainDoc);
  },
};
