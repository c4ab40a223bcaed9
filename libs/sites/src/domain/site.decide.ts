import { DEFAULT_CUSTOMIZATION, patchOverrides, sameJson, siteSettings } from './customization/customization';
import { basenameProblem, check, hostnameProblem, proxyProblem, siteTitleProblem } from './site-rules';
import type { SiteState } from './site.state';
import { SiteCommand } from './site.commands';
import { NothingToPublish, SiteNotFound, UnknownStructureItem } from './site.errors';
import { AGENTS_CONTEXTS, SITE_TYPES, SITE_VISIBILITIES, SiteEvent, SiteSettings } from './site.events';
import { setDefaultSection } from './structure/sections.decide';
import { addSiteSpace, liveSiteSpace, setDefaultSiteSpace } from './structure/site-spaces.decide';
import { decideStructure } from './structure/structure.decide';
import { hasSections } from './structure/structure';
import { StructureDecision } from './structure/structure.decision';

const oneOf = (values: readonly string[], v: unknown, field: string) => {
  if (!values.includes(v as string)) check(() => `${field}: must be one of ${values.join(', ')}`, v, field);
};

/** The contract's field rules for the settings a command sets. */
function checkSettings(c: Partial<SiteSettings>): void {
  if (c.title !== undefined) check(siteTitleProblem, c.title, 'title');
  if (c.basename !== undefined) check(basenameProblem, c.basename, 'basename');
  if (c.visibility !== undefined) oneOf(SITE_VISIBILITIES, c.visibility, 'visibility');
  if (c.agentsContext !== undefined) oneOf(AGENTS_CONTEXTS, c.agentsContext, 'agentsContext');
  if (typeof c.hostname === 'string') check(hostnameProblem, c.hostname, 'hostname');
  if (typeof c.proxy === 'string') check(proxyProblem, c.proxy, 'proxy');
}

/** PATCH defaultSiteSpace: the root default, or the default of the default section once there are sections. */
function setSiteDefaultSiteSpace(d: StructureDecision, id: string): void {
  if (!hasSections(d.structure)) return setDefaultSiteSpace(d, null, id, 'defaultSiteSpace');
  const node = d.structure.siteSpaces[id];
  if (!node) throw new UnknownStructureItem('defaultSiteSpace', 'site space', id);
  return setDefaultSiteSpace(d, d.structure.defaultSection, id, 'defaultSiteSpace');
}

function update(s: SiteState, c: Extract<SiteCommand, { type: 'UpdateSite' }>, d: StructureDecision, at: string): SiteEvent[] {
  checkSettings(c.changes);
  const site = s.site!;
  const changes = Object.fromEntries(Object.entries(c.changes).filter(([k, v]) => v !== undefined && site[k as keyof SiteSettings] !== v));
  const events: SiteEvent[] = Object.keys(changes).length
    ? [{ type: 'SiteUpdated', data: { siteId: c.siteId, organizationId: site.organizationId, changes, updatedAt: at } }]
    : [];
  if (c.defaultSiteSection !== undefined) setDefaultSection(d, c.defaultSiteSection, 'defaultSiteSection');
  if (c.defaultSiteSpace !== undefined) setSiteDefaultSiteSpace(d, c.defaultSiteSpace);
  return [...events, ...d.events];
}

function customize(s: SiteState, c: Extract<SiteCommand, { type: `${string}Customization` }>): SiteEvent[] {
  const siteId = c.siteId;
  if (c.type === 'UpdateCustomization') {
    const settings = siteSettings(c.settings);
    return sameJson(settings, s.customization ?? DEFAULT_CUSTOMIZATION) ? [] : [{ type: 'SiteCustomizationUpdated', data: { siteId, settings } }];
  }
  const current = s.siteSpaceCustomizations[c.siteSpaceId];
  if (c.type === 'RemoveSiteSpaceCustomization')
    return current ? [{ type: 'SiteSpaceCustomizationRemoved', data: { siteId, siteSpaceId: c.siteSpaceId } }] : [];
  liveSiteSpace(s.structure, c.siteSpaceId);
  const overrides = patchOverrides(current ?? {}, c.patch);
  if (sameJson(overrides, current ?? {})) return [];
  return Object.keys(overrides).length
    ? [{ type: 'SiteSpaceCustomizationOverridden', data: { siteId, siteSpaceId: c.siteSpaceId, overrides } }]
    : [{ type: 'SiteSpaceCustomizationRemoved', data: { siteId, siteSpaceId: c.siteSpaceId } }];
}

function create(s: SiteState, c: Extract<SiteCommand, { type: 'CreateSite' }>, at: string): SiteEvent[] {
  // An id is used once: creating over an existing stream (a replayed command) changes nothing.
  if (s.status !== 'none') return [];
  checkSettings({ title: c.title, basename: c.basename, visibility: c.visibility });
  oneOf(SITE_TYPES, c.siteType, 'type');
  const settings = { title: c.title, visibility: c.visibility, basename: c.basename, hostname: null, proxy: null, adaptiveContent: false };
  const created: SiteEvent = {
    type: 'SiteCreated',
    data: { siteId: c.siteId, organizationId: c.organizationId, type: c.siteType, ...settings, agentsContext: 'included', createdAt: at },
  };
  const d = new StructureDecision(s.structure, c.siteId);
  c.spaces.forEach((n) => addSiteSpace(d, n));
  return [created, ...d.events];
}

/** The sagas' commands reach sites that may be gone since: there they change nothing. */
const SAGA_COMMANDS: ReadonlySet<SiteCommand['type']> = new Set(['DetachSpace', 'ReattachSpace', 'DiscardSpace', 'DropSpace']);

export function decideSite(c: SiteCommand, s: SiteState, now: Date): SiteEvent[] {
  const at = now.toISOString();
  if (c.type === 'CreateSite') return create(s, c, at);
  const gone = s.status !== 'active';
  if (c.type === 'DeleteSite') {
    return gone ? [] : [{ type: 'SiteDeleted', data: { siteId: c.siteId, organizationId: s.site!.organizationId, deletedAt: at } }];
  }
  if (gone) {
    if (SAGA_COMMANDS.has(c.type)) return [];
    throw new SiteNotFound(c.siteId);
  }
  const organizationId = s.site!.organizationId;
  switch (c.type) {
    case 'UpdateSite':
      return update(s, c, new StructureDecision(s.structure, c.siteId), at);
    case 'PublishSite':
      if (Object.keys(s.structure.siteSpaces).length === 0) throw new NothingToPublish(c.siteId);
      return s.published ? [] : [{ type: 'SitePublished', data: { siteId: c.siteId, organizationId, publishedAt: at } }];
    case 'UnpublishSite':
      return s.published ? [{ type: 'SiteUnpublished', data: { siteId: c.siteId, organizationId, unpublishedAt: at } }] : [];
    case 'UpdateCustomization':
    case 'OverrideSiteSpaceCustomization':
    case 'RemoveSiteSpaceCustomization':
      return customize(s, c);
    case 'DropSpace':
      // A site of another organization than the one the space left keeps it.
      return organizationId === c.organizationId ? decideStructure(s.structure, c) : [];
    default:
      return decideStructure(s.structure, c);
  }
}
