import { IsOrganizationSiteQuery } from '@app/organizations/contracts';
import { projectEvents, withEmbeddedReadStore } from '@app/platform/testing/projection-spec';
import { created, ev } from '../../domain/testing/site.fixtures';
import { IsOrganizationSiteHandler } from './organization-contract.queries';
import { sitesProjection } from './sites.projection';

describe('IsOrganizationSiteQuery (answered for the organizations context)', () => {
  it('is true for a live site of that organization only', async () => {
    await withEmbeddedReadStore(async (store) => {
      await projectEvents(
        sitesProjection,
        [
          created(),
          { ...created(), data: { ...created().data, siteId: 'gone' } },
          {
            ...ev('SiteDeleted', { organizationId: 'org1', deletedAt: '2026-01-02T00:00:00.000Z' }),
            data: { siteId: 'gone', organizationId: 'org1', deletedAt: '2026-01-02T00:00:00.000Z' },
          },
        ],
        store,
      );
      const h = new IsOrganizationSiteHandler(store);
      expect(
        await Promise.all([
          h.execute(new IsOrganizationSiteQuery('org1', 'site1')),
          h.execute(new IsOrganizationSiteQuery('org2', 'site1')),
          h.execute(new IsOrganizationSiteQuery('org1', 'gone')),
          h.execute(new IsOrganizationSiteQuery('org1', 'none')),
        ]),
      ).toEqual([true, false, false, false]);
    });
  });
});
