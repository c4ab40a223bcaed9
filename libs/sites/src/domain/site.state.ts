import { CustomizationOverrides, CustomizationSettings } from './customization/customization';
import { SiteCreated, SiteSettings } from './site.events';
import { emptyStructure, Structure } from './structure/structure';

/** What the site aggregate knows (folded by `evolve` in site.ts, read by `decideSite`). */
export interface SiteState {
  status: 'none' | 'active' | 'deleted';
  site: (Omit<SiteCreated, keyof SiteSettings> & SiteSettings) | null;
  published: boolean;
  structure: Structure;
  /** Null until the first PUT: the defaults apply. */
  customization: CustomizationSettings | null;
  siteSpaceCustomizations: Record<string, CustomizationOverrides>;
}

export const initialSiteState: SiteState = {
  status: 'none',
  site: null,
  published: false,
  structure: emptyStructure(),
  customization: null,
  siteSpaceCustomizations: {},
};
