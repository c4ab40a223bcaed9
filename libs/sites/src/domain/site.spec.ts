import { BadRequest } from '@app/platform';
import { given } from '@app/platform/testing/given';
import { NothingToPublish, site, SiteNotFound, siteStream } from './site';
import { cmd, created, ev, NOW, ORG, SITE, ssAdded } from './testing/site.fixtures';

const at = NOW.toISOString();
const create = (extra: Record<string, unknown> = {}) =>
  cmd('CreateSite', { organizationId: ORG, siteType: 'basic', title: 'Docs', visibility: 'public', basename: 'docs', spaces: [], ...extra });

describe('site decider: sites', () => {
  describe('CreateSite', () => {
    it('creates the site with its spaces, each path made unique in the level; the first is the default', () => {
      const spaces = [
        { siteSpaceId: 'a', spaceId: 'sa', path: 'guide' },
        { siteSpaceId: 'b', spaceId: 'sb', path: 'guide' },
      ];
      given(site)
        .whenCommand(create({ spaces }), NOW)
        .then([
          created(),
          ev('SiteSpaceAdded', { siteSpaceId: 'a', spaceId: 'sa', section: null, path: 'guide', index: 0 }),
          ev('SiteSpaceAdded', { siteSpaceId: 'b', spaceId: 'sb', section: null, path: 'guide-2', index: 1 }),
        ]);
    });

    it('is a no-op over an existing stream (a replayed command)', () => {
      given(site, created()).whenCommand(create()).thenNothing();
      given(site, created(), ev('SiteDeleted', { organizationId: ORG, deletedAt: at }))
        .whenCommand(create())
        .thenNothing();
    });

    it.each([
      ['title', { title: 'D' }],
      ['title', { title: 'x'.repeat(129) }],
      ['basename', { basename: '' }],
      ['basename', { basename: 'has space' }],
      ['visibility', { visibility: 'private' }],
      ['type', { siteType: 'gold' }],
    ])('refuses a bad %s (400)', (_field, extra) => {
      given(site).whenCommand(create(extra)).thenThrows(BadRequest);
    });
  });

  describe('UpdateSite', () => {
    it('records only what changes', () => {
      given(site, created())
        .whenCommand(cmd('UpdateSite', { changes: { title: 'Docs', visibility: 'unlisted', proxy: 'example.com/docs' } }), NOW)
        .then([ev('SiteUpdated', { organizationId: ORG, changes: { visibility: 'unlisted', proxy: 'example.com/docs' }, updatedAt: at })]);
      given(site, created())
        .whenCommand(cmd('UpdateSite', { changes: { title: 'Docs' } }))
        .thenNothing();
    });

    it('null removes the proxy and the hostname', () => {
      given(site, created({ proxy: 'example.com/docs', hostname: 'docs.example.com' }))
        .whenCommand(cmd('UpdateSite', { changes: { proxy: null, hostname: null } }), NOW)
        .then([ev('SiteUpdated', { organizationId: ORG, changes: { proxy: null, hostname: null }, updatedAt: at })]);
    });

    it.each([
      ['title', { title: 'x' }],
      ['basename', { basename: 'x'.repeat(101) }],
      ['hostname (two labels)', { hostname: 'example.com' }],
      ['hostname (upper case)', { hostname: 'Docs.Example.com' }],
      ['hostname (too long)', { hostname: `${'a'.repeat(60)}.`.repeat(9) + 'com' }],
      ['proxy (no path)', { proxy: 'example.com' }],
      ['proxy (too long)', { proxy: `example.com/${'a'.repeat(510)}` }],
      ['agentsContext', { agentsContext: 'maybe' }],
    ])('refuses a bad %s (400)', (_rule, changes) => {
      given(site, created())
        .whenCommand(cmd('UpdateSite', { changes: changes as never }))
        .thenThrows(BadRequest);
    });

    it('sets the root default site space, and refuses one that is not a site space (400)', () => {
      given(site, created(), ssAdded('a', 0), ssAdded('b', 1))
        .whenCommand(cmd('UpdateSite', { changes: {}, defaultSiteSpace: 'b' }))
        .then([ev('SiteDefaultSiteSpaceSet', { section: null, siteSpaceId: 'b' })]);
      given(site, created(), ssAdded('a', 0))
        .whenCommand(cmd('UpdateSite', { changes: {}, defaultSiteSpace: 'zz' }))
        .thenThrows(BadRequest);
    });
  });

  describe('publishing', () => {
    it('publishes a site with a site space, once', () => {
      given(site, created(), ssAdded('a', 0))
        .whenCommand(cmd('PublishSite', {}), NOW)
        .then([ev('SitePublished', { organizationId: ORG, publishedAt: at })]);
      given(site, created(), ssAdded('a', 0), ev('SitePublished', { organizationId: ORG, publishedAt: at }))
        .whenCommand(cmd('PublishSite', {}))
        .thenNothing();
    });

    it('refuses to publish a site without site spaces (400)', () => {
      given(site, created()).whenCommand(cmd('PublishSite', {})).thenThrows(NothingToPublish);
      given(site, created(), ssAdded('a', 0), ev('SiteSpaceRemoved', { siteSpaceId: 'a', spaceId: 'sp-a', reason: 'removed' }))
        .whenCommand(cmd('PublishSite', {}))
        .thenThrows(NothingToPublish);
    });

    it('unpublishes a published site; an unpublished one changes nothing', () => {
      given(site, created(), ssAdded('a', 0), ev('SitePublished', { organizationId: ORG, publishedAt: at }))
        .whenCommand(cmd('UnpublishSite', {}), NOW)
        .then([ev('SiteUnpublished', { organizationId: ORG, unpublishedAt: at })]);
      given(site, created()).whenCommand(cmd('UnpublishSite', {})).thenNothing();
    });
  });

  describe('DeleteSite', () => {
    it('deletes a live site; a missing or deleted one did not exist (204)', () => {
      given(site, created())
        .whenCommand(cmd('DeleteSite', {}), NOW)
        .then([ev('SiteDeleted', { organizationId: ORG, deletedAt: at })]);
      given(site).whenCommand(cmd('DeleteSite', {})).thenNothing();
      given(site, created(), ev('SiteDeleted', { organizationId: ORG, deletedAt: at }))
        .whenCommand(cmd('DeleteSite', {}))
        .thenNothing();
    });

    it('a deleted or unknown site is not found for every other command', () => {
      const deleted = [created(), ev('SiteDeleted', { organizationId: ORG, deletedAt: at })];
      given(site, ...deleted)
        .whenCommand(cmd('UpdateSite', { changes: { title: 'New title' } }))
        .thenThrows(SiteNotFound);
      given(site)
        .whenCommand(cmd('AddSiteSpace', { siteSpace: { siteSpaceId: 'a', spaceId: 's', path: 'a' } }))
        .thenThrows(SiteNotFound);
      // The sagas' commands find nothing to do there.
      given(site, ...deleted)
        .whenCommand(cmd('DetachSpace', { spaceId: 's' }))
        .thenNothing();
    });
  });

  it('one stream per site: sites.site-<id>', () => {
    expect(siteStream(SITE)).toBe('sites.site-site1');
  });
});
