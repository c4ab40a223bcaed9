import { SiteEvent } from '../site.events';
import {
  defaultAfterRemoval,
  insertAt,
  ItemRef,
  itemLevel,
  levelDefault,
  sameRef,
  sectionsInOrder,
  siteSpaceLevel,
  SiteSpaceNode,
  Structure,
} from './structure';

/** Replaces a site-space level's order and default. */
function withLevel(s: Structure, section: string | null, list: string[], def: string | null): Structure {
  if (section === null) return { ...s, rootSiteSpaces: list, rootDefaultSiteSpace: def };
  const sec = s.sections[section];
  return sec ? { ...s, sections: { ...s.sections, [section]: { ...sec, siteSpaces: list, defaultSiteSpace: def } } } : s;
}

/** Takes a site space out of its level: the next one becomes the level's default if it was. */
function unlink(s: Structure, id: string): Structure {
  const node = s.siteSpaces[id];
  if (!node) return s;
  const before = siteSpaceLevel(s, node.section);
  const next = withLevel(
    s,
    node.section,
    before.filter((x) => x !== id),
    defaultAfterRemoval(before, id, levelDefault(s, node.section)),
  );
  const { [id]: _gone, ...siteSpaces } = next.siteSpaces;
  return { ...next, siteSpaces };
}

/** Puts a site space into a level at `index`; the first one of a level becomes its default. */
function link(s: Structure, node: SiteSpaceNode, index: number): Structure {
  const list = insertAt(siteSpaceLevel(s, node.section), node.id, index);
  const next = withLevel(s, node.section, list, levelDefault(s, node.section) ?? node.id);
  return { ...next, siteSpaces: { ...next.siteSpaces, [node.id]: node } };
}

function withItems(s: Structure, group: string | null, items: ItemRef[]): Structure {
  if (group === null) return { ...s, rootItems: items };
  const g = s.groups[group];
  return g ? { ...s, groups: { ...s.groups, [group]: { ...g, children: items } } } : s;
}

const unlinkItem = (s: Structure, ref: ItemRef, level: string | null) =>
  withItems(
    s,
    level,
    itemLevel(s, level).filter((r) => !sameRef(r, ref)),
  );
const linkItem = (s: Structure, ref: ItemRef, level: string | null, index: number) => withItems(s, level, insertAt(itemLevel(s, level), ref, index));

/** A section leaves the site: the next one (in reading order) becomes the default if it was. */
function removeSection(s: Structure, id: string): Structure {
  const sec = s.sections[id];
  if (!sec) return s;
  const order = sectionsInOrder(s);
  const next = unlinkItem(s, { type: 'section', id }, sec.group);
  // Its site spaces were removed by the events before this one; none may outlive it.
  const siteSpaces = Object.fromEntries(Object.entries(next.siteSpaces).filter(([, n]) => n.section !== id));
  const { [id]: _gone, ...sections } = next.sections;
  return { ...next, siteSpaces, sections, defaultSection: defaultAfterRemoval(order, id, s.defaultSection) };
}

/** A new section; a site's first one may take in the root site spaces (`adopted`), with their default. */
function addSection(s: Structure, d: Extract<SiteEvent, { type: 'SiteSectionAdded' }>['data']): Structure {
  const adopted = d.adopted.filter((id) => s.siteSpaces[id]);
  const siteSpaces = { ...s.siteSpaces };
  for (const id of adopted) siteSpaces[id] = { ...siteSpaces[id], section: d.sectionId };
  const section = {
    ...{ id: d.sectionId, title: d.title, path: d.path, icon: d.icon, description: null, condition: null, group: d.group },
    siteSpaces: adopted,
    defaultSiteSpace: adopted.length ? (s.rootDefaultSiteSpace ?? adopted[0]) : null,
  };
  const rootSiteSpaces = s.rootSiteSpaces.filter((id) => !adopted.includes(id));
  const next: Structure = {
    ...s,
    siteSpaces,
    rootSiteSpaces,
    rootDefaultSiteSpace: rootSiteSpaces.length ? s.rootDefaultSiteSpace : null,
    sections: { ...s.sections, [d.sectionId]: section },
    defaultSection: s.defaultSection ?? d.sectionId,
  };
  return linkItem(next, { type: 'section', id: d.sectionId }, d.group, d.index);
}

