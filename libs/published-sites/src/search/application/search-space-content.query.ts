import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, NotFound, PageQuery, Principal, Urls } from '@app/platform';
import { GetSpaceAccessQuery } from '@app/spaces';
import { PageSearch } from './page-search';
import { searchCursor, searchList, searchPaging } from './search-listing';
import { pageResult, SearchPageResultView } from './search-results.view';

/** searchSpaceContent: the main content of a space the caller may read, hidden pages included (members search). */
export class SearchSpaceContentQuery extends Query<ListResponse<SearchPageResultView>> {
  constructor(
    readonly caller: Principal,
    readonly spaceId: string,
    readonly text: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(SearchSpaceContentQuery)
export class SearchSpaceContentHandler implements IQueryHandler<SearchSpaceContentQuery> {
  constructor(
    private readonly search: PageSearch,
    private readonly queries: QueryBus,
    private readonly urls: Urls,
  ) {}

  async execute(q: SearchSpaceContentQuery): Promise<ListResponse<SearchPageResultView>> {
    const access = await this.queries.execute(new GetSpaceAccessQuery(q.spaceId, q.caller.userId));
    if (!access?.role) throw new NotFound(`No space with id ${q.spaceId}`);
    const query = this.search.parse(q.text);
    const cursor = searchCursor('spaces.search', q.spaceId, query);
    const { limit, after } = searchPaging(q.page, cursor);
    if (!query) return searchList([], 0, null);
    const found = await this.search.pages({ query, spaceIds: [q.spaceId], listedOnly: false }, limit, after);
    const last = found.pages[found.pages.length - 1];
    return searchList(
      found.pages.map((p) => pageResult(p, this.urls)),
      found.total,
      found.more && last ? cursor.encode([last.score, last.doc.id]) : null,
    );
  }
}
