import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { QueryBus } from '@nestjs/cqrs';
import { Filter, ListResponse, NotFound, PageQuery, paginate, Principal, ReadStore, Urls } from '@app/platform';
import { GetMemberRoleQuery } from '@app/organizations';
import { SiteAccess } from '../site-access';
import { SiteView, toSiteView } from './site.view';
import { SITE_SPACES, SiteDoc, SITES, SiteSpaceDoc } from './sites.read-model';

export class GetSiteQuery extends Query<SiteView> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSiteQuery)
export class GetSiteHandler implements IQueryHandler<GetSiteQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetSiteQuery): Promise<SiteView> {
    const { role } = await this.access.resolve(q.caller, q.siteId, q.organizationId);
    const doc = (await this.store.get<SiteDoc>(SITES, q.siteId))!;
    return toSiteView(doc, role, this.urls);
  }
}

export interface SiteFilters {
  space?: string;
  title?: string;
  published?: boolean;
}

/** The sites of an organization for one of its members, oldest first; filters by space, title (substring) and published. */
export class ListSitesQuery extends Query<ListResponse<SiteView>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly filters: SiteFilters,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListSitesQuery)
export class ListSitesHandler implements IQueryHandler<ListSitesQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly queries: QueryBus,
    private readonly urls: Urls,
  ) {}
  async execute(q: ListSitesQuery): Promise<ListResponse<SiteView>> {
    const { organizationId, filters: f } = q;
    const role = await this.queries.execute(new GetMemberRoleQuery(organizationId, q.caller.userId));
    if (!role) throw new NotFound(`No organization with id ${organizationId}`);
    const filter: Filter = { organizationId };
    if (f.title !== undefined) filter.title = { $contains: f.title };
    if (f.published !== undefined) filter.published = f.published;
    if (f.space !== undefined) {
      const holding = await this.store.find<SiteSpaceDoc>(SITE_SPACES, { spaceId: f.space, status: 'live', organizationId });
      filter.id = { $in: [...new Set(holding.map((d) => d.siteId))] };
    }
    // The cursor is bound to the filters as given, not to the site ids they matched at the time.
    const scope = { organizationId, ...f };
    return paginate<SiteDoc, SiteView>(this.store, SITES, filter, [['seq', 1]], q.page, (d) => toSiteView(d, role, this.urls), scope);
  }
}
