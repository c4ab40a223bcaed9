import { projectionOf } from '@app/platform/testing/projection-spec';
import { SHARE_LINKS, shareLinksProjection } from './share-link.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const siteDeleted = (siteId: string) => ({ type: 'SiteDeleted', data: { siteId, organizationId: 'o1', deletedAt: T0 } });
const link = (shareLinkId: string, siteId: string) => ({
  type: 'SiteShareLinkCreated',
  data: { shareLinkId, siteId, organizationId: 'o1', name: shareLinkId, keyHash: `hash-${shareLinkId}`, sealedKey: `sealed-${shareLinkId}`, createdAt: T0 },
});

describe('share links projection', () => {
  it('keeps links active when created, applies renames and (de)activation, drops deleted links', async () => {
    const docs = await projectionOf(shareLinksProjection, [
      link('l1', 's1'),
      link('l2', 's1'),
      { type: 'SiteShareLinkUpdated', data: { shareLinkId: 'l1', siteId: 's1', changes: { name: 'Partners', active: false }, updatedAt: T0 } },
      { type: 'SiteShareLinkDeleted', data: { shareLinkId: 'l2', siteId: 's1', deletedAt: T0 } },
    ]);
    expect(docs[SHARE_LINKS]).toEqual([
      { id: 'l1', siteId: 's1', organizationId: 'o1', name: 'Partners', active: false, keyHash: 'hash-l1', sealedKey: 'sealed-l1', createdAt: T0, seq: 1 },
    ]);
  });

  it('a deleted site takes its links with it, and only its own', async () => {
    const docs = await projectionOf(shareLinksProjection, [link('l1', 's1'), link('l2', 's2'), siteDeleted('s1')]);
    expect(docs[SHARE_LINKS].map((d) => d.id)).toEqual(['l2']);
  });
});
