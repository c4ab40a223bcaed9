import { check, groupTitleProblem, iconProblem } from '../site-rules';
import { InvalidPosition, MoveChangesNothing, SectionGroupNotFound, SectionNotFound, UnknownStructureItem } from '../site.errors';
import { ItemPosition } from '../site.commands';
import { GroupChanges } from '../site.events';
import { indexBeside } from './sections.decide';
import { ancestors, ItemRef, itemLevel, levelOfItem, sameRef, Structure } from './structure';
import { StructureDecision } from './structure.decision';

export function liveGroup(s: Structure, id: string, field?: string) {
  const g = s.groups[id];
  if (!g) throw new SectionGroupNotFound(id, field);
  return g;
}

/** Sections or groups moved in order into `level`, starting at `index`. */
function moveInto(d: StructureDecision, refs: readonly ItemRef[], level: string | null, index: number): void {
  refs.forEach((r, i) => {
    if (r.type === 'section') d.emit('SiteSectionMoved', { sectionId: r.id, group: level, index: index + i });
    else d.emit('SiteSectionGroupMoved', { groupId: r.id, parent: level, index: index + i });
  });
}

/** A group at the end of its parent's level (the top level by default), taking in `sections` in that order. */
export function addGroup(d: StructureDecision, c: { groupId: string; title: string; icon: string | null; parent?: string; sections: string[] }): void {
  check(groupTitleProblem, c.title, 'title');
  if (c.icon !== null) check(iconProblem, c.icon, 'icon');
  const parent = c.parent ?? null;
  if (parent !== null && !d.structure.groups[parent]) throw new UnknownStructureItem('parent', 'section group', parent);
  c.sections.forEach((id, i) => {
    if (!d.structure.sections[id]) throw new UnknownStructureItem(`sections[${i}]`, 'section', id);
  });
  const index = itemLevel(d.structure, parent).length;
  d.emit('SiteSectionGroupAdded', { groupId: c.groupId, title: c.title, icon: c.icon, parent, index });
  moveInto(
    d,
    [...new Set(c.sections)].map((id) => ({ type: 'section' as const, id })),
    c.groupId,
    0,
  );
}

export function updateGroup(d: StructureDecision, id: string, changes: GroupChanges): void {
  const g = liveGroup(d.structure, id);
  if (changes.title !== undefined) check(groupTitleProblem, changes.title, 'title');
  if (typeof changes.icon === 'string') check(iconProblem, changes.icon, 'icon');
  const effective = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== undefined && g[k as keyof typeof g] !== v));
  if (Object.keys(effective).length) d.emit('SiteSectionGroupUpdated', { groupId: id, changes: effective });
}

/** A group goes; what it held takes its place in its parent's level, in order. */
export function removeGroup(d: StructureDecision, id: string): void {
  const g = d.structure.groups[id];
  if (!g) return;
  const at = itemLevel(d.structure, g.parent).findIndex((r) => sameRef(r, { type: 'group', id }));
  moveInto(d, [...g.children], g.parent, at + 1);
  d.emit('SiteSectionGroupRemoved', { groupId: id });
}

export function addSectionToGroup(d: StructureDecision, groupId: string, sectionId: string): void {
  const g = liveGroup(d.structure, groupId);
  const sec = d.structure.sections[sectionId];
  if (!sec) throw new UnknownStructureItem('sectionId', 'section', sectionId);
  if (sec.group !== groupId) moveInto(d, [{ type: 'section', id: sectionId }], groupId, g.children.length);
}

/** Out of the group, right after it; a section that is not in the group changes nothing (204). */
export function removeSectionFromGroup(d: StructureDecision, groupId: string, sectionId: string): void {
  const g = d.structure.groups[groupId];
  if (!g || d.structure.sections[sectionId]?.group !== groupId) return;
  const at = itemLevel(d.structure, g.parent).findIndex((r) => sameRef(r, { type: 'group', id: groupId }));
  moveInto(d, [{ type: 'section', id: sectionId }], g.parent, at + 1);
}

/** Before or after a section or group, in that one's level; never into itself. */
export function moveGroup(d: StructureDecision, id: string, p: ItemPosition): void {
  const s = d.structure;
  const g = liveGroup(s, id);
  const field = `position.${p.side}.id`;
  if (p.target.type === 'group' && p.target.id === id) throw new InvalidPosition(`a section group cannot be moved ${p.side} itself`);
  if (p.target.type === 'section' && !s.sections[p.target.id]) throw new SectionNotFound(p.target.id, field);
  if (p.target.type === 'group') liveGroup(s, p.target.id, field);
  const level = levelOfItem(s, p.target);
  if (ancestors(s, level).includes(id)) throw new InvalidPosition(`section group ${id} cannot be moved inside itself`);
  const ref: ItemRef = { type: 'group', id };
  const index = indexBeside(itemLevel(s, level), ref, p.target, p.side);
  if (level === g.parent && itemLevel(s, g.parent).findIndex((r) => sameRef(r, ref)) === index) throw new MoveChangesNothing(`Section group ${id}`);
  d.emit('SiteSectionGroupMoved', { groupId: id, parent: level, index });
}
