import type { RecordedEvent } from '@app/platform';
import { PageCache, PageCacheEviction, type PageKeyParts } from './page-cache';

const parts = (o: Partial<PageKeyParts> = {}): PageKeyParts => ({
  siteId: 'site1',
  siteVersion: 3,
  base: '/published/o/docs',
  spaceId: 'space1',
  revisionId: 'rev1',
  item: 'page1',
  fingerprint: 'f',
  ...o,
});
const event = (type: string, data: Record<string, unknown>) => ({ type, data }) as unknown as RecordedEvent;

describe('PageCache', () => {
  it('keys on everything that shapes a page: another version, revision, form or fingerprint is a miss', () => {
    const cache = new PageCache();
    cache.set(parts(), '<html>1</html>');
    expect(cache.get(parts())).toBe('<html>1</html>');
    for (const o of [{ siteVersion: 4 }, { revisionId: 'rev2' }, { base: '' }, { fingerprint: 'g' }, { item: 'md:page1' }])
      expect(cache.get(parts(o))).toBeUndefined();
  });

  it("the saga evicts a site's pages on its events and a space's pages when main moves", async () => {
    const cache = new PageCache();
    const saga = new PageCacheEviction(cache);
    cache.set(parts(), 'a');
    cache.set(parts({ siteId: 'site2', item: 'p2' }), 'b');
    cache.set(parts({ siteId: 'site3', spaceId: 'space3' }), 'c');
    await saga.react(event('SiteUpdated', { siteId: 'site1', organizationId: 'o' }));
    expect([cache.get(parts()), cache.get(parts({ siteId: 'site2', item: 'p2' }))]).toEqual([undefined, 'b']);
    await saga.react(event('SpaceContentMerged', { spaceId: 'space1', revision: 'rev9' }));
    expect(cache.get(parts({ siteId: 'site2', item: 'p2' }))).toBeUndefined();
    expect(cache.get(parts({ siteId: 'site3', spaceId: 'space3' }))).toBe('c');
    expect(cache.size).toBe(1);
    expect(saga.handles).toEqual(expect.arrayContaining(['SitePublished', 'SiteUnpublished', 'SiteDeleted', 'SpaceContentMerged', 'SpaceContentRevised']));
  });
});
