/**
 * The site services beside the site aggregate (share links, MCP servers, adaptive content,
 * redirects, hostnames): their controllers, providers and projections, composed by SitesModule.
 */
import { Provider, Type } from '@nestjs/common';
import { ProjectionDefinition } from '@app/platform';

export const SITE_SERVICE_CONTROLLERS: Type<unknown>[] = [];
export const SITE_SERVICE_PROVIDERS: Provider[] = [];
export const SITE_SERVICE_PROJECTIONS: ProjectionDefinition[] = [];
