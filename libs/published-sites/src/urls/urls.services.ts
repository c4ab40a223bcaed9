/** The urls part of the published-sites context: its controllers, providers and projections, composed by PublishedSitesModule. */
import { Provider, Type } from '@nestjs/common';
import { ProjectionDefinition } from '@app/platform';
import { ExternalEmbeds } from './application/external-embeds';
import { OwnApi } from './application/own-api';
import { UrlContents } from './application/url-contents';
import { UrlEmbeds } from './application/url-embeds';
import { UrlLocator } from './application/url-locator';
import { UrlsController } from './http/urls.controller';

export const URLS_CONTROLLERS: Type<unknown>[] = [UrlsController];
export const URLS_PROVIDERS: Provider[] = [OwnApi, UrlLocator, UrlContents, ExternalEmbeds, UrlEmbeds];
export const URLS_PROJECTIONS: ProjectionDefinition[] = [];
