import { BadRequest } from '@app/platform';
import { given } from '@app/platform/testing/given';
import { InvalidPosition, MoveChangesNothing, PathTaken, SectionGroupNotFound, SectionNotFound, site } from '../site';
import { after, cmd, created, ev, groupAdded, sectionAdded, sectionMoved, ssAdded } from '../testing/site.fixtures';
import { sectionsInOrder } from './structure';

const addSection = (id: string, title = `Section ${id}`) =>
  cmd('AddSection', {
    sectionId: id,
    title,
    icon: null,
    siteSpace: { siteSpaceId: `ss-${id}`, spaceId: `sp-${id}`, path: 'space' },
    adopting: { sectionId: `adopt-${id}`, title: 'Main' },
  });
const three = [created(), sectionAdded('x', 0), sectionAdded('y', 1), sectionAdded('z', 2)];
const roots = (history: Parameters<typeof after>[0], command: Parameters<typeof after>[1]) => after(history, command).structure.rootItems.map((r) => r.id);
const move = (sectionId: string, side: 'before' | 'after', target: string) => cmd('MoveSection', { sectionId, position: { side, target } });

describe('site decider: sections', () => {
  it('a section comes with its site space, at the end; its path is made from its title, unique in the site', () => {
    given(site, created(), sectionAdded('section-s', 0))
      .whenCommand(addSection('s'))
      .then([
        ev('SiteSectionAdded', { sectionId: 's', title: 'Section s', path: 'section-s-2', icon: null, group: null, index: 1, adopted: [] }),
        ev('SiteSpaceAdded', { siteSpaceId: 'ss-s', spaceId: 'sp-s', section: 's', path: 'space', index: 0 }),
      ]);
  });

  it("a site's first section takes in its site spaces, in a section of their own that stays the default", () => {
    const history = [created(), ssAdded('a', 0), ssAdded('b', 1), ev('SiteDefaultSiteSpaceSet', { section: null, siteSpaceId: 'b' })];
    const s = after(history, addSection('s')).structure;
    expect(s.rootSiteSpaces).toEqual([]);
    expect(sectionsInOrder(s)).toEqual(['adopt-s', 's']);
    expect(s.sections['adopt-s']).toMatchObject({ title: 'Main', path: 'main', siteSpaces: ['a', 'b'], defaultSiteSpace: 'b' });
    expect([s.defaultSection, s.siteSpaces.a.section]).toEqual(['adopt-s', 'adopt-s']);
  });

  it('refuses a title outside 2..128 characters (400)', () => {
    given(site, created()).whenCommand(addSection('s', 'x')).thenThrows(BadRequest);
  });

  it('updates title, path, icon, description and condition; paths are unique among sections (400)', () => {
    given(site, ...three)
      .whenCommand(cmd('UpdateSection', { sectionId: 'x', changes: { title: 'Guides', description: 'All guides', icon: null } }))
      .then([ev('SiteSectionUpdated', { sectionId: 'x', changes: { title: 'Guides', description: 'All guides' } })]);
    given(site, ...three)
      .whenCommand(cmd('UpdateSection', { sectionId: 'x', changes: { path: 'y' } }))
      .thenThrows(PathTaken);
    given(site, ...three)
      .whenCommand(cmd('UpdateSection', { sectionId: 'q', changes: { path: 'q' } }))
      .thenThrows(SectionNotFound);
  });

  it("sets a section's default site space, which must be one of its own (400)", () => {
    const history = [...three, ssAdded('a', 0, 'x'), ssAdded('b', 1, 'x'), ssAdded('c', 0, 'y')];
    given(site, ...history)
      .whenCommand(cmd('UpdateSection', { sectionId: 'x', changes: {}, defaultSiteSpace: 'b' }))
      .then([ev('SiteDefaultSiteSpaceSet', { section: 'x', siteSpaceId: 'b' })]);
    given(site, ...history)
      .whenCommand(cmd('UpdateSection', { sectionId: 'x', changes: {}, defaultSiteSpace: 'c' }))
      .thenThrows(BadRequest);
  });

  it('deleting a section deletes its site spaces; the next section becomes the default', () => {
    const history = [...three, ssAdded('a', 0, 'x')];
    given(site, ...history)
      .whenCommand(cmd('RemoveSection', { sectionId: 'x' }))
      .then([ev('SiteSpaceRemoved', { siteSpaceId: 'a', spaceId: 'sp-a', reason: 'section-deleted' }), ev('SiteSectionRemoved', { sectionId: 'x' })]);
    const s = after(history, cmd('RemoveSection', { sectionId: 'x' })).structure;
    expect([s.defaultSection, Object.keys(s.siteSpaces)]).toEqual(['y', []]);
    const lastDefault = [...three, ev('SiteDefaultSectionSet', { sectionId: 'z' })];
    expect(after(lastDefault, cmd('RemoveSection', { sectionId: 'z' })).structure.defaultSection).toBe('y');
    given(site, ...three)
      .whenCommand(cmd('RemoveSection', { sectionId: 'q' }))
      .thenNothing();
  });

  it('the default section follows reading order across groups', () => {
    const history = [...three, groupAdded('g', 3), sectionMoved('y', 'g', 0), ev('SiteDefaultSectionSet', { sectionId: 'x' })];
    // Reading order: x, z, then g's y.
    expect(after(history, cmd('RemoveSection', { sectionId: 'x' })).structure.defaultSection).toBe('z');
  });

  describe('moving', () => {
    it('before or after another section; 409 when nothing changes; 400 beside itself; 404 for an unknown target', () => {
      expect(roots(three, move('z', 'before', 'x'))).toEqual(['z', 'x', 'y']);
      expect(roots(three, move('x', 'after', 'z'))).toEqual(['y', 'z', 'x']);
      given(site, ...three)
        .whenCommand(move('x', 'before', 'y'))
        .thenThrows(MoveChangesNothing);
      given(site, ...three)
        .whenCommand(move('x', 'before', 'x'))
        .thenThrows(InvalidPosition);
      given(site, ...three)
        .whenCommand(move('x', 'before', 'q'))
        .thenThrows(SectionNotFound);
    });

    it('beside a section in a group moves it into that group', () => {
      const history = [...three, groupAdded('g', 3), sectionMoved('y', 'g', 0)];
      const s = after(history, move('x', 'after', 'y')).structure;
      expect([s.groups.g.children.map((r) => r.id), s.sections.x.group]).toEqual([['y', 'x'], 'g']);
    });
  });
});

