/**
 * The site services beside the site aggregate (share links, MCP servers, adaptive content,
 * redirects, hostnames, visitor authentication, what the delivery level reads of a site): their
 * controllers, providers and projections, composed by SitesModule.
 */
import { Provider, Type } from '@nestjs/common';
import { ProjectionDefinition } from '@app/platform';
import { SetAdaptiveSchemaHandler } from './application/adaptive-schema.commands';
import { adaptiveSchemasProjection } from './application/adaptive-schema.projection';
import { GetAdaptiveSchemaHandler, ListTemplateConditionsHandler } from './application/adaptive-schema.queries';
import { AdaptiveSchemas } from './application/adaptive-schemas';
import { RemoveCustomHostnameHandler, RevalidateCustomHostnameHandler } from './application/hostname.commands';
import { AdmitVisitorHandler, FindPublishedSiteHandler, FindSiteRedirectHandler } from './application/delivery/published-site.handlers';
import { SpaceTitles } from './application/delivery/space-titles';
import { VisitorAdmissions } from './application/delivery/visitor-admissions';
import { VisitorTokens } from './application/delivery/visitor-tokens';
import { customHostnamesProjection } from './application/hostname.projection';
import { GetCustomHostnameHandler } from './application/hostname.queries';
import { CustomHostnames } from './application/hostname-holders';
import { HostnameResolver, NodeDnsHostnameResolver } from './application/hostname-resolver';
import { CreateMcpServerHandler, DeleteMcpServerHandler, UpdateMcpServerHandler } from './application/mcp-server.commands';
import { mcpServersProjection } from './application/mcp-server.projection';
import { GetMcpServerHandler, ListMcpServersHandler } from './application/mcp-server.queries';
import { McpServerSecrets } from './application/mcp-server-secrets';
import { CreateRedirectHandler, DeleteRedirectHandler, UpdateRedirectHandler } from './application/redirect.commands';
import { redirectsProjection } from './application/redirect.projection';
import { GetRedirectBySourceHandler, GetRedirectHandler, ListRedirectsHandler } from './application/redirect.queries';
import { RedirectTargets } from './application/redirect-targets';
import { RegeneratePublishingAuthHandler, UpdatePublishingAuthHandler } from './application/publishing-auth.commands';
import { publishingAuthProjection } from './application/publishing-auth.projection';
import { GetPublishingAuthHandler } from './application/publishing-auth.queries';
import { PublishingAuthKeys } from './application/publishing-auth-keys';
import { CreateShareLinkHandler, DeleteShareLinkHandler, UpdateShareLinkHandler } from './application/share-link.commands';
import { shareLinksProjection } from './application/share-link.projection';
import { GetShareLinkHandler, ListShareLinksHandler } from './application/share-link.queries';
import { ShareLinkViews } from './application/share-link.view';
import { ShareLinkKeys } from './application/share-link-keys';
import { subdomainsProjection } from './application/subdomain.projection';
import { GetSubdomainHandler } from './application/subdomain.queries';
import { AdaptiveSchemaController } from './http/adaptive-schema.controller';
import { HostnameController } from './http/hostname.controller';
import { McpServerController } from './http/mcp-server.controller';
import { PublishingAuthController } from './http/publishing-auth.controller';
import { RedirectController } from './http/redirect.controller';
import { ShareLinkController } from './http/share-link.controller';
import { SubdomainController } from './http/subdomain.controller';

export const SITE_SERVICE_CONTROLLERS: Type<unknown>[] = [
  ShareLinkController,
  McpServerController,
  AdaptiveSchemaController,
  RedirectController,
  HostnameController,
  SubdomainController,
  PublishingAuthController,
];

export const SITE_SERVICE_PROVIDERS: Provider[] = [
  // Share links
  ShareLinkKeys,
  ShareLinkViews,
  CreateShareLinkHandler,
  UpdateShareLinkHandler,
  DeleteShareLinkHandler,
  ListShareLinksHandler,
  GetShareLinkHandler,
  // MCP servers
  McpServerSecrets,
  CreateMcpServerHandler,
  UpdateMcpServerHandler,
  DeleteMcpServerHandler,
  ListMcpServersHandler,
  GetMcpServerHandler,
  // Adaptive content (AdaptiveSchemas is also the seam the structure's conditions are checked through)
  AdaptiveSchemas,
  SetAdaptiveSchemaHandler,
  GetAdaptiveSchemaHandler,
  ListTemplateConditionsHandler,
  // Redirects
  RedirectTargets,
  CreateRedirectHandler,
  UpdateRedirectHandler,
  DeleteRedirectHandler,
  ListRedirectsHandler,
  GetRedirectHandler,
  GetRedirectBySourceHandler,
  // Hostnames and subdomains; the DNS adapter is the real one (tests replace its answers)
  { provide: HostnameResolver, useFactory: () => new NodeDnsHostnameResolver() },
  CustomHostnames,
  GetCustomHostnameHandler,
  RevalidateCustomHostnameHandler,
  RemoveCustomHostnameHandler,
  GetSubdomainHandler,
  // Visitor authentication (site-publishing-auth) and the delivery seam (published-site.queries.ts)
  PublishingAuthKeys,
  UpdatePublishingAuthHandler,
  RegeneratePublishingAuthHandler,
  GetPublishingAuthHandler,
  SpaceTitles,
  VisitorTokens,
  VisitorAdmissions,
  FindPublishedSiteHandler,
  AdmitVisitorHandler,
  FindSiteRedirectHandler,
];

export const SITE_SERVICE_PROJECTIONS: ProjectionDefinition[] = [
  shareLinksProjection,
  mcpServersProjection,
  adaptiveSchemasProjection,
  redirectsProjection,
  customHostnamesProjection,
  subdomainsProjection,
  publishingAuthProjection,
];
