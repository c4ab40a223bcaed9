import { AuditActionDefinition, AuditSubject } from '@app/platform';

type Data = Record<string, unknown>;
const site = (d: Data) => ({ type: 'site', id: d.siteId as string });
const org = (d: Data) => d.organizationId as string | undefined;
const spaceOf = (d: Data): AuditSubject[] => (typeof d.spaceId === 'string' ? [{ type: 'space', id: d.spaceId }] : []);

const onSite = (event: string, action: string, label: string): AuditActionDefinition => ({ event, action, label, target: site, organizationId: org });
/** A part of a site (section, site space, share link…): targets the part, relates the site (and the space it shows). */
const part =
  (type: string, key: string) =>
  (event: string, action: string, label: string): AuditActionDefinition => ({
    event,
    action,
    label,
    target: (d) => ({ type, id: d[key] as string }),
    related: (d) => [site(d), ...spaceOf(d)],
    organizationId: org,
  });
const section = part('site-section', 'sectionId');
const group = part('site-section-group', 'groupId');
const siteSpace = part('site-space', 'siteSpaceId');
const shareLink = part('share-link', 'shareLinkId');
const redirect = part('site-redirect', 'redirectId');
const mcpServer = part('mcp-server', 'mcpServerId');

/**
 * How the sites context's events read as audit events. Share-link keys, the publishing auth
 * key and MCP headers are sealed in the events: the details drop every sealed, key and hash
 * field. `SpaceSiteRecorded` is the follow-spaces saga's index, not a change.
 */
export const SITES_AUDIT_ACTIONS: AuditActionDefinition[] = [
  onSite('SiteCreated', 'site.created', 'Site created'),
  onSite('SiteUpdated', 'site.updated', 'Site updated'),
  onSite('SitePublished', 'site.published', 'Site published'),
  onSite('SiteUnpublished', 'site.unpublished', 'Site unpublished'),
  onSite('SiteDeleted', 'site.deleted', 'Site deleted'),
  onSite('SiteCustomizationUpdated', 'site.customization.updated', 'Site customization updated'),
  onSite('SiteAdaptiveSchemaUpdated', 'site.adaptive-schema.updated', 'Site adaptive content schema updated'),
  onSite('SiteDefaultSectionSet', 'site.default-section.updated', 'Site default section set'),
  onSite('SiteDefaultSiteSpaceSet', 'site.default-site-space.updated', 'Site default site space set'),
  onSite('CustomHostnameChecked', 'site.hostname.checked', 'Site custom hostname checked'),
  onSite('SitePublishingAuthUpdated', 'site.publishing-auth.updated', 'Site visitor authentication updated'),
  onSite('SitePublishingAuthKeyRegenerated', 'site.publishing-auth.key.regenerated', 'Site visitor authentication key regenerated'),
  section('SiteSectionAdded', 'site.section.created', 'Site section added'),
  section('SiteSectionUpdated', 'site.section.updated', 'Site section updated'),
  section('SiteSectionMoved', 'site.section.moved', 'Site section moved'),
  section('SiteSectionRemoved', 'site.section.deleted', 'Site section removed'),
  group('SiteSectionGroupAdded', 'site.section-group.created', 'Site section group added'),
  group('SiteSectionGroupUpdated', 'site.section-group.updated', 'Site section group updated'),
  group('SiteSectionGroupMoved', 'site.section-group.moved', 'Site section group moved'),
  group('SiteSectionGroupRemoved', 'site.section-group.deleted', 'Site section group removed'),
  siteSpace('SiteSpaceAdded', 'site.space.added', 'Space added to site'),
  siteSpace('SiteSpaceUpdated', 'site.space.updated', 'Site space updated'),
  siteSpace('SiteSpaceMoved', 'site.space.moved', 'Site space moved'),
  siteSpace('SiteSpaceCustomizationOverridden', 'site.space.customization.updated', 'Site space customization overridden'),
  siteSpace('SiteSpaceCustomizationRemoved', 'site.space.customization.removed', 'Site space customization removed'),
  siteSpace('SiteSpaceRemoved', 'site.space.removed', 'Space removed from site'),
  siteSpace('SiteSpaceDiscarded', 'site.space.discarded', 'Site space discarded'),
  siteSpace('SiteSpaceRestored', 'site.space.restored', 'Site space restored'),
  shareLink('SiteShareLinkCreated', 'site.share-link.created', 'Site share link created'),
  shareLink('SiteShareLinkUpdated', 'site.share-link.updated', 'Site share link updated'),
  shareLink('SiteShareLinkDeleted', 'site.share-link.deleted', 'Site share link deleted'),
  redirect('SiteRedirectCreated', 'site.redirect.created', 'Site redirect created'),
  redirect('SiteRedirectUpdated', 'site.redirect.updated', 'Site redirect updated'),
  redirect('SiteRedirectDeleted', 'site.redirect.deleted', 'Site redirect deleted'),
  mcpServer('SiteMcpServerCreated', 'site.mcp-server.created', 'Site MCP server created'),
  mcpServer('SiteMcpServerUpdated', 'site.mcp-server.updated', 'Site MCP server updated'),
  mcpServer('SiteMcpServerDeleted', 'site.mcp-server.deleted', 'Site MCP server deleted'),
];

/** Appended by sites, not changes anyone audits (the follow-spaces saga's record of placements). */
export const SITES_BOOKKEEPING_EVENTS = ['SpaceSiteRecorded'];
