import { projectionOf } from '@app/platform/testing/projection-spec';
import { created, ev, sectionAdded, ssAdded } from '../../domain/testing/site.fixtures';
import { sitesProjection } from './sites.projection';
import { SITE_SECTIONS, SITE_SPACES, SITE_STATES, SITES } from './sites.read-model';

const stream = 'sites.site-site1';
const given = (...events: Array<{ type: string; data: unknown }>) =>
  projectionOf(
    sitesProjection,
    events.map((e) => ({ ...e, stream })),
  );

describe('sites projection', () => {
  it('keeps a site, its counts and its site spaces with their default and creation order', async () => {
    const docs = await given(created(), ssAdded('a', 0), ssAdded('b', 1), ev('SiteDefaultSiteSpaceSet', { section: null, siteSpaceId: 'b' }));
    expect(docs[SITES]).toEqual([expect.objectContaining({ id: 'site1', organizationId: 'org1', seq: 1, siteSpaces: 2, published: false, basename: 'docs' })]);
    expect(docs[SITE_SPACES].map((d) => [d.id, d.seq, d.default, d.status, d.section])).toEqual([
      ['a', 2, false, 'live', null],
      ['b', 3, true, 'live', null],
    ]);
    expect(docs[SITE_STATES][0]).toMatchObject({ id: 'site1', state: { status: 'active', structure: { rootSiteSpaces: ['a', 'b'] } } });
  });

  it('site spaces of a space in the bin are kept as detached; removed ones go', async () => {
    const docs = await given(
      created(),
      ssAdded('a', 0),
      ssAdded('b', 1),
      ev('SiteSpaceRemoved', { siteSpaceId: 'a', spaceId: 'sp-a', reason: 'space-deleted' }),
      ev('SiteSpaceRemoved', { siteSpaceId: 'b', spaceId: 'sp-b', reason: 'removed' }),
    );
    expect(docs[SITE_SPACES].map((d) => [d.id, d.status])).toEqual([['a', 'detached']]);
    expect(docs[SITES][0].siteSpaces).toBe(0);
  });

  it('sections follow their site spaces; a site that takes sections moves its site spaces into them', async () => {
    const docs = await given(created(), ssAdded('a', 0), sectionAdded('s1', 0, ['a']), sectionAdded('s2', 1), ssAdded('b', 0, 's2'));
    expect(docs[SITE_SECTIONS].map((d) => [d.id, d.default, d.seq])).toEqual([
      ['s1', true, 3],
      ['s2', false, 4],
    ]);
    expect(docs[SITE_SPACES].map((d) => [d.id, d.section, d.default])).toEqual([
      ['a', 's1', true],
      ['b', 's2', true],
    ]);
  });

  it('publishing shows on the site; deleting the site removes every document of it', async () => {
    const published = await given(created(), ssAdded('a', 0), ev('SitePublished', { organizationId: 'org1', publishedAt: '2026-01-01T00:00:00.000Z' }));
    expect(published[SITES][0].published).toBe(true);
    const docs = await given(
      created(),
      ssAdded('a', 0),
      sectionAdded('s1', 0, ['a']),
      ev('SiteDeleted', { organizationId: 'org1', deletedAt: '2026-01-02T00:00:00.000Z' }),
    );
    expect([docs[SITES], docs[SITE_STATES], docs[SITE_SPACES], docs[SITE_SECTIONS]]).toEqual([[], [], [], []]);
  });
});
