import { Urls } from '@app/platform';
import type { SpaceView } from '../space-views';
import type { SiteState } from '../../domain/site';
import { GroupNode, hasSections, ItemRef, levelDefault, SectionNode, SiteSpaceNode } from '../../domain/structure/structure';
import { publishedPathUnder, sitePublishedUrl } from '../site-urls';

/**
 * Renders a site's structure in the reference shapes (SiteSpace, SiteSection, SiteSectionGroup,
 * SiteStructure) from its folded state. A site space whose space the caller cannot see (or that
 * is being removed with its space) is left out.
 */
export class StructureView {
  private readonly base: string;

  constructor(
    private readonly state: SiteState,
    private readonly spaces: ReadonlyMap<string, SpaceView>,
    urls: Urls,
  ) {
    this.base = sitePublishedUrl(urls, state.site!);
  }

  private published(path: string) {
    return this.state.published ? { published: path } : {};
  }

  private sectionStep(sec: SectionNode) {
    return { path: sec.path, isDefault: this.state.structure.defaultSection === sec.id };
  }

  siteSpace(n: SiteSpaceNode) {
    const space = this.spaces.get(n.spaceId);
    if (!space) return null;
    const s = this.state.structure;
    const isDefault = levelDefault(s, n.section) === n.id;
    const section = n.section ? s.sections[n.section] : null;
    return {
      object: 'site-space' as const,
      id: n.id,
      path: n.path,
      ...(n.section ? { section: n.section } : {}),
      space,
      title: space.title,
      default: isDefault,
      ...(n.condition !== null ? { condition: n.condition } : {}),
      hidden: n.hidden,
      hasAdvancedCustomizationFeature: true,
      urls: this.published(publishedPathUnder(this.base, section ? this.sectionStep(section) : null, { path: n.path, isDefault })),
    };
  }

  siteSpaces(ids: readonly string[]) {
    return ids.map((id) => this.siteSpace(this.state.structure.siteSpaces[id])).filter((x) => x !== null);
  }

  section(sec: SectionNode) {
    return {
      object: 'site-section' as const,
      id: sec.id,
      title: sec.title,
      ...(sec.description !== null ? { description: sec.description } : {}),
      default: this.state.structure.defaultSection === sec.id,
      path: sec.path,
      ...(sec.condition !== null ? { condition: sec.condition } : {}),
      ...(sec.group ? { sectionGroup: sec.group } : {}),
      siteSpaces: this.siteSpaces(sec.siteSpaces),
      urls: this.published(publishedPathUnder(this.base, this.sectionStep(sec))),
      ...(sec.icon !== null ? { icon: sec.icon } : {}),
    };
  }

  group(g: GroupNode): GroupView {
    const children = g.children.map((r) => this.item(r));
    return {
      object: 'site-section-group' as const,
      id: g.id,
      title: g.title,
      sections: children.filter((c): c is SectionView => c.object === 'site-section'),
      ...(g.parent ? { sectionGroup: g.parent } : {}),
      children,
      ...(g.icon !== null ? { icon: g.icon } : {}),
    };
  }

  item(r: ItemRef): SectionView | GroupView {
    const s = this.state.structure;
    return r.type === 'section' ? this.section(s.sections[r.id]) : this.group(s.groups[r.id]);
  }

  /** The reference SiteStructure: sections (and groups) once the site has sections, else its site spaces. */
  structure() {
    const s = this.state.structure;
    return hasSections(s)
      ? { type: 'sections' as const, structure: s.rootItems.map((r) => this.item(r)) }
      : { type: 'siteSpaces' as const, structure: this.siteSpaces(s.rootSiteSpaces) };
  }
}

export type SiteSpaceView = NonNullable<ReturnType<StructureView['siteSpace']>>;
export type SectionView = ReturnType<StructureView['section']>;
export interface GroupView {
  object: 'site-section-group';
  id: string;
  title: string;
  sections: SectionView[];
  sectionGroup?: string;
  children: Array<SectionView | GroupView>;
  icon?: string;
}
