import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '@app/platform';
import { INSIGHTS_CONTROLLERS, INSIGHTS_PROJECTIONS, INSIGHTS_PROVIDERS } from './insights/insights.services';
import { READING_CONTROLLERS, READING_PROJECTIONS, READING_PROVIDERS } from './reading/reading.services';
import { SEARCH_CONTROLLERS, SEARCH_PROJECTIONS, SEARCH_PROVIDERS } from './search/search.services';
import { URLS_CONTROLLERS, URLS_PROJECTIONS, URLS_PROVIDERS } from './urls/urls.services';

/**
 * Delivery: what readers and integrations see of the platform. Published sites served as HTML
 * (reading/), URL resolution and embeds (urls/), full-text search (search/) and visitor
 * analytics (insights/). It reads the contexts below through their exported queries and
 * writes only its own state (search index, analytics store, page cache).
 */
@Module({
  // URL resolution and the API routes first; the published-site catch-all routes (reading) last.
  controllers: [...URLS_CONTROLLERS, ...SEARCH_CONTROLLERS, ...INSIGHTS_CONTROLLERS, ...READING_CONTROLLERS],
  providers: [...READING_PROVIDERS, ...URLS_PROVIDERS, ...SEARCH_PROVIDERS, ...INSIGHTS_PROVIDERS],
})
export class PublishedSitesModule implements OnModuleInit {
  constructor(private readonly engine: ProjectionEngine) {}

  onModuleInit(): void {
    for (const p of [...READING_PROJECTIONS, ...URLS_PROJECTIONS, ...SEARCH_PROJECTIONS, ...INSIGHTS_PROJECTIONS]) this.engine.registerProjection(p);
  }
}
