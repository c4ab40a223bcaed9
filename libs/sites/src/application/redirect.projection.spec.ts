import { projectionOf } from '@app/platform/testing/projection-spec';
import { REDIRECTS, redirectsProjection } from './redirect.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const siteDeleted = (siteId: string) => ({ type: 'SiteDeleted', data: { siteId, organizationId: 'o1', deletedAt: T0 } });
const toSpace = { kind: 'site-space', siteSpaceId: 'ss1' };

describe('redirects projection', () => {
  const created = (redirectId: string, siteId: string, source: string) => ({
    type: 'SiteRedirectCreated',
    data: { siteId, organizationId: 'o1', redirectId, source, destination: toSpace, createdAt: T0 },
  });

  it('applies creation, updates and deletion; a deleted site takes its redirects', async () => {
    const toPage = { kind: 'site-page', siteSpaceId: 'ss1', pageId: 'p1' };
    const docs = await projectionOf(redirectsProjection, [
      created('r1', 's1', '/a'),
      created('r2', 's1', '/b'),
      created('r3', 's2', '/a'),
      { type: 'SiteRedirectUpdated', data: { siteId: 's1', redirectId: 'r1', changes: { source: '/c', destination: toPage }, updatedAt: T0 } },
      { type: 'SiteRedirectDeleted', data: { siteId: 's1', redirectId: 'r2', source: '/b', deletedAt: T0 } },
      siteDeleted('s2'),
    ]);
    expect(docs[REDIRECTS]).toEqual([{ id: 'r1', siteId: 's1', organizationId: 'o1', source: '/c', destination: toPage, seq: 1 }]);
  });
});
