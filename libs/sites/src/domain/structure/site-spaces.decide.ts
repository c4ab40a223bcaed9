import { check, conditionProblem, pathProblem, uniqueName } from '../site-rules';
import { InvalidPosition, MoveChangesNothing, PathTaken, SiteSpaceNotFound, UnknownStructureItem } from '../site.errors';
import { NewSiteSpace, Position } from '../site.commands';
import { SiteSpaceChanges } from '../site.events';
import { hasSections, siteSpaceLevel, Structure } from './structure';
import { StructureDecision } from './structure.decision';

/** Paths used in a site-space level, but `except`'s. */
export const pathsIn = (s: Structure, section: string | null, except?: string) =>
  new Set(
    siteSpaceLevel(s, section)
      .filter((id) => id !== except)
      .map((id) => s.siteSpaces[id].path),
  );

export function liveSiteSpace(s: Structure, id: string, field?: string) {
  const node = s.siteSpaces[id];
  if (!node) throw new SiteSpaceNotFound(id, field);
  return node;
}

/** Where a new site space goes: the given section, else the default one once the site has sections. */
function targetSection(s: Structure, section: string | undefined): string | null {
  if (section !== undefined) {
    if (!s.sections[section]) throw new UnknownStructureItem('sectionId', 'section', section);
    return section;
  }
  return hasSections(s) ? s.defaultSection : null;
}

/** A site space at the end of its level, its wanted path made unique there. */
export function addSiteSpace(d: StructureDecision, n: NewSiteSpace, section?: string): void {
  const level = targetSection(d.structure, section);
  const path = uniqueName(n.path, pathsIn(d.structure, level));
  check(pathProblem, path, 'path');
  d.emit('SiteSpaceAdded', { siteSpaceId: n.siteSpaceId, spaceId: n.spaceId, section: level, path, index: siteSpaceLevel(d.structure, level).length });
}

export function updateSiteSpace(d: StructureDecision, id: string, changes: SiteSpaceChanges): void {
  const node = liveSiteSpace(d.structure, id);
  if (changes.path !== undefined) {
    check(pathProblem, changes.path, 'path');
    if (pathsIn(d.structure, node.section, id).has(changes.path)) throw new PathTaken('path', changes.path, 'site space of this level');
  }
  if (typeof changes.condition === 'string') check(conditionProblem, changes.condition, 'condition');
  const effective = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== undefined && node[k as keyof typeof node] !== v));
  if (Object.keys(effective).length) d.emit('SiteSpaceUpdated', { siteSpaceId: id, changes: effective });
}

/** Before or after another site space, in that one's level (a path already used there is refused). */
export function moveSiteSpace(d: StructureDecision, id: string, p: Position): void {
  const s = d.structure;
  const node = liveSiteSpace(s, id);
  if (p.target === id) throw new InvalidPosition(`a site space cannot be moved ${p.side} itself`);
  const target = liveSiteSpace(s, p.target, `position.${p.side}.siteSpace`);
  const rest = siteSpaceLevel(s, target.section).filter((x) => x !== id);
  const index = rest.indexOf(target.id) + (p.side === 'after' ? 1 : 0);
  if (target.section === node.section && siteSpaceLevel(s, node.section).indexOf(id) === index) throw new MoveChangesNothing(`Site space ${id}`);
  if (target.section !== node.section && pathsIn(s, target.section).has(node.path)) {
    throw new InvalidPosition(`the target level already has a site space with path "${node.path}"`);
  }
  d.emit('SiteSpaceMoved', { siteSpaceId: id, section: target.section, index });
}

export function removeSiteSpace(d: StructureDecision, id: string): void {
  const node = d.structure.siteSpaces[id];
  if (node) d.emit('SiteSpaceRemoved', { siteSpaceId: id, spaceId: node.spaceId, reason: 'removed' });
}

/** A level's default site space (a site space of that level). */
export function setDefaultSiteSpace(d: StructureDecision, section: string | null, id: string, field: string): void {
  const node = d.structure.siteSpaces[id];
  if (!node) throw new UnknownStructureItem(field, 'site space', id);
  if (node.section !== section) {
    throw new UnknownStructureItem(field, section ? `site space of section ${section}` : 'top-level site space', id);
  }
  const current = section === null ? d.structure.rootDefaultSiteSpace : d.structure.sections[section].defaultSiteSpace;
  if (current !== id) d.emit('SiteDefaultSiteSpaceSet', { section, siteSpaceId: id });
}
