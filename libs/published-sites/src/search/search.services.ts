/** The search part of the published-sites context: its controllers, providers and projections, composed by PublishedSitesModule. */
import { Provider, Type } from '@nestjs/common';
import { ProjectionDefinition } from '@app/platform';

export const SEARCH_CONTROLLERS: Type<unknown>[] = [];
export const SEARCH_PROVIDERS: Provider[] = [];
export const SEARCH_PROJECTIONS: ProjectionDefinition[] = [];
