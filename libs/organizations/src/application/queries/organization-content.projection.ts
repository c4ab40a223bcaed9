import { ProjectionDefinition } from '@app/platform';
import { contentId, ORG_CONTENT, OrgContentDoc } from './read-models';

/** The fields of the planned sites context's events this projection reads. */
interface SiteCreatedData {
  siteId: string;
  organizationId: string;
}
interface SiteDeletedData {
  siteId: string;
}

/**
 * Which sites exist in which organization: the only default content no context answers for yet.
 * Spaces and collections are asked of the spaces context (IsOrganizationContentQuery, declared in
 * this context's contracts). No sites context exists; when it does, it answers a query of the
 * same kind and this projection goes. Until then the events it is expected to emit,
 * SiteCreated {siteId, organizationId} and SiteDeleted {siteId}, are matched by type string.
 */
export const organizationContentProjection: ProjectionDefinition = {
  name: 'organization-content',
  collections: [{ name: ORG_CONTENT, indexes: [['organizationId']] }],
  handles: ['SiteCreated', 'SiteDeleted'],
  async apply(e, ctx) {
    if (e.type === 'SiteCreated') {
      const d = e.data as SiteCreatedData;
      const doc: OrgContentDoc = { id: contentId('site', d.siteId), organizationId: d.organizationId, kind: 'site', refId: d.siteId };
      ctx.put(ORG_CONTENT, doc);
    } else {
      ctx.delete(ORG_CONTENT, contentId('site', (e.data as SiteDeletedData).siteId));
    }
  },
};
