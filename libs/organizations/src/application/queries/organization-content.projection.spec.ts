import { projectionOf } from '@app/platform/testing/projection-spec';
import { organizationContentProjection } from './organization-content.projection';
import { ORG_CONTENT } from './read-models';

describe('organization-content projection (sites, until a sites context answers for them)', () => {
  it('keeps the sites an organization has, and forgets deleted ones', async () => {
    const docs = await projectionOf(organizationContentProjection, [
      { type: 'SiteCreated', data: { siteId: 'site1', organizationId: 'o1' } },
      { type: 'SiteCreated', data: { siteId: 'site2', organizationId: 'o2' } },
      { type: 'SiteCreated', data: { siteId: 'site3', organizationId: 'o1' } },
      { type: 'SiteDeleted', data: { siteId: 'site3' } },
    ]);
    expect(docs[ORG_CONTENT]).toEqual([
      { id: 'site:site1', organizationId: 'o1', kind: 'site', refId: 'site1' },
      { id: 'site:site2', organizationId: 'o2', kind: 'site', refId: 'site2' },
    ]);
  });

  it('reads no spaces or collections: those are asked of the spaces context', async () => {
    expect(organizationContentProjection.handles).toEqual(['SiteCreated', 'SiteDeleted']);
    const docs = await projectionOf(organizationContentProjection, [
      { type: 'SpaceCreated', data: { spaceId: 's1', organizationId: 'o1' } },
      { type: 'CollectionCreated', data: { collectionId: 'c1', organizationId: 'o1' } },
    ]);
    expect(docs[ORG_CONTENT]).toEqual([]);
  });
});
