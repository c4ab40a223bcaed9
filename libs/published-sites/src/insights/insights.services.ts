/** The insights part of the published-sites context: its controllers, providers and projections, composed by PublishedSitesModule. */
import { Provider, Type } from '@nestjs/common';
import { PlatformConfig, ProjectionDefinition } from '@app/platform';
import { SiteEventRecorder } from '../ports';
import { createAnalyticsStore } from './application/analytics-store.factory';
import { AnalyticsStore } from './application/analytics-store.port';
import { AnalyticsStoreLifecycle } from './application/analytics-store.lifecycle';
import { InsightsEventRecorder } from './application/insights-event-recorder';
import { SiteInsights } from './application/site-insights.service';
import { InsightsController } from './http/insights.controller';

export const INSIGHTS_CONTROLLERS: Type<unknown>[] = [InsightsController];
export const INSIGHTS_PROVIDERS: Provider[] = [
  { provide: AnalyticsStore, useFactory: createAnalyticsStore, inject: [PlatformConfig] },
  AnalyticsStoreLifecycle,
  SiteInsights,
  InsightsEventRecorder,
  { provide: SiteEventRecorder, useExisting: InsightsEventRecorder },
];
/** Visitor events are not domain events: no projection reads or writes them. */
export const INSIGHTS_PROJECTIONS: ProjectionDefinition[] = [];
