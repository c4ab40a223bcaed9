/** The insights part of the published-sites context: its controllers, providers and projections, composed by PublishedSitesModule. */
import { Provider, Type } from '@nestjs/common';
import { ProjectionDefinition } from '@app/platform';

export const INSIGHTS_CONTROLLERS: Type<unknown>[] = [];
export const INSIGHTS_PROVIDERS: Provider[] = [];
export const INSIGHTS_PROJECTIONS: ProjectionDefinition[] = [];
