import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, PageQuery, paginate, ReadStore, Urls } from '@app/platform';
import { McpServerNotFound } from '../domain/mcp-server';
import { maskHeaders } from '../domain/mcp-server-headers';
import { McpServerScope } from './mcp-server.commands';
import { MCP_SERVERS, McpServerDoc } from './mcp-server.projection';
import { SiteAccess } from './site-access';

/** Reference SiteMcpServer; header values always masked. */
export interface McpServerView {
  object: 'site-mcp-server';
  id: string;
  name: string;
  url: string;
  headers: Record<string, string>;
  urls: { location: string };
}

const view = (urls: Urls, d: McpServerDoc): McpServerView => ({
  object: 'site-mcp-server',
  id: d.id,
  name: d.name,
  url: d.url,
  headers: maskHeaders(d.headerNames),
  urls: { location: urls.api(`/orgs/${d.organizationId}/sites/${d.siteId}/mcp-servers/${d.id}`) },
});

/** A site's MCP servers, oldest first; members of the organization may read them (values masked). */
export class ListMcpServersQuery extends Query<ListResponse<McpServerView>> {
  constructor(
    readonly scope: McpServerScope,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListMcpServersQuery)
export class ListMcpServersHandler implements IQueryHandler<ListMcpServersQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
    private readonly urls: Urls,
  ) {}
  async execute({ scope, page }: ListMcpServersQuery): Promise<ListResponse<McpServerView>> {
    const site = await this.access.requireRead(scope.caller, scope.siteId, scope.organizationId);
    return paginate<McpServerDoc, McpServerView>(this.store, MCP_SERVERS, { siteId: site.id }, [['seq', 1]], page, (d) => view(this.urls, d));
  }
}

export class GetMcpServerQuery extends Query<McpServerView> {
  constructor(
    readonly scope: McpServerScope,
    readonly mcpServerId: string,
  ) {
    super();
  }
}

@QueryHandler(GetMcpServerQuery)
export class GetMcpServerHandler implements IQueryHandler<GetMcpServerQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
    private readonly urls: Urls,
  ) {}
  async execute({ scope, mcpServerId }: GetMcpServerQuery): Promise<McpServerView> {
    const site = await this.access.requireRead(scope.caller, scope.siteId, scope.organizationId);
    const doc = await this.store.get<McpServerDoc>(MCP_SERVERS, mcpServerId);
    if (!doc || doc.siteId !== site.id) throw new McpServerNotFound(mcpServerId);
    return view(this.urls, doc);
  }
}