/** Site-space events; others go to the sections and groups. */
function evolveSiteSpaces(s: Structure, e: SiteEvent): Structure {
  switch (e.type) {
    case 'SiteSpaceAdded': {
      const d = e.data;
      return link(s, { id: d.siteSpaceId, spaceId: d.spaceId, section: d.section, path: d.path, hidden: false, condition: null }, d.index);
    }
    case 'SiteSpaceUpdated': {
      const node = s.siteSpaces[e.data.siteSpaceId];
      return node ? { ...s, siteSpaces: { ...s.siteSpaces, [node.id]: { ...node, ...e.data.changes } } } : s;
    }
    case 'SiteSpaceMoved': {
      const node = s.siteSpaces[e.data.siteSpaceId];
      return node ? link(unlink(s, node.id), { ...node, section: e.data.section }, e.data.index) : s;
    }
    case 'SiteSpaceRemoved': {
      const node = s.siteSpaces[e.data.siteSpaceId];
      if (!node) return s;
      const next = unlink(s, node.id);
      if (e.data.reason !== 'space-deleted') return next;
      const index = siteSpaceLevel(s, node.section).indexOf(node.id);
      return { ...next, detached: { ...next.detached, [node.id]: { node, index } } };
    }
    case 'SiteSpaceRestored': {
      const d = e.data;
      const { [d.siteSpaceId]: was, ...detached } = s.detached;
      if (!was) return s;
      return link({ ...s, detached }, { ...was.node, section: d.section, path: d.path }, d.index);
    }
    case 'SiteSpaceDiscarded': {
      const { [e.data.siteSpaceId]: _gone, ...detached } = s.detached;
      return { ...s, detached };
    }
    case 'SiteDefaultSiteSpaceSet':
      return withLevel(s, e.data.section, siteSpaceLevel(s, e.data.section), e.data.siteSpaceId);
    default:
      return evolveItems(s, e);
  }
}

/** Section and section-group events (others leave the structure as is). */
function evolveItems(s: Structure, e: SiteEvent): Structure {
  switch (e.type) {
    case 'SiteSectionAdded':
      return addSection(s, e.data);
    case 'SiteSectionUpdated': {
      const sec = s.sections[e.data.sectionId];
      return sec ? { ...s, sections: { ...s.sections, [sec.id]: { ...sec, ...e.data.changes } } } : s;
    }
    case 'SiteSectionMoved': {
      const sec = s.sections[e.data.sectionId];
      if (!sec) return s;
      const ref: ItemRef = { type: 'section', id: sec.id };
      const out = unlinkItem(s, ref, sec.group);
      const moved = { ...out, sections: { ...out.sections, [sec.id]: { ...sec, group: e.data.group } } };
      return linkItem(moved, ref, e.data.group, e.data.index);
    }
    case 'SiteSectionRemoved':
      return removeSection(s, e.data.sectionId);
    case 'SiteDefaultSectionSet':
      return s.sections[e.data.sectionId] ? { ...s, defaultSection: e.data.sectionId } : s;
    case 'SiteSectionGroupAdded': {
      const d = e.data;
      const groups = { ...s.groups, [d.groupId]: { id: d.groupId, title: d.title, icon: d.icon, parent: d.parent, children: [] } };
      return linkItem({ ...s, groups }, { type: 'group', id: d.groupId }, d.parent, d.index);
    }
    case 'SiteSectionGroupUpdated': {
      const g = s.groups[e.data.groupId];
      return g ? { ...s, groups: { ...s.groups, [g.id]: { ...g, ...e.data.changes } } } : s;
    }
    case 'SiteSectionGroupMoved': {
      const g = s.groups[e.data.groupId];
      if (!g) return s;
      const ref: ItemRef = { type: 'group', id: g.id };
      const out = unlinkItem(s, ref, g.parent);
      return linkItem({ ...out, groups: { ...out.groups, [g.id]: { ...g, parent: e.data.parent } } }, ref, e.data.parent, e.data.index);
    }
    case 'SiteSectionGroupRemoved': {
      const g = s.groups[e.data.groupId];
      if (!g) return s;
      const out = unlinkItem(s, { type: 'group', id: g.id }, g.parent);
      const { [g.id]: _gone, ...groups } = out.groups;
      return { ...out, groups };
    }
    default:
      return s;
  }
}

/** The structure part of the site decider's evolve (events that do not touch it leave it as is). */
export const evolveStructure = (s: Structure, e: SiteEvent): Structure => evolveSiteSpaces(s, e);
