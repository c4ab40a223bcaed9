/** The search part of the published-sites context: its controllers, providers and projections, composed by PublishedSitesModule. */
import { Provider, Type } from '@nestjs/common';
import { PlatformConfig, ProjectionDefinition, ReadStore } from '@app/platform';
import { SiteSearch } from '../ports';
import { PageSearch } from './application/page-search';
import { SearchOrganizationContentHandler } from './application/search-organization-content.query';
import { SearchSiteContentHandler } from './application/search-site-content.query';
import { SearchSpaceContentHandler } from './application/search-space-content.query';
import { SiteSearchService } from './application/site-search.service';
import { SearchController } from './http/search.controller';
import { createSearchIndex } from './index/search-index.factory';
import { SearchIndex } from './index/search-index.port';
import { SearchIndexLifecycle } from './indexing/search-index.lifecycle';

export const SEARCH_CONTROLLERS: Type<unknown>[] = [SearchController];
export const SEARCH_PROVIDERS: Provider[] = [
  { provide: SearchIndex, useFactory: createSearchIndex, inject: [PlatformConfig, ReadStore] },
  PageSearch,
  SiteSearchService,
  { provide: SiteSearch, useExisting: SiteSearchService },
  SearchSpaceContentHandler,
  SearchOrganizationContentHandler,
  SearchSiteContentHandler,
  // Registers the search-index projection (it needs the QueryBus: see search-index.lifecycle.ts).
  SearchIndexLifecycle,
];
export const SEARCH_PROJECTIONS: ProjectionDefinition[] = [];
