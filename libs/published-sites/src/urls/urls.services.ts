/** The urls part of the published-sites context: its controllers, providers and projections, composed by PublishedSitesModule. */
import { Provider, Type } from '@nestjs/common';
import { ProjectionDefinition } from '@app/platform';

export const URLS_CONTROLLERS: Type<unknown>[] = [];
export const URLS_PROVIDERS: Provider[] = [];
export const URLS_PROJECTIONS: ProjectionDefinition[] = [];
