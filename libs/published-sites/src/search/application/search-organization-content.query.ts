import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, NotFound, PageQuery, Principal, ReadStore, Urls } from '@app/platform';
import { GetMemberRoleQuery } from '@app/organizations';
import { GetSpaceAccessQuery, GetSpaceQuery } from '@app/spaces';
import { SEARCH_SPACES, SearchSpaceDoc } from '../index/search-documents';
import type { RankedPage } from '../index/search-index.port';
import { PageSearch } from './page-search';
import { searchCursor, searchList, searchPaging } from './search-listing';
import { pageResult, SearchSpaceResultView } from './search-results.view';

/** searchOrganizationContent: the spaces of an organization the caller may read, by their best page. */
export class SearchOrganizationContentQuery extends Query<ListResponse<SearchSpaceResultView>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly text: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(SearchOrganizationContentQuery)
export class SearchOrganizationContentHandler implements IQueryHandler<SearchOrganizationContentQuery> {
  constructor(
    private readonly search: PageSearch,
    private readonly queries: QueryBus,
    private readonly store: ReadStore,
    private readonly urls: Urls,
  ) {}

  async execute(q: SearchOrganizationContentQuery): Promise<ListResponse<SearchSpaceResultView>> {
    const role = await this.queries.execute(new GetMemberRoleQuery(q.organizationId, q.caller.userId));
    if (!role) throw new NotFound(`No organization with id ${q.organizationId}`);
    const query = this.search.parse(q.text);
    const cursor = searchCursor('orgs.search', q.organizationId, query);
    const { limit, after } = searchPaging(q.page, cursor);
    if (!query) return searchList([], 0, null);
    const spaceIds = (await this.store.find<SearchSpaceDoc>(SEARCH_SPACES, { organizationId: q.organizationId })).map((s) => s.id);
    const found = await this.search.spaces({ query, spaceIds, listedOnly: false, allow: this.readable(q.caller) }, limit, after);
    // A space deleted since its access was checked is left out (GetSpaceQuery answers 404 for it).
    const titles = await Promise.all(
      found.spaces.map((s) =>
        this.queries.execute(new GetSpaceQuery(s.spaceId, q.caller.userId)).then(
          (v) => v.title,
          () => null,
        ),
      ),
    );
    const last = found.spaces[found.spaces.length - 1];
    return searchList(
      found.spaces.flatMap((s, i) => (titles[i] === null ? [] : [{ id: s.spaceId, title: titles[i], pages: s.pages.map((p) => pageResult(p, this.urls)) }])),
      found.total,
      found.more && last ? cursor.encode([last.score, last.spaceId]) : null,
    );
  }

  /** Keeps pages of spaces the caller may read (live, with a role), asking once per space. */
  private readable(caller: Principal): (batch: RankedPage[]) => Promise<RankedPage[]> {
    const known = new Map<string, Promise<boolean>>();
    const may = (spaceId: string) => {
      let p = known.get(spaceId);
      if (!p) {
        p = this.queries.execute(new GetSpaceAccessQuery(spaceId, caller.userId)).then((a) => !!a?.role);
        known.set(spaceId, p);
      }
      return p;
    };
    return async (batch) => {
      const ok = await Promise.all(batch.map((r) => may(r.spaceId)));
      return batch.filter((_, i) => ok[i]);
    };
  }
}
