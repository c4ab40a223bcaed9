/** The reading part of the published-sites context: its controllers, providers and projections, composed by PublishedSitesModule. */
import { Provider, Type } from '@nestjs/common';
import { ProjectionDefinition } from '@app/platform';

export const READING_CONTROLLERS: Type<unknown>[] = [];
export const READING_PROVIDERS: Provider[] = [];
export const READING_PROJECTIONS: ProjectionDefinition[] = [];
