/**
 * A site's structure: site spaces (a space published in the site), sections (top-level
 * variants, each holding site spaces) and section groups (folders of sections and groups).
 * Two kinds of level hold ordered items: a site-space level (the root when the site has no
 * sections, else one per section) and an item level (the root or a group: sections and groups).
 * Each site-space level has one default site space; the site has one default section.
 */
export interface SiteSpaceNode {
  id: string;
  spaceId: string;
  section: string | null;
  path: string;
  hidden: boolean;
  condition: string | null;
}
export interface SectionNode {
  id: string;
  title: string;
  path: string;
  icon: string | null;
  description: string | null;
  condition: string | null;
  group: string | null;
  siteSpaces: string[];
  defaultSiteSpace: string | null;
}
export interface GroupNode {
  id: string;
  title: string;
  icon: string | null;
  parent: string | null;
  children: ItemRef[];
}
export type ItemRef = { type: 'section' | 'group'; id: string };
/** A site space whose space went to the bin, with where it was: it comes back on restore. */
export interface DetachedSiteSpace {
  node: SiteSpaceNode;
  index: number;
}

export interface Structure {
  siteSpaces: Record<string, SiteSpaceNode>;
  sections: Record<string, SectionNode>;
  groups: Record<string, GroupNode>;
  /** Site spaces of a site without sections, in order (empty once the site has sections). */
  rootSiteSpaces: string[];
  rootDefaultSiteSpace: string | null;
  /** Top-level sections and groups, in order. */
  rootItems: ItemRef[];
  defaultSection: string | null;
  detached: Record<string, DetachedSiteSpace>;
}

export const emptyStructure = (): Structure => ({
  siteSpaces: {},
  sections: {},
  groups: {},
  rootSiteSpaces: [],
  rootDefaultSiteSpace: null,
  rootItems: [],
  defaultSection: null,
  detached: {},
});

export const hasSections = (s: Structure) => Object.keys(s.sections).length > 0;

/** The ordered site spaces of a level (a section, or the root for null). */
export const siteSpaceLevel = (s: Structure, section: string | null): string[] =>
  section === null ? s.rootSiteSpaces : (s.sections[section]?.siteSpaces ?? []);

export const levelDefault = (s: Structure, section: string | null): string | null =>
  section === null ? s.rootDefaultSiteSpace : (s.sections[section]?.defaultSiteSpace ?? null);

/** The ordered sections and groups of an item level (a group, or the root for null). */
export const itemLevel = (s: Structure, group: string | null): ItemRef[] => (group === null ? s.rootItems : (s.groups[group]?.children ?? []));

/** Every section in the order a reader sees them (groups unfolded in place). */
export function sectionsInOrder(s: Structure, level: ItemRef[] = s.rootItems): string[] {
  return level.flatMap((r) => (r.type === 'section' ? [r.id] : sectionsInOrder(s, s.groups[r.id]?.children ?? [])));
}

/** The site space a reader lands on: the root default, or the default section's default. */
export function defaultSiteSpaceOf(s: Structure): string | null {
  if (!hasSections(s)) return s.rootDefaultSiteSpace;
  return s.defaultSection ? (s.sections[s.defaultSection]?.defaultSiteSpace ?? null) : null;
}

/** The groups above a group or section's level, nearest first (for cycle checks). */
export function ancestors(s: Structure, group: string | null): string[] {
  const out: string[] = [];
  for (let g = group; g !== null && out.length <= Object.keys(s.groups).length; g = s.groups[g]?.parent ?? null) out.push(g);
  return out;
}

/** Which level an item ref sits in. */
export const levelOfItem = (s: Structure, ref: ItemRef): string | null => (ref.type === 'section' ? s.sections[ref.id].group : s.groups[ref.id].parent);

export const sameRef = (a: ItemRef, b: ItemRef) => a.type === b.type && a.id === b.id;

/** `list` without `item`, then `item` inserted at `index` (clamped). */
export function insertAt<T>(list: readonly T[], item: T, index: number): T[] {
  const out = [...list];
  out.splice(Math.max(0, Math.min(index, out.length)), 0, item);
  return out;
}

/**
 * The default of a level after `removed` left it: unchanged unless it was the default, then
 * the item that followed it (or, when it was last, the one before); null for an empty level.
 */
export function defaultAfterRemoval<T>(before: readonly T[], removed: T, current: T | null, same: (a: T, b: T) => boolean = Object.is): T | null {
  if (current === null || !same(current, removed)) return current;
  const i = before.findIndex((x) => same(x, removed));
  const rest = before.filter((x) => !same(x, removed));
  if (rest.length === 0) return null;
  return rest[Math.min(i, rest.length - 1)];
}