describe('site decider: section groups', () => {
  const grouped = [...three, groupAdded('g', 3), sectionMoved('y', 'g', 0), sectionMoved('z', 'g', 1)];
  const moveGroup = (id: string, side: 'before' | 'after', type: 'section' | 'group', target: string) =>
    cmd('MoveSectionGroup', { groupId: id, position: { side, target: { type, id: target } } });

  it('a group is added at the end of its level and takes in the sections given, in order', () => {
    given(site, ...three)
      .whenCommand(cmd('AddSectionGroup', { groupId: 'g', title: 'Guides', icon: null, sections: ['z', 'x'] }))
      .then([
        ev('SiteSectionGroupAdded', { groupId: 'g', title: 'Guides', icon: null, parent: null, index: 3 }),
        sectionMoved('z', 'g', 0),
        sectionMoved('x', 'g', 1),
      ]);
    given(site, ...three)
      .whenCommand(cmd('AddSectionGroup', { groupId: 'g', title: 'Guides', icon: null, sections: ['q'] }))
      .thenThrows(BadRequest);
    given(site, ...three)
      .whenCommand(cmd('AddSectionGroup', { groupId: 'g', title: '', icon: null, sections: [] }))
      .thenThrows(BadRequest);
  });

  it('deleting a group puts what it held in its place, in order', () => {
    const s = after(grouped, cmd('RemoveSectionGroup', { groupId: 'g' })).structure;
    expect([s.rootItems.map((r) => r.id), s.sections.y.group, s.groups.g]).toEqual([['x', 'y', 'z'], null, undefined]);
  });

  it('adds a section to a group and takes it out again (right after the group); a section not in it changes nothing', () => {
    expect(after(grouped, cmd('AddSectionToGroup', { groupId: 'g', sectionId: 'x' })).structure.groups.g.children.map((r) => r.id)).toEqual(['y', 'z', 'x']);
    const out = after(grouped, cmd('RemoveSectionFromGroup', { groupId: 'g', sectionId: 'y' })).structure;
    expect(out.rootItems.map((r) => r.id)).toEqual(['x', 'g', 'y']);
    given(site, ...grouped)
      .whenCommand(cmd('RemoveSectionFromGroup', { groupId: 'g', sectionId: 'x' }))
      .thenNothing();
    given(site, ...grouped)
      .whenCommand(cmd('AddSectionToGroup', { groupId: 'q', sectionId: 'x' }))
      .thenThrows(SectionGroupNotFound);
  });

  it('moves beside a section or a group; never into itself (400); 409 when nothing changes', () => {
    expect(roots(grouped, moveGroup('g', 'before', 'section', 'x'))).toEqual(['g', 'x']);
    const nested = [...grouped, groupAdded('h', 2, 'g')];
    given(site, ...nested)
      .whenCommand(moveGroup('g', 'after', 'group', 'h'))
      .thenThrows(InvalidPosition);
    given(site, ...nested)
      .whenCommand(moveGroup('g', 'after', 'section', 'y'))
      .thenThrows(InvalidPosition);
    given(site, ...grouped)
      .whenCommand(moveGroup('g', 'after', 'section', 'x'))
      .thenThrows(MoveChangesNothing);
    given(site, ...grouped)
      .whenCommand(moveGroup('g', 'after', 'group', 'q'))
      .thenThrows(SectionGroupNotFound);
    const h = after(nested, moveGroup('h', 'before', 'section', 'x')).structure;
    expect([h.rootItems.map((r) => r.id), h.groups.h.parent]).toEqual([['h', 'x', 'g'], null]);
  });
});
