import type { PublishedSiteSpaceView, PublishedSiteView } from '@app/sites';
import type { SitePart } from './own-url';

/**
 * The site space a site URL stands for: the named site space; the default site space of the
 * named section; for the site itself, the default site space of its default section (or of the
 * site, without sections). Undefined when the site has no such part.
 */
export function siteSpaceOf(site: Pick<PublishedSiteView, 'sections' | 'siteSpaces'>, part: SitePart): PublishedSiteSpaceView | undefined {
  if (part && 'siteSpaceId' in part) return site.siteSpaces.find((s) => s.id === part.siteSpaceId);
  const sectionId = part ? part.sectionId : (site.sections.find((s) => s.isDefault)?.id ?? null);
  if (sectionId !== null && !site.sections.some((s) => s.id === sectionId)) return undefined;
  const candidates = site.siteSpaces.filter((s) => s.sectionId === sectionId);
  return candidates.find((s) => s.isDefault) ?? candidates[0];
}
