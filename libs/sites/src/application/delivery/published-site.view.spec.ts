import { fold, PlatformConfig, Urls } from '@app/platform';
import { site, SiteEvent } from '../../domain/site';
import { created, ev, groupAdded, sectionAdded, sectionMoved, ssAdded } from '../../domain/testing/site.fixtures';
import { sourceForms } from './published-site.handlers';
import { publishedSiteView } from './published-site.view';

const urls = new Urls(PlatformConfig.fromEnv({}, { publicUrl: 'https://docs.test' }));
const BASE = 'https://docs.test/published/org1/docs';
const titles = new Map([
  ['sp-a', 'Alpha'],
  ['sp-b', 'Beta'],
  ['sp-c', 'Gamma'],
]);

describe('published site view', () => {
  it('a site without sections: its site spaces in order, the default at the site URL, hidden ones kept (flagged)', () => {
    const history: SiteEvent[] = [
      created(),
      ssAdded('a', 0),
      ssAdded('b', 1),
      ev('SiteSpaceUpdated', { siteSpaceId: 'b', changes: { hidden: true, condition: 'visitor.claims.beta' } }),
      ev('SitePublished', { organizationId: 'org1', publishedAt: '2026-01-01T00:00:00.000Z' }),
    ];
    const view = publishedSiteView(fold(site, history), 42, titles, urls);
    expect(view).toMatchObject({
      siteId: 'site1',
      organizationId: 'org1',
      title: 'Docs',
      visibility: 'public',
      published: true,
      basename: 'docs',
      hostname: null,
      agentsContext: 'included',
      adaptiveContent: false,
      url: BASE,
      sections: [],
      sectionGroups: [],
      version: 42,
    });
    expect(view.siteSpaces).toEqual([
      expect.objectContaining({
        id: 'a',
        spaceId: 'sp-a',
        title: 'Alpha',
        path: 'a',
        isDefault: true,
        sectionId: null,
        condition: null,
        hidden: false,
        url: BASE,
      }),
      expect.objectContaining({ id: 'b', title: 'Beta', isDefault: false, condition: 'visitor.claims.beta', hidden: true, url: `${BASE}/b` }),
    ]);
    expect(view.customization).toHaveProperty('styling');
    expect(view.siteSpaces[0].customization).toEqual(view.customization);
  });

  it('sections and groups in display order, with their site spaces and URLs; a space without a title falls back to the path', () => {
    const history: SiteEvent[] = [
      created(),
      ssAdded('a', 0),
      sectionAdded('main', 0, ['a']),
      sectionAdded('s2', 1),
      ssAdded('b', 0, 's2'),
      ssAdded('z', 1, 's2'),
      groupAdded('g', 1),
      sectionMoved('s2', 'g', 0),
      ev('SiteSectionUpdated', { sectionId: 's2', changes: { condition: 'visitor.claims.beta', icon: 'book', description: 'Second' } }),
    ];
    const view = publishedSiteView(fold(site, history), 7, titles, urls);
    expect(view.sections).toEqual([
      { id: 'main', title: 'Section main', path: 'main', isDefault: true, condition: null, sectionGroupId: null, icon: null, description: null, url: BASE },
      {
        id: 's2',
        title: 'Section s2',
        path: 's2',
        isDefault: false,
        condition: 'visitor.claims.beta',
        sectionGroupId: 'g',
        icon: 'book',
        description: 'Second',
        url: `${BASE}/s2`,
      },
    ]);
    expect(view.sectionGroups).toEqual([{ id: 'g', title: 'Group g', sectionIds: ['s2'] }]);
    expect(view.siteSpaces.map((n) => [n.id, n.sectionId, n.title, n.isDefault, n.url])).toEqual([
      ['a', 'main', 'Alpha', true, BASE],
      ['b', 's2', 'Beta', true, `${BASE}/s2`],
      ['z', 's2', 'z', false, `${BASE}/s2/z`],
    ]);
  });
});

describe('redirect sources', () => {
  it('a path is looked up as given and percent-encoded the canonical way, without query, hash or trailing slash', () => {
    expect(sourceForms('/old/page')).toEqual(['/old/page']);
    expect(sourceForms('old/page/?x=1#top')).toEqual(['/old/page']);
    expect(sourceForms('/caf%C3%A9')).toEqual(['/caf%C3%A9']);
    expect(sourceForms('/café')).toEqual(['/café', '/caf%C3%A9']);
    expect(sourceForms('/bad%E0%A4%A')).toEqual(['/bad%E0%A4%A']);
    expect(sourceForms('/')).toEqual([]);
  });
});
