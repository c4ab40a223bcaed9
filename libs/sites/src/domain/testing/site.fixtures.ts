import { fold } from '@app/platform';
import { site, SiteCommand, SiteEvent, SiteState } from '../site';

/** Builders for site decider specifications: events as a site stream holds them. */
export const SITE = 'site1';
export const ORG = 'org1';
export const NOW = new Date('2026-01-01T00:00:00.000Z');
const at = NOW.toISOString();

type DataOf<T extends SiteEvent['type']> = Omit<Extract<SiteEvent, { type: T }>['data'], 'siteId'>;
export const ev = <T extends SiteEvent['type']>(type: T, data: DataOf<T>): SiteEvent => ({ type, data: { ...data, siteId: SITE } }) as unknown as SiteEvent;

export const created = (extra: Partial<DataOf<'SiteCreated'>> = {}): SiteEvent =>
  ev('SiteCreated', {
    organizationId: ORG,
    type: 'basic',
    title: 'Docs',
    visibility: 'public',
    basename: 'docs',
    hostname: null,
    proxy: null,
    adaptiveContent: false,
    agentsContext: 'included',
    createdAt: at,
    ...extra,
  });

/** Site space `id` of space `sp-<id>` at `index` of `section` (path = id). */
export const ssAdded = (id: string, index: number, section: string | null = null, path = id): SiteEvent =>
  ev('SiteSpaceAdded', { siteSpaceId: id, spaceId: `sp-${id}`, section, path, index });

export const sectionAdded = (id: string, index: number, adopted: string[] = [], group: string | null = null): SiteEvent =>
  ev('SiteSectionAdded', { sectionId: id, title: `Section ${id}`, path: id, icon: null, group, index, adopted });

export const groupAdded = (id: string, index: number, parent: string | null = null): SiteEvent =>
  ev('SiteSectionGroupAdded', { groupId: id, title: `Group ${id}`, icon: null, parent, index });

export const sectionMoved = (id: string, group: string | null, index: number): SiteEvent => ev('SiteSectionMoved', { sectionId: id, group, index });

/** The state after a history and the command's events (to check what the events lead to). */
export function after(history: SiteEvent[], command: SiteCommand): SiteState {
  const before = fold(site, history);
  return fold(site, [...history, ...site.decide(command, before, NOW)]);
}

export const cmd = <T extends SiteCommand['type']>(type: T, rest: Omit<Extract<SiteCommand, { type: T }>, 'type' | 'siteId'>): SiteCommand =>
  ({ type, siteId: SITE, ...rest }) as unknown as SiteCommand;
