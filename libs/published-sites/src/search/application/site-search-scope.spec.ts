import type { PublishedSiteSpaceView, PublishedSiteView } from '@app/sites';
import { scopedSiteSpaces, visibleSiteSpaces } from './site-search-scope';

const ss = (id: string, sectionId: string | null, fields: Partial<PublishedSiteSpaceView> = {}): PublishedSiteSpaceView => ({
  id,
  spaceId: `space-${id}`,
  title: id,
  path: id,
  isDefault: false,
  sectionId,
  condition: null,
  url: `https://example.com/${id}`,
  ...fields,
});

const site = (siteSpaces: PublishedSiteSpaceView[], sections: Array<{ id: string; condition: string | null }> = []): PublishedSiteView =>
  ({
    siteId: 'site',
    sections: sections.map((s, i) => ({ ...s, title: s.id, path: s.id, isDefault: i === 0, sectionGroupId: null, icon: null, url: '' })),
    sectionGroups: [],
    siteSpaces,
  }) as unknown as PublishedSiteView;

describe('site search scope', () => {
  const sections = [
    { id: 'guides', condition: null },
    { id: 'beta', condition: 'visitor.claims.beta === true' },
  ];
  const spaces = [
    ss('en', 'guides', { isDefault: true, condition: 'visitor.claims.lang === "en"' }),
    ss('fr', 'guides'),
    ss('de', 'guides'),
    ss('beta-main', 'beta', { isDefault: true }),
  ];

  it('shows the site spaces whose condition and section condition hold; a broken condition hides', () => {
    expect(visibleSiteSpaces(site(spaces, sections), { lang: 'en' }).map((s) => s.id)).toEqual(['en', 'fr', 'de']);
    expect(visibleSiteSpaces(site(spaces, sections), { beta: true }).map((s) => s.id)).toEqual(['fr', 'de', 'beta-main']);
    expect(visibleSiteSpaces(site([ss('x', null, { condition: 'visitor.claims.(' })]), {})).toEqual([]);
  });

  it('searches by default the default site space of each section (the first visible when the default is hidden) and the current one', () => {
    const s = site(spaces, sections);
    expect(scopedSiteSpaces(s, { lang: 'en', beta: true }, { mode: 'default' }).map((x) => x.id)).toEqual(['en', 'beta-main']);
    expect(scopedSiteSpaces(s, {}, { mode: 'default' }).map((x) => x.id)).toEqual(['fr']);
    expect(scopedSiteSpaces(s, {}, { mode: 'default', currentSiteSpace: 'de' }).map((x) => x.id)).toEqual(['fr', 'de']);
  });

  it('searches the specific site spaces asked for that the visitor sees, or all of them', () => {
    const s = site(spaces, sections);
    expect(scopedSiteSpaces(s, {}, { mode: 'specific', siteSpaceIds: ['de', 'beta-main', 'en'] }).map((x) => x.id)).toEqual(['de']);
    expect(scopedSiteSpaces(s, { beta: true }, { mode: 'all' }).map((x) => x.id)).toEqual(['fr', 'de', 'beta-main']);
  });
});
