import { DomainEvent } from '@app/platform';
import type { CustomizationOverrides, CustomizationSettings } from './customization/customization';

export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
export const AGENTS_CONTEXTS = ['excluded', 'included'] as const;
export type SiteType = (typeof SITE_TYPES)[number];
export type SiteVisibility = (typeof SITE_VISIBILITIES)[number];
export type AgentsContext = (typeof AGENTS_CONTEXTS)[number];

/** What PATCH may change on a site (structure defaults aside). `null` removes hostname / proxy. */
export interface SiteSettings {
  title: string;
  visibility: SiteVisibility;
  basename: string;
  hostname: string | null;
  proxy: string | null;
  adaptiveContent: boolean;
  agentsContext: AgentsContext;
}

export interface SiteCreated extends SiteSettings {
  siteId: string;
  organizationId: string;
  type: SiteType;
  createdAt: string;
}

/** Why a site space left its site: only `space-deleted` can come back (the space's restore window). */
export type RemovalReason = 'removed' | 'section-deleted' | 'space-deleted' | 'space-left-organization';
export type SiteSpaceChanges = Partial<{ path: string; condition: string | null; hidden: boolean; spaceId: string }>;
export type SectionChanges = Partial<{ title: string; path: string; icon: string | null; description: string | null; condition: string | null }>;
export type GroupChanges = Partial<{ title: string; icon: string | null }>;

type SiteEv<T extends string, D> = DomainEvent<T, D & { siteId: string }>;

/** The events of a site stream (`sites.site-<id>`); their type strings are stable (never renamed). */
export type SiteEvent =
  | DomainEvent<'SiteCreated', SiteCreated>
  | SiteEv<'SiteUpdated', { organizationId: string; changes: Partial<SiteSettings>; updatedAt: string }>
  | SiteEv<'SitePublished', { organizationId: string; publishedAt: string }>
  | SiteEv<'SiteUnpublished', { organizationId: string; unpublishedAt: string }>
  | SiteEv<'SiteDeleted', { organizationId: string; deletedAt: string }>
  // Structure: `index` is the place in the destination level once the item has left its old one.
  | SiteEv<'SiteSpaceAdded', { siteSpaceId: string; spaceId: string; section: string | null; path: string; index: number }>
  | SiteEv<'SiteSpaceUpdated', { siteSpaceId: string; changes: SiteSpaceChanges }>
  | SiteEv<'SiteSpaceMoved', { siteSpaceId: string; section: string | null; index: number }>
  | SiteEv<'SiteSpaceRemoved', { siteSpaceId: string; spaceId: string; reason: RemovalReason }>
  | SiteEv<'SiteSpaceRestored', { siteSpaceId: string; spaceId: string; section: string | null; index: number; path: string }>
  | SiteEv<'SiteSpaceDiscarded', { siteSpaceId: string; spaceId: string }>
  | SiteEv<'SiteDefaultSiteSpaceSet', { section: string | null; siteSpaceId: string }>
  /** `adopted`: the root site spaces the section takes in (a site's first section). */
  | SiteEv<'SiteSectionAdded', { sectionId: string; title: string; path: string; icon: string | null; group: string | null; index: number; adopted: string[] }>
  | SiteEv<'SiteSectionUpdated', { sectionId: string; changes: SectionChanges }>
  | SiteEv<'SiteSectionMoved', { sectionId: string; group: string | null; index: number }>
  | SiteEv<'SiteSectionRemoved', { sectionId: string }>
  | SiteEv<'SiteDefaultSectionSet', { sectionId: string }>
  | SiteEv<'SiteSectionGroupAdded', { groupId: string; title: string; icon: string | null; parent: string | null; index: number }>
  | SiteEv<'SiteSectionGroupUpdated', { groupId: string; changes: GroupChanges }>
  | SiteEv<'SiteSectionGroupMoved', { groupId: string; parent: string | null; index: number }>
  | SiteEv<'SiteSectionGroupRemoved', { groupId: string }>
  // Customization: the site's settings as a whole, and each site space's overrides as a whole.
  | SiteEv<'SiteCustomizationUpdated', { settings: CustomizationSettings }>
  | SiteEv<'SiteSpaceCustomizationOverridden', { siteSpaceId: string; overrides: CustomizationOverrides }>
  | SiteEv<'SiteSpaceCustomizationRemoved', { siteSpaceId: string }>;

export type SiteEventType = SiteEvent['type'];
export const SITE_EVENT_TYPES: readonly SiteEventType[] = [
  'SiteCreated',
  'SiteUpdated',
  'SitePublished',
  'SiteUnpublished',
  'SiteDeleted',
  'SiteSpaceAdded',
  'SiteSpaceUpdated',
  'SiteSpaceMoved',
  'SiteSpaceRemoved',
  'SiteSpaceRestored',
  'SiteSpaceDiscarded',
  'SiteDefaultSiteSpaceSet',
  'SiteSectionAdded',
  'SiteSectionUpdated',
  'SiteSectionMoved',
  'SiteSectionRemoved',
  'SiteDefaultSectionSet',
  'SiteSectionGroupAdded',
  'SiteSectionGroupUpdated',
  'SiteSectionGroupMoved',
  'SiteSectionGroupRemoved',
  'SiteCustomizationUpdated',
  'SiteSpaceCustomizationOverridden',
  'SiteSpaceCustomizationRemoved',
];
