import { given } from '@app/platform/testing/given';
import { site } from '../site';
import { after, cmd, created, ev, ORG, sectionAdded, ssAdded } from '../testing/site.fixtures';

const detach = (spaceId: string) => cmd('DetachSpace', { spaceId });
const reattach = (spaceId: string) => cmd('ReattachSpace', { spaceId });
const three = [created(), ssAdded('a', 0), ssAdded('b', 1), ssAdded('c', 2)];
const detached = [...three, ev('SiteSpaceRemoved', { siteSpaceId: 'b', spaceId: 'sp-b', reason: 'space-deleted' })];

describe('site decider: the life of the spaces in a site', () => {
  it('a space in the bin takes its site spaces out of the site; again changes nothing', () => {
    given(site, ...three)
      .whenCommand(detach('sp-b'))
      .then([ev('SiteSpaceRemoved', { siteSpaceId: 'b', spaceId: 'sp-b', reason: 'space-deleted' })]);
    given(site, ...detached)
      .whenCommand(detach('sp-b'))
      .thenNothing();
    expect(Object.keys(after(three, detach('sp-b')).structure.detached)).toEqual(['b']);
  });

  it('restoring the space brings them back where they were, once', () => {
    given(site, ...detached)
      .whenCommand(reattach('sp-b'))
      .then([ev('SiteSpaceRestored', { siteSpaceId: 'b', spaceId: 'sp-b', section: null, index: 1, path: 'b' })]);
    expect(after(detached, reattach('sp-b')).structure.rootSiteSpaces).toEqual(['a', 'b', 'c']);
    given(site, ...three)
      .whenCommand(reattach('sp-b'))
      .thenNothing();
  });

  it('the default removed with its space passes to the next one, and does not come back', () => {
    const s = after(
      [
        ...three,
        ev('SiteDefaultSiteSpaceSet', { section: null, siteSpaceId: 'b' }),
        ev('SiteSpaceRemoved', { siteSpaceId: 'b', spaceId: 'sp-b', reason: 'space-deleted' }),
      ],
      reattach('sp-b'),
    ).structure;
    expect(s.rootDefaultSiteSpace).toBe('c');
  });

  it('a path taken meanwhile gets a suffix; a deleted section sends it to the default section', () => {
    const taken = [...detached, ssAdded('d', 2, null, 'b')];
    given(site, ...taken)
      .whenCommand(reattach('sp-b'))
      .then([ev('SiteSpaceRestored', { siteSpaceId: 'b', spaceId: 'sp-b', section: null, index: 1, path: 'b-2' })]);
    const sections = [
      created(),
      sectionAdded('s1', 0),
      sectionAdded('s2', 1),
      ssAdded('a', 0, 's1'),
      ssAdded('b', 0, 's2'),
      ev('SiteSpaceRemoved', { siteSpaceId: 'b', spaceId: 'sp-b', reason: 'space-deleted' }),
      ev('SiteSectionRemoved', { sectionId: 's2' }),
    ];
    given(site, ...sections)
      .whenCommand(reattach('sp-b'))
      .then([ev('SiteSpaceRestored', { siteSpaceId: 'b', spaceId: 'sp-b', section: 's1', index: 1, path: 'b' })]);
  });

  it('a site that got sections meanwhile takes a top-level site space back into its default section', () => {
    const history = [...detached, sectionAdded('s1', 0, ['a', 'c'])];
    given(site, ...history)
      .whenCommand(reattach('sp-b'))
      .then([ev('SiteSpaceRestored', { siteSpaceId: 'b', spaceId: 'sp-b', section: 's1', index: 2, path: 'b' })]);
  });

  it('a purged space is discarded for good, with its customization', () => {
    const overridden = [...three, ev('SiteSpaceCustomizationOverridden', { siteSpaceId: 'b', overrides: { title: 'B docs' } })];
    const inBin = [...overridden, ev('SiteSpaceRemoved', { siteSpaceId: 'b', spaceId: 'sp-b', reason: 'space-deleted' })];
    expect(after(overridden, detach('sp-b')).siteSpaceCustomizations).toEqual({ b: { title: 'B docs' } });
    given(site, ...inBin)
      .whenCommand(cmd('DiscardSpace', { spaceId: 'sp-b' }))
      .then([ev('SiteSpaceDiscarded', { siteSpaceId: 'b', spaceId: 'sp-b' })]);
    const s = after(inBin, cmd('DiscardSpace', { spaceId: 'sp-b' }));
    expect([s.structure.detached, s.siteSpaceCustomizations]).toEqual([{}, {}]);
    given(site, ...three)
      .whenCommand(cmd('DiscardSpace', { spaceId: 'sp-b' }))
      .thenNothing();
  });

  it('a space transferred to another organization leaves for good (live and binned site spaces alike)', () => {
    const history = [...three, ssAdded('d', 3, null, 'd'), ev('SiteSpaceUpdated', { siteSpaceId: 'd', changes: { spaceId: 'sp-b' } })];
    given(site, ...history)
      .whenCommand(cmd('DropSpace', { spaceId: 'sp-b', organizationId: ORG }))
      .then([
        ev('SiteSpaceRemoved', { siteSpaceId: 'b', spaceId: 'sp-b', reason: 'space-left-organization' }),
        ev('SiteSpaceRemoved', { siteSpaceId: 'd', spaceId: 'sp-b', reason: 'space-left-organization' }),
      ]);
    given(site, ...detached)
      .whenCommand(cmd('DropSpace', { spaceId: 'sp-b', organizationId: ORG }))
      .then([ev('SiteSpaceDiscarded', { siteSpaceId: 'b', spaceId: 'sp-b' })]);
    expect(after(history, cmd('DropSpace', { spaceId: 'sp-b', organizationId: ORG })).structure.detached).toEqual({});
    // A site of another organization than the one the space left keeps it.
    given(site, ...history)
      .whenCommand(cmd('DropSpace', { spaceId: 'sp-b', organizationId: 'elsewhere' }))
      .thenNothing();
  });
});
