import { Urls } from '@app/platform';
import type { SiteState } from '../../domain/site';
import { GroupNode, hasSections, levelDefault, sectionsInOrder, SiteSpaceNode } from '../../domain/structure/structure';
import { settingsOf } from '../queries/customization.queries';
import { publishedPathUnder, sitePublishedUrl } from '../site-urls';
import type { PublishedSectionView, PublishedSiteSpaceView, PublishedSiteView } from './published-site.queries';

/** Section groups in the order readers meet them (depth first), each with every section below it. */
function groupsInOrder(state: SiteState): PublishedSiteView['sectionGroups'] {
  const s = state.structure;
  const out: PublishedSiteView['sectionGroups'] = [];
  const visit = (g: GroupNode) => {
    out.push({ id: g.id, title: g.title, sectionIds: sectionsInOrder(s, g.children) });
    for (const child of g.children) if (child.type === 'group' && s.groups[child.id]) visit(s.groups[child.id]);
  };
  for (const r of s.rootItems) if (r.type === 'group' && s.groups[r.id]) visit(s.groups[r.id]);
  return out;
}

/**
 * A site as readers are served it, from its folded state: sections and site spaces in display
 * order (live ones only: site spaces whose space is in the bin are detached and not listed), with
 * their published URLs (a default lives at its parent's URL). `spaceTitles` names each space
 * (a site space whose space is not there any more falls back to its path).
 */
export function publishedSiteView(state: SiteState, version: number, spaceTitles: ReadonlyMap<string, string>, urls: Urls): PublishedSiteView {
  const site = state.site!;
  const s = state.structure;
  const base = sitePublishedUrl(urls, site);
  const sectionStep = (id: string) => ({ path: s.sections[id].path, isDefault: s.defaultSection === id });

  const sectionIds = sectionsInOrder(s).filter((id) => s.sections[id]);
  const sections: PublishedSectionView[] = sectionIds.map((id) => {
    const sec = s.sections[id];
    return {
      id,
      title: sec.title,
      path: sec.path,
      isDefault: s.defaultSection === id,
      condition: sec.condition,
      sectionGroupId: sec.group,
      icon: sec.icon,
      description: sec.description,
      url: publishedPathUnder(base, sectionStep(id)),
    };
  });

  const siteSpace = (n: SiteSpaceNode): PublishedSiteSpaceView => {
    const isDefault = levelDefault(s, n.section) === n.id;
    return {
      id: n.id,
      spaceId: n.spaceId,
      title: spaceTitles.get(n.spaceId) ?? n.path,
      path: n.path,
      isDefault,
      sectionId: n.section,
      condition: n.condition,
      hidden: n.hidden,
      url: publishedPathUnder(base, n.section ? sectionStep(n.section) : null, { path: n.path, isDefault }),
      customization: settingsOf(state, n.id),
    };
  };
  const levels = hasSections(s) ? sectionIds.map((id) => s.sections[id].siteSpaces) : [s.rootSiteSpaces];
  const siteSpaces = levels.flatMap((ids) => ids.filter((id) => s.siteSpaces[id]).map((id) => siteSpace(s.siteSpaces[id])));

  return {
    siteId: site.siteId,
    organizationId: site.organizationId,
    title: site.title,
    visibility: site.visibility,
    published: state.published,
    basename: site.basename,
    hostname: site.hostname,
    agentsContext: site.agentsContext,
    adaptiveContent: site.adaptiveContent,
    url: base,
    sections,
    sectionGroups: groupsInOrder(state),
    siteSpaces,
    customization: settingsOf(state),
    version,
  };
}
