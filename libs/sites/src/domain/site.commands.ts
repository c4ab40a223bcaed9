import type { CustomizationOverrides, CustomizationSettings } from './customization/customization';
import type { GroupChanges, SectionChanges, SiteSettings, SiteSpaceChanges, SiteType, SiteVisibility } from './site.events';
import type { ItemRef } from './structure/structure';

/** A space to place in the site; `path` is the one wanted (made unique in its level by the decider). */
export interface NewSiteSpace {
  siteSpaceId: string;
  spaceId: string;
  path: string;
}
export type Side = 'before' | 'after';
/** Beside a site space (moveSiteSpace) or a section (moveSiteSection). */
export type Position = { side: Side; target: string };
/** Beside a section or a group (moveSiteSectionGroup). */
export type ItemPosition = { side: Side; target: ItemRef };

/**
 * What can be asked of a site. Facts that need I/O (ids, the titles of spaces, whether a space
 * is live in the organization, basenames in use) are gathered by the command handlers and travel
 * in the command; everything decided from them is decided here.
 */
export type SiteCommand =
  | {
      type: 'CreateSite';
      siteId: string;
      organizationId: string;
      siteType: SiteType;
      title: string;
      visibility: SiteVisibility;
      basename: string;
      spaces: NewSiteSpace[];
    }
  | { type: 'UpdateSite'; siteId: string; changes: Partial<SiteSettings>; defaultSiteSpace?: string; defaultSiteSection?: string }
  | { type: 'PublishSite'; siteId: string }
  | { type: 'UnpublishSite'; siteId: string }
  | { type: 'DeleteSite'; siteId: string }
  | { type: 'AddSiteSpace'; siteId: string; siteSpace: NewSiteSpace; section?: string }
  | { type: 'UpdateSiteSpace'; siteId: string; siteSpaceId: string; changes: SiteSpaceChanges }
  | { type: 'RemoveSiteSpace'; siteId: string; siteSpaceId: string }
  | { type: 'MoveSiteSpace'; siteId: string; siteSpaceId: string; position: Position }
  /**
   * `adopting`: the section that takes in the site's root site spaces when this is its first
   * section (titled by the handler after the default site space's space), unused otherwise.
   */
  | {
      type: 'AddSection';
      siteId: string;
      sectionId: string;
      title: string;
      icon: string | null;
      siteSpace: NewSiteSpace;
      adopting: { sectionId: string; title: string };
    }
  | { type: 'UpdateSection'; siteId: string; sectionId: string; changes: SectionChanges; defaultSiteSpace?: string }
  | { type: 'RemoveSection'; siteId: string; sectionId: string }
  | { type: 'MoveSection'; siteId: string; sectionId: string; position: Position }
  | { type: 'AddSectionGroup'; siteId: string; groupId: string; title: string; icon: string | null; parent?: string; sections: string[] }
  | { type: 'UpdateSectionGroup'; siteId: string; groupId: string; changes: GroupChanges }
  | { type: 'RemoveSectionGroup'; siteId: string; groupId: string }
  | { type: 'AddSectionToGroup'; siteId: string; groupId: string; sectionId: string }
  | { type: 'RemoveSectionFromGroup'; siteId: string; groupId: string; sectionId: string }
  | { type: 'MoveSectionGroup'; siteId: string; groupId: string; position: ItemPosition }
  // Sent by the sagas that follow a space's life (spaces context's integration events).
  | { type: 'DetachSpace'; siteId: string; spaceId: string; organizationId?: string }
  | { type: 'ReattachSpace'; siteId: string; spaceId: string; organizationId?: string }
  | { type: 'DiscardSpace'; siteId: string; spaceId: string; organizationId?: string }
  /** `organizationId`: the organization the space left (a site of another one keeps it). */
  | { type: 'DropSpace'; siteId: string; spaceId: string; organizationId: string }
  | { type: 'UpdateCustomization'; siteId: string; settings: CustomizationSettings }
  | { type: 'OverrideSiteSpaceCustomization'; siteId: string; siteSpaceId: string; patch: CustomizationOverrides }
  | { type: 'RemoveSiteSpaceCustomization'; siteId: string; siteSpaceId: string };
