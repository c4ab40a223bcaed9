import type { SiteState } from '../../domain/site';
import type { AgentsContext, SiteType, SiteVisibility } from '../../domain/site.events';

export type { SiteVisibility };

/*
 * The sites read models (projection `sites`). The folded state of each site is kept whole
 * (SITE_STATES: structure and customization render from it); the other collections hold one
 * document per site, site space, section and group, for listings, filters and counts.
 */
export const SITES_PROJECTION = 'sites';
export const SITES = 'sites';
export const SITE_STATES = 'site_states';
export const SITE_SPACES = 'site_spaces';
export const SITE_SECTIONS = 'site_sections';
export const SITE_SECTION_GROUPS = 'site_section_groups';

/** What every site-scoped operation needs to know about its site (the access seam's answer). */
export interface SiteSummary {
  id: string;
  organizationId: string;
  title: string;
  visibility: SiteVisibility;
  published: boolean;
  basename: string;
  hostname?: string;
}

export interface SiteDoc {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  /** Global position of SiteCreated: the immutable order of listings. */
  seq: number;
  type: SiteType;
  title: string;
  visibility: SiteVisibility;
  basename: string;
  hostname: string | null;
  proxy: string | null;
  published: boolean;
  adaptiveContent: boolean;
  agentsContext: AgentsContext;
  createdAt: string;
  /** Live site spaces, every level. */
  siteSpaces: number;
}

export interface SiteStateDoc {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  state: SiteState;
  /** Position of the event that first placed each site space, section and group (listing order). */
  seqs: Record<string, number>;
  /** Global position of the site's last event: the published site's version (cache keys). Absent on documents written before it was kept. */
  position?: number;
}

interface StructureDoc {
  [key: string]: unknown;
  id: string;
  siteId: string;
  organizationId: string;
  seq: number;
}
export interface SiteSpaceDoc extends StructureDoc {
  spaceId: string;
  /** `detached`: its space is in the bin; it comes back on restore and is listed nowhere meanwhile. */
  status: 'live' | 'detached';
  section: string | null;
  default: boolean;
}
export interface SectionDoc extends StructureDoc {
  group: string | null;
  default: boolean;
}
export interface SectionGroupDoc extends StructureDoc {
  parent: string | null;
}
