import { BadRequest } from '@app/platform';
import { given } from '@app/platform/testing/given';
import { InvalidPosition, MoveChangesNothing, PathTaken, site, SiteSpaceNotFound } from '../site';
import { after, cmd, created, ev, sectionAdded, ssAdded } from '../testing/site.fixtures';

const three = [created(), ssAdded('a', 0), ssAdded('b', 1), ssAdded('c', 2)];
const order = (history = three, command = cmd('RemoveSiteSpace', { siteSpaceId: 'none' })) => after(history, command).structure.rootSiteSpaces;
const move = (siteSpaceId: string, side: 'before' | 'after', target: string) => cmd('MoveSiteSpace', { siteSpaceId, position: { side, target } });
const add = (id: string, path: string, section?: string) =>
  cmd('AddSiteSpace', { siteSpace: { siteSpaceId: id, spaceId: `sp-${id}`, path }, ...(section ? { section } : {}) });

describe('site decider: site spaces', () => {
  describe('adding', () => {
    it('goes at the end of the level; the path is made unique there; the first one is the default', () => {
      given(site, ...three)
        .whenCommand(add('d', 'a'))
        .then([ssAdded('d', 3, null, 'a-2')]);
      const s = after([created()], add('a', 'guide')).structure;
      expect(s.rootDefaultSiteSpace).toBe('a');
    });

    it('goes to the default section once the site has sections, or to the section given', () => {
      const sections = [created(), ssAdded('a', 0), sectionAdded('s1', 0, ['a']), sectionAdded('s2', 1)];
      given(site, ...sections)
        .whenCommand(add('d', 'd'))
        .then([ssAdded('d', 1, 's1')]);
      given(site, ...sections)
        .whenCommand(add('d', 'd', 's2'))
        .then([ssAdded('d', 0, 's2')]);
      given(site, ...sections)
        .whenCommand(add('d', 'd', 'nope'))
        .thenThrows(BadRequest);
    });
  });

  describe('updating', () => {
    it('changes path, condition and hidden; only what changes is recorded', () => {
      given(site, ...three)
        .whenCommand(cmd('UpdateSiteSpace', { siteSpaceId: 'a', changes: { path: 'intro', condition: 'true', hidden: false } }))
        .then([ev('SiteSpaceUpdated', { siteSpaceId: 'a', changes: { path: 'intro', condition: 'true' } })]);
      given(site, ...three)
        .whenCommand(cmd('UpdateSiteSpace', { siteSpaceId: 'a', changes: { path: 'a' } }))
        .thenNothing();
    });

    it('paths are unique per level (400), and may repeat in another level', () => {
      given(site, ...three)
        .whenCommand(cmd('UpdateSiteSpace', { siteSpaceId: 'a', changes: { path: 'b' } }))
        .thenThrows(PathTaken);
      const two = [created(), ssAdded('a', 0), sectionAdded('s1', 0, ['a']), sectionAdded('s2', 1), ssAdded('b', 0, 's2')];
      given(site, ...two)
        .whenCommand(cmd('UpdateSiteSpace', { siteSpaceId: 'b', changes: { path: 'a' } }))
        .then([ev('SiteSpaceUpdated', { siteSpaceId: 'b', changes: { path: 'a' } })]);
    });

    it.each([['bad path'], [''], ['x'.repeat(101)], ['/leading']])('refuses path %j (400)', (path) => {
      given(site, ...three)
        .whenCommand(cmd('UpdateSiteSpace', { siteSpaceId: 'a', changes: { path } }))
        .thenThrows(BadRequest);
    });

    it('an unknown site space is not found (404)', () => {
      given(site, ...three)
        .whenCommand(cmd('UpdateSiteSpace', { siteSpaceId: 'zz', changes: { hidden: true } }))
        .thenThrows(SiteSpaceNotFound);
    });
  });

  describe('moving', () => {
    it('before or after another site space', () => {
      given(site, ...three)
        .whenCommand(move('c', 'before', 'a'))
        .then([ev('SiteSpaceMoved', { siteSpaceId: 'c', section: null, index: 0 })]);
      expect(order(three, move('c', 'before', 'a'))).toEqual(['c', 'a', 'b']);
      expect(order(three, move('a', 'after', 'c'))).toEqual(['b', 'c', 'a']);
      expect(order(three, move('a', 'after', 'b'))).toEqual(['b', 'a', 'c']);
      expect(order(three, move('c', 'after', 'a'))).toEqual(['a', 'c', 'b']);
    });

    it('a move that changes nothing is a 409', () => {
      given(site, ...three)
        .whenCommand(move('a', 'before', 'b'))
        .thenThrows(MoveChangesNothing);
      given(site, ...three)
        .whenCommand(move('b', 'after', 'a'))
        .thenThrows(MoveChangesNothing);
    });

    it('beside itself is an invalid position (400); an unknown target or item is not found (404)', () => {
      given(site, ...three)
        .whenCommand(move('a', 'after', 'a'))
        .thenThrows(InvalidPosition);
      given(site, ...three)
        .whenCommand(move('a', 'after', 'zz'))
        .thenThrows(SiteSpaceNotFound);
      given(site, ...three)
        .whenCommand(move('zz', 'after', 'a'))
        .thenThrows(SiteSpaceNotFound);
    });

    it('into another section beside its target; a path used there is an invalid position (400)', () => {
      const two = [created(), ssAdded('a', 0), ssAdded('b', 1), sectionAdded('s1', 0, ['a', 'b']), sectionAdded('s2', 1), ssAdded('c', 0, 's2')];
      const s = after(two, move('b', 'before', 'c')).structure;
      expect([s.sections.s1.siteSpaces, s.sections.s2.siteSpaces, s.siteSpaces.b.section]).toEqual([['a'], ['b', 'c'], 's2']);
      const clash = [...two, ev('SiteSpaceUpdated', { siteSpaceId: 'c', changes: { path: 'b' } })];
      given(site, ...clash)
        .whenCommand(move('b', 'before', 'c'))
        .thenThrows(InvalidPosition);
    });
  });

  describe('defaults: exactly one per level', () => {
    it('removing the default makes the next one default (the previous one when it was last)', () => {
      const removed = (id: string, history = three) => after(history, cmd('RemoveSiteSpace', { siteSpaceId: id })).structure.rootDefaultSiteSpace;
      expect(removed('a')).toBe('b');
      const lastIsDefault = [...three, ev('SiteDefaultSiteSpaceSet', { section: null, siteSpaceId: 'c' })];
      expect(removed('c', lastIsDefault)).toBe('b');
      expect(removed('b')).toBe('a');
      expect(after([created(), ssAdded('a', 0)], cmd('RemoveSiteSpace', { siteSpaceId: 'a' })).structure.rootDefaultSiteSpace).toBeNull();
    });

    it('moving the default to another section keeps a default in both', () => {
      const two = [created(), ssAdded('a', 0), ssAdded('b', 1), sectionAdded('s1', 0, ['a', 'b']), sectionAdded('s2', 1), ssAdded('c', 0, 's2')];
      const s = after(two, move('a', 'after', 'c')).structure;
      expect([s.sections.s1.defaultSiteSpace, s.sections.s2.defaultSiteSpace]).toEqual(['b', 'c']);
    });

    it('removing a site space that is not there changes nothing (204)', () => {
      given(site, ...three)
        .whenCommand(cmd('RemoveSiteSpace', { siteSpaceId: 'zz' }))
        .thenNothing();
    });
  });
});
