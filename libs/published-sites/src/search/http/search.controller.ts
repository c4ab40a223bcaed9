import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller, PageQuery, Principal } from '@app/platform';
import { SearchOrganizationContentQuery } from '../application/search-organization-content.query';
import { SearchSiteContentQuery } from '../application/search-site-content.query';
import { SearchSpaceContentQuery } from '../application/search-space-content.query';
import { SearchParams, SiteSearchBody } from './search.params';

/**
 * Full-text search of main content: searchSpaceContent, searchOrganizationContent and
 * searchSiteContent. The index follows merges shortly after they answer (it is not awaited by
 * read-your-writes: a merge never waits for its pages to be indexed).
 */
@Controller()
export class SearchController {
  constructor(private readonly queries: QueryBus) {}

  @Get('spaces/:spaceId/search')
  space(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Query() q: SearchParams) {
    return this.queries.execute(new SearchSpaceContentQuery(caller, spaceId, q.query, q));
  }

  @Get('orgs/:organizationId/search')
  organization(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Query() q: SearchParams) {
    return this.queries.execute(new SearchOrganizationContentQuery(caller, organizationId, q.query, q));
  }

  @Post('orgs/:organizationId/sites/:siteId/search')
  @HttpCode(200)
  site(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: SiteSearchBody,
    @Query() page: PageQuery,
  ) {
    return this.queries.execute(new SearchSiteContentQuery(caller, organizationId, siteId, body.query, body.toScope(), body.visitor ?? null, page));
  }
}
