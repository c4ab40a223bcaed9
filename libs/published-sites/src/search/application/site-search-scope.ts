import { evaluateCondition, type PublishedSiteSpaceView, type PublishedSiteView } from '@app/sites';

/** Reference SiteSearchScope (the deprecated `mode` bodies are read into it). */
export type SiteSearchScope = { mode: 'default'; currentSiteSpace?: string } | { mode: 'specific'; siteSpaceIds: string[] } | { mode: 'all' };

/** Whether a visitor's claims satisfy a condition; one that does not parse hides its content (fail closed). */
export function holds(condition: string | null | undefined, claims: Record<string, unknown>): boolean {
  if (!condition || condition.trim() === '') return true;
  try {
    return evaluateCondition(condition, claims) === true;
  } catch {
    return false;
  }
}

/** Site spaces a visitor sees: their condition holds, and their section's. */
export function visibleSiteSpaces(site: PublishedSiteView, claims: Record<string, unknown>): PublishedSiteSpaceView[] {
  const sections = new Set(site.sections.filter((s) => holds(s.condition, claims)).map((s) => s.id));
  return site.siteSpaces.filter((ss) => (ss.sectionId === null || sections.has(ss.sectionId)) && holds(ss.condition, claims));
}

/**
 * The site spaces a search covers, of those the visitor sees: `all` of them; the `specific` ones
 * asked for; by `default` the default site space of each section (or the first the visitor sees
 * there when the default is hidden from them) and the current one.
 */
export function scopedSiteSpaces(site: PublishedSiteView, claims: Record<string, unknown>, scope: SiteSearchScope): PublishedSiteSpaceView[] {
  const visible = visibleSiteSpaces(site, claims);
  if (scope.mode === 'all') return visible;
  if (scope.mode === 'specific') return visible.filter((ss) => scope.siteSpaceIds.includes(ss.id));
  const bySection = new Map<string | null, PublishedSiteSpaceView[]>();
  for (const ss of visible) bySection.set(ss.sectionId, [...(bySection.get(ss.sectionId) ?? []), ss]);
  const defaults = new Set([...bySection.values()].map((list) => (list.find((ss) => ss.isDefault) ?? list[0]).id));
  return visible.filter((ss) => defaults.has(ss.id) || ss.id === scope.currentSiteSpace);
}
