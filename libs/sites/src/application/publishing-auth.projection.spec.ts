import { projectionOf } from '@app/platform/testing/projection-spec';
import { PUBLISHING_AUTH, publishingAuthProjection } from './publishing-auth.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const ids = (siteId: string) => ({ siteId, organizationId: 'o1' });

describe('site publishing auth projection', () => {
  it('folds settings and the sealed key per site; a deleted site loses them', async () => {
    const docs = await projectionOf(publishingAuthProjection, [
      { type: 'SitePublishingAuthUpdated', data: { ...ids('s1'), changes: { fallbackURL: 'https://example.com/login' }, updatedAt: T0 } },
      { type: 'SitePublishingAuthKeyRegenerated', data: { ...ids('s1'), keyId: 'k1', sealedKey: 'v1.sealed', regeneratedAt: T1 } },
      { type: 'SitePublishingAuthKeyRegenerated', data: { ...ids('s2'), keyId: 'k2', sealedKey: 'v1.other', regeneratedAt: T0 } },
      { type: 'SiteDeleted', data: { ...ids('s2'), deletedAt: T1 } },
    ]);
    expect(docs[PUBLISHING_AUTH]).toEqual([
      {
        id: 's1',
        organizationId: 'o1',
        backend: 'custom',
        fallbackURL: 'https://example.com/login',
        jwksURL: null,
        key: { keyId: 'k1', sealedKey: 'v1.sealed' },
        updatedAt: T1,
      },
    ]);
  });
});
