import { check, conditionProblem, descriptionProblem, iconProblem, pathProblem, sectionTitleProblem, slugOf, uniqueName } from '../site-rules';
import { InvalidPosition, MoveChangesNothing, PathTaken, SectionNotFound, UnknownStructureItem } from '../site.errors';
import { NewSiteSpace, Position } from '../site.commands';
import { SectionChanges } from '../site.events';
import { addSiteSpace, setDefaultSiteSpace } from './site-spaces.decide';
import { hasSections, ItemRef, itemLevel, sameRef, Structure } from './structure';
import { StructureDecision } from './structure.decision';

/** Section paths are unique in the whole site: groups add no path segment. */
const sectionPaths = (s: Structure, except?: string) =>
  new Set(
    Object.values(s.sections)
      .filter((x) => x.id !== except)
      .map((x) => x.path),
  );

export function liveSection(s: Structure, id: string, field?: string) {
  const sec = s.sections[id];
  if (!sec) throw new SectionNotFound(id, field);
  return sec;
}

function newSection(d: StructureDecision, sectionId: string, title: string, icon: string | null, adopted: string[]): void {
  check(sectionTitleProblem, title, 'title');
  if (icon !== null) check(iconProblem, icon, 'icon');
  const path = uniqueName(slugOf(title, 'section'), sectionPaths(d.structure));
  d.emit('SiteSectionAdded', { sectionId, title, path, icon, group: null, index: d.structure.rootItems.length, adopted });
}

/**
 * A section with one site space, at the end of the top level. A site's first section takes in
 * the site spaces it had so far, in a section of their own (first, and default).
 */
export function addSection(
  d: StructureDecision,
  c: { sectionId: string; title: string; icon: string | null; siteSpace: NewSiteSpace; adopting: { sectionId: string; title: string } },
): void {
  if (!hasSections(d.structure) && d.structure.rootSiteSpaces.length > 0) {
    newSection(d, c.adopting.sectionId, c.adopting.title, null, [...d.structure.rootSiteSpaces]);
  }
  newSection(d, c.sectionId, c.title, c.icon, []);
  addSiteSpace(d, c.siteSpace, c.sectionId);
}

export function updateSection(d: StructureDecision, id: string, changes: SectionChanges, defaultSiteSpace?: string): void {
  const sec = liveSection(d.structure, id);
  if (changes.title !== undefined) check(sectionTitleProblem, changes.title, 'title');
  if (changes.path !== undefined) {
    check(pathProblem, changes.path, 'path');
    if (sectionPaths(d.structure, id).has(changes.path)) throw new PathTaken('path', changes.path, 'section of this site');
  }
  if (typeof changes.icon === 'string') check(iconProblem, changes.icon, 'icon');
  if (typeof changes.description === 'string') check(descriptionProblem, changes.description, 'description');
  if (typeof changes.condition === 'string') check(conditionProblem, changes.condition, 'condition');
  const effective = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== undefined && sec[k as keyof typeof sec] !== v));
  if (Object.keys(effective).length) d.emit('SiteSectionUpdated', { sectionId: id, changes: effective });
  if (defaultSiteSpace !== undefined) setDefaultSiteSpace(d, id, defaultSiteSpace, 'defaultSiteSpace');
}

/** A section goes with its site spaces; the next section becomes the default if it was. */
export function removeSection(d: StructureDecision, id: string): void {
  const sec = d.structure.sections[id];
  if (!sec) return;
  for (const ss of sec.siteSpaces) d.emit('SiteSpaceRemoved', { siteSpaceId: ss, spaceId: d.structure.siteSpaces[ss].spaceId, reason: 'section-deleted' });
  d.emit('SiteSectionRemoved', { sectionId: id });
}

/** Where `ref` lands beside `target` in `level`: its index once it has left its own place. */
export function indexBeside(level: readonly ItemRef[], ref: ItemRef, target: ItemRef, side: 'before' | 'after'): number {
  const rest = level.filter((r) => !sameRef(r, ref));
  return rest.findIndex((r) => sameRef(r, target)) + (side === 'after' ? 1 : 0);
}

/** Before or after another section, in that one's level (the top level or a group). */
export function moveSection(d: StructureDecision, id: string, p: Position): void {
  const s = d.structure;
  const sec = liveSection(s, id);
  if (p.target === id) throw new InvalidPosition(`a section cannot be moved ${p.side} itself`);
  const target = liveSection(s, p.target, `position.${p.side}.siteSection`);
  const ref: ItemRef = { type: 'section', id };
  const index = indexBeside(itemLevel(s, target.group), ref, { type: 'section', id: target.id }, p.side);
  if (target.group === sec.group && itemLevel(s, sec.group).findIndex((r) => sameRef(r, ref)) === index) throw new MoveChangesNothing(`Section ${id}`);
  d.emit('SiteSectionMoved', { sectionId: id, group: target.group, index });
}

export function setDefaultSection(d: StructureDecision, id: string, field: string): void {
  if (!d.structure.sections[id]) throw new UnknownStructureItem(field, 'section', id);
  if (d.structure.defaultSection !== id) d.emit('SiteDefaultSectionSet', { sectionId: id });
}
