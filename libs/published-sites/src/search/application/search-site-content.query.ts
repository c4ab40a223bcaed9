import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { DomainError, ListResponse, NotFound, PageQuery, Principal, Urls } from '@app/platform';
import { GetMemberRoleQuery } from '@app/organizations';
import { AdmitVisitorQuery, FindPublishedSiteQuery, type SiteVisitorCredentials } from '@app/sites';
import { PageSearch } from './page-search';
import { searchCursor, searchList, searchPaging } from './search-listing';
import { pageResult, SearchSpaceResultView } from './search-results.view';
import { holds, scopedSiteSpaces, SiteSearchScope } from './site-search-scope';

/**
 * searchSiteContent: what a visitor sees of a site, for a member of its organization. The
 * visitor is the one described by `visitor` (admitted as the published site admits them: share
 * key, visitor token, unsigned claims), or an anonymous visitor: sections, site spaces and pages
 * whose adaptive condition does not hold for their claims are left out, and so are hidden and
 * no-index pages.
 */
export class SearchSiteContentQuery extends Query<ListResponse<SearchSpaceResultView>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
    readonly text: string,
    readonly scope: SiteSearchScope,
    readonly visitor: SiteVisitorCredentials | null,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(SearchSiteContentQuery)
export class SearchSiteContentHandler implements IQueryHandler<SearchSiteContentQuery> {
  constructor(
    private readonly search: PageSearch,
    private readonly queries: QueryBus,
    private readonly urls: Urls,
  ) {}

  async execute(q: SearchSiteContentQuery): Promise<ListResponse<SearchSpaceResultView>> {
    const site = await this.queries.execute(new FindPublishedSiteQuery({ siteId: q.siteId }));
    const notFound = new NotFound(`No site with id ${q.siteId}`);
    if (!site || site.organizationId !== q.organizationId) throw notFound;
    if (!(await this.queries.execute(new GetMemberRoleQuery(q.organizationId, q.caller.userId)))) throw notFound;
    const claims = q.visitor ? await this.admit(q.siteId, q.visitor) : {};
    const query = this.search.parse(q.text);
    const cursor = searchCursor('sites.search', { siteId: q.siteId, scope: q.scope, visitor: !!q.visitor }, query);
    const { limit, after } = searchPaging(q.page, cursor);
    const siteSpaces = scopedSiteSpaces(site, claims, q.scope);
    if (!query || siteSpaces.length === 0) return searchList([], 0, null);
    const titles = new Map<string, string>();
    for (const ss of siteSpaces) if (!titles.has(ss.spaceId)) titles.set(ss.spaceId, ss.title);
    const found = await this.search.spaces(
      {
        query,
        spaceIds: [...titles.keys()],
        listedOnly: true,
        allow: (batch) => batch.filter((p) => p.conditions.every((c) => holds(c, claims))),
      },
      limit,
      after,
    );
    const last = found.spaces[found.spaces.length - 1];
    return searchList(
      found.spaces.map((s) => ({ id: s.spaceId, title: titles.get(s.spaceId) ?? '', pages: s.pages.map((p) => pageResult(p, this.urls)) })),
      found.total,
      found.more && last ? cursor.encode([last.score, last.spaceId]) : null,
    );
  }

  /** The visitor's claims, or the published site's refusal (401 for a bad token, 404 for an inactive share key). */
  private async admit(siteId: string, visitor: SiteVisitorCredentials): Promise<Record<string, unknown>> {
    const admission = await this.queries.execute(new AdmitVisitorQuery(siteId, visitor));
    if (!admission.admitted) throw new DomainError(admission.status, `visitor: ${admission.message}`);
    return admission.claims;
  }
}
