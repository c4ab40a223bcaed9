import { Decider } from '@app/platform';
import { decideSite } from './site.decide';
import { SiteCommand } from './site.commands';
import { SiteEvent } from './site.events';
import { initialSiteState, SiteState } from './site.state';
import { evolveStructure } from './structure/structure.evolve';

export * from './site.events';
export * from './site.commands';
export * from './site.errors';
export * from './site.state';

export const siteStream = (id: string) => `sites.site-${id}`;

const without = <T>(o: Record<string, T>, key: string): Record<string, T> => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

export function evolve(s: SiteState, e: SiteEvent): SiteState {
  switch (e.type) {
    case 'SiteCreated':
      return { ...s, status: 'active', site: e.data };
    case 'SiteUpdated':
      return { ...s, site: { ...s.site!, ...e.data.changes } };
    case 'SitePublished':
      return { ...s, published: true };
    case 'SiteUnpublished':
      return { ...s, published: false };
    case 'SiteDeleted':
      return { ...s, status: 'deleted', published: false };
    case 'SiteCustomizationUpdated':
      return { ...s, customization: e.data.settings };
    case 'SiteSpaceCustomizationOverridden':
      return { ...s, siteSpaceCustomizations: { ...s.siteSpaceCustomizations, [e.data.siteSpaceId]: e.data.overrides } };
    case 'SiteSpaceCustomizationRemoved':
    case 'SiteSpaceDiscarded':
      return { ...s, structure: evolveStructure(s.structure, e), siteSpaceCustomizations: without(s.siteSpaceCustomizations, e.data.siteSpaceId) };
    case 'SiteSpaceRemoved': {
      // A site space whose space is in the bin keeps its overrides: they come back with it.
      const keep = e.data.reason === 'space-deleted';
      const siteSpaceCustomizations = keep ? s.siteSpaceCustomizations : without(s.siteSpaceCustomizations, e.data.siteSpaceId);
      return { ...s, structure: evolveStructure(s.structure, e), siteSpaceCustomizations };
    }
    case 'SiteSectionRemoved': {
      const gone = s.structure.sections[e.data.sectionId]?.siteSpaces ?? [];
      const siteSpaceCustomizations = gone.reduce((acc, id) => without(acc, id), s.siteSpaceCustomizations);
      return { ...s, structure: evolveStructure(s.structure, e), siteSpaceCustomizations };
    }
    default:
      return { ...s, structure: evolveStructure(s.structure, e) };
  }
}

/** The site aggregate: the site, its structure and its customization (`sites.site-<id>`). */
export const site: Decider<SiteState, SiteCommand, SiteEvent> = {
  initialState: initialSiteState,
  evolve,
  decide: decideSite,
};
