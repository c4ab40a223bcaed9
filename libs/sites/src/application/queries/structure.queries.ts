import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, PageQuery, paginate, Principal, ReadStore } from '@app/platform';
import { SectionGroupNotFound, SectionNotFound, SiteSpaceNotFound } from '../../domain/site';
import { StructureReader } from './structure-reader';
import { GroupView, SectionView, SiteSpaceView, StructureView } from './structure.view';
import { SITE_SECTION_GROUPS, SITE_SECTIONS, SITE_SPACES, SectionDoc, SectionGroupDoc, SiteSpaceDoc } from './sites.read-model';

type Kind = 'site-space' | 'section' | 'group';
type ViewOf<K extends Kind> = K extends 'site-space' ? SiteSpaceView : K extends 'section' ? SectionView : GroupView;

/** One site space, section or group of a site, as the reference renders it (404 when not there). */
export class GetStructureItemQuery<K extends Kind> extends Query<ViewOf<K>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
    readonly kind: K,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetStructureItemQuery)
export class GetStructureItemHandler implements IQueryHandler<GetStructureItemQuery<Kind>> {
  constructor(private readonly reader: StructureReader) {}
  async execute(q: GetStructureItemQuery<Kind>): Promise<ViewOf<Kind>> {
    const { state, view } = await this.reader.read(q.caller, q.organizationId, q.siteId);
    const s = state.structure;
    if (q.kind === 'section') {
      if (!s.sections[q.id]) throw new SectionNotFound(q.id);
      return view.section(s.sections[q.id]);
    }
    if (q.kind === 'group') {
      if (!s.groups[q.id]) throw new SectionGroupNotFound(q.id);
      return view.group(s.groups[q.id]);
    }
    const rendered = s.siteSpaces[q.id] ? view.siteSpace(s.siteSpaces[q.id]) : null;
    if (!rendered) throw new SiteSpaceNotFound(q.id);
    return rendered;
  }
}

const COLLECTION: Record<Kind, string> = { 'site-space': SITE_SPACES, section: SITE_SECTIONS, group: SITE_SECTION_GROUPS };

/**
 * A site's site spaces, sections or groups, in the order they were added (immutable keys, so
 * paging never skips or repeats one while others move them; getSiteStructure gives the order
 * readers see). Site spaces may be filtered on `default`.
 */
export class ListStructureItemsQuery<K extends Kind> extends Query<ListResponse<ViewOf<K>>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
    readonly kind: K,
    readonly page: PageQuery,
    readonly isDefault?: boolean,
  ) {
    super();
  }
}

@QueryHandler(ListStructureItemsQuery)
export class ListStructureItemsHandler implements IQueryHandler<ListStructureItemsQuery<Kind>> {
  constructor(
    private readonly store: ReadStore,
    private readonly reader: StructureReader,
  ) {}
  async execute(q: ListStructureItemsQuery<Kind>): Promise<ListResponse<ViewOf<Kind>>> {
    const { state, view } = await this.reader.read(q.caller, q.organizationId, q.siteId);
    const s = state.structure;
    const filter = {
      siteId: q.siteId,
      ...(q.kind === 'site-space' ? { status: 'live' } : {}),
      ...(q.isDefault !== undefined ? { default: q.isDefault } : {}),
    };
    const page = await paginate<SiteSpaceDoc | SectionDoc | SectionGroupDoc, ViewOf<Kind> | null>(
      this.store,
      COLLECTION[q.kind],
      filter,
      [['seq', 1]],
      q.page,
      (d) => {
        if (q.kind === 'section') return s.sections[d.id] ? view.section(s.sections[d.id]) : null;
        if (q.kind === 'group') return s.groups[d.id] ? view.group(s.groups[d.id]) : null;
        return s.siteSpaces[d.id] ? view.siteSpace(s.siteSpaces[d.id]) : null;
      },
    );
    // A site space whose space the caller may not see is left out (the count still includes it).
    return { ...page, items: page.items.filter((x): x is ViewOf<Kind> => x !== null) };
  }
}

/** The reference SiteStructure of a site. */
export class GetSiteStructureQuery extends Query<ReturnType<StructureView['structure']>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSiteStructureQuery)
export class GetSiteStructureHandler implements IQueryHandler<GetSiteStructureQuery> {
  constructor(private readonly reader: StructureReader) {}
  async execute(q: GetSiteStructureQuery) {
    return (await this.reader.read(q.caller, q.organizationId, q.siteId)).view.structure();
  }
}
