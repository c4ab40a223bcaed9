import { projectEvents, projectionOf, withEmbeddedReadStore } from '@app/platform/testing/projection-spec';
import { CustomHostnames } from './hostname-holders';
import { CUSTOM_HOSTNAMES, customHostnamesProjection } from './hostname.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const siteDeleted = (siteId: string) => ({ type: 'SiteDeleted', data: { siteId, organizationId: 'o1', deletedAt: T0 } });

describe('custom hostnames projection', () => {
  const site = (siteId: string, hostname: string | null) => ({ type: 'SiteCreated', data: { siteId, organizationId: 'o1', hostname, title: 'S' } });
  const updated = (siteId: string, changes: object) => ({ type: 'SiteUpdated', data: { siteId, organizationId: 'o1', changes, updatedAt: T0 } });
  const checked = (siteId: string, hostname: string, status: string) => ({
    type: 'CustomHostnameChecked',
    data: { siteId, organizationId: 'o1', hostname, target: 't.example.net', status, found: [], checkedAt: T0 },
  });

  it('follows the site’s hostname: a new one starts unchecked, a check records its status, the old one is released', async () => {
    const docs = await projectionOf(customHostnamesProjection, [
      site('s1', 'docs.example.com'),
      checked('s1', 'docs.example.com', 'live'),
      updated('s1', { title: 'Other' }),
      site('s2', null),
      updated('s2', { hostname: 'help.example.com' }),
      checked('s2', 'help.example.com', 'dns_no_cname'),
      updated('s2', { hostname: 'support.example.com' }),
    ]);
    expect(docs[CUSTOM_HOSTNAMES]).toEqual([
      { id: 'docs.example.com', siteId: 's1', organizationId: 'o1', status: 'live', checkedAt: T0 },
      { id: 'support.example.com', siteId: 's2', organizationId: 'o1' },
    ]);
  });

  it('the first site holding a hostname keeps it; removal and site deletion release it; stale checks change nothing', async () => {
    const docs = await projectionOf(customHostnamesProjection, [
      site('s1', 'docs.example.com'),
      site('s2', 'docs.example.com'),
      checked('s2', 'docs.example.com', 'live'),
      site('s3', 'help.example.com'),
      updated('s3', { hostname: null }),
      site('s4', 'api.example.com'),
      siteDeleted('s4'),
    ]);
    expect(docs[CUSTOM_HOSTNAMES]).toEqual([{ id: 'docs.example.com', siteId: 's1', organizationId: 'o1' }]);
  });
});

describe('custom hostname holders (the seam the site aggregate’s writes ask)', () => {
  it('answers the site holding a hostname; another site setting it is refused, the holder itself is not', async () => {
    await withEmbeddedReadStore(async (store) => {
      await projectEvents(
        customHostnamesProjection,
        [{ type: 'SiteCreated', data: { siteId: 's1', organizationId: 'o1', hostname: 'docs.example.com' } }],
        store,
      );
      const holders = new CustomHostnames(store);
      expect(await holders.holder('docs.example.com')).toBe('s1');
      expect(await holders.holder('help.example.com')).toBeNull();
      await expect(holders.requireFree('docs.example.com', 's1')).resolves.toBeUndefined();
      await expect(holders.requireFree('docs.example.com', 's2')).rejects.toThrow('hostname: docs.example.com is already the custom hostname of another site');
    });
  });
});
