import type { PublishedSectionView, PublishedSiteSpaceView, PublishedSiteView } from '@app/sites';
import type { ReaderPage } from '@app/content';

/** Builders for the reading part's unit specs: a site view and pages as the seams declare them. */
export function section(id: string, o: Partial<PublishedSectionView> = {}): PublishedSectionView {
  return { id, title: id.toUpperCase(), path: id, isDefault: false, condition: null, sectionGroupId: null, icon: null, url: `https://x/${id}`, ...o };
}

export function siteSpace(id: string, o: Partial<PublishedSiteSpaceView> = {}): PublishedSiteSpaceView {
  return { id, spaceId: `space-${id}`, title: id.toUpperCase(), path: id, isDefault: false, sectionId: null, condition: null, url: `https://x/${id}`, ...o };
}

export function site(o: Partial<PublishedSiteView> = {}): PublishedSiteView {
  return {
    siteId: 'site1',
    organizationId: 'org1',
    title: 'Docs',
    visibility: 'public',
    published: true,
    basename: 'docs',
    hostname: null,
    agentsContext: 'included',
    adaptiveContent: true,
    url: 'http://127.0.0.1/published/org1/docs',
    sections: [],
    sectionGroups: [],
    siteSpaces: [],
    customization: {},
    version: 1,
    ...o,
  };
}

export function page(id: string, o: Partial<ReaderPage> = {}): ReaderPage {
  return {
    id,
    parentId: null,
    depth: 0,
    kind: 'sheet',
    title: id,
    description: null,
    emoji: null,
    path: id,
    href: null,
    hidden: false,
    noIndex: false,
    noRobotsIndex: false,
    condition: null,
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...o,
  };
}

/**
 * A site with two sections (guides, default; api, only for `visitor.claims.pro`), a group
 * holding both, and variants: guides has v1 (default) and v2; api has one site space.
 */
export function sectionedSite(o: Partial<PublishedSiteView> = {}): PublishedSiteView {
  return site({
    sections: [
      section('guides', { isDefault: true, sectionGroupId: 'g1' }),
      section('api', { condition: 'visitor.claims.pro === true', sectionGroupId: 'g1' }),
    ],
    sectionGroups: [{ id: 'g1', title: 'Products', sectionIds: ['guides', 'api'] }],
    siteSpaces: [
      siteSpace('v1', { sectionId: 'guides', isDefault: true }),
      siteSpace('v2', { sectionId: 'guides', condition: 'visitor.claims.beta === true' }),
      siteSpace('ref', { sectionId: 'api', isDefault: true }),
    ],
    ...o,
  });
}

/** intro; setup (hidden); group "advanced" with tuning and secret (only for pro); a link page. */
export const PAGES: ReaderPage[] = [
  page('intro'),
  page('setup', { hidden: true }),
  page('advanced', { kind: 'group', path: 'advanced' }),
  page('tuning', { parentId: 'advanced', depth: 1, path: 'advanced/tuning' }),
  page('secret', { parentId: 'advanced', depth: 1, path: 'advanced/secret', condition: 'visitor.claims.pro === true' }),
  page('website', { kind: 'link', href: 'https://example.com', path: 'website' }),
];
