import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { SiteEvents } from '../contracts';
import { MCP_SERVER_EVENT_TYPES, McpServerEvent } from '../domain/mcp-server';
import { dropSiteDocs } from './share-link.projection';

export const MCP_SERVERS = 'site_mcp_servers';

/** Header names only, and the values sealed: the read model never holds a value in clear. */
export interface McpServerDoc {
  [key: string]: unknown;
  id: string;
  siteId: string;
  organizationId: string;
  name: string;
  url: string;
  headerNames: string[];
  sealedHeaders: string;
  createdAt: string;
  seq: number;
}

export const mcpServersProjection: ProjectionDefinition = {
  name: 'site-mcp-servers',
  collections: [{ name: MCP_SERVERS, indexes: [['siteId', 'seq']] }],
  handles: [...MCP_SERVER_EVENT_TYPES, SiteEvents.SiteDeleted],
  async apply(event, ctx) {
    if (event.type === SiteEvents.SiteDeleted) return dropSiteDocs(ctx, MCP_SERVERS, (event.data as { siteId: string }).siteId);
    const e = event as RecordedEvent & McpServerEvent;
    switch (e.type) {
      case 'SiteMcpServerCreated': {
        const { mcpServerId, ...d } = e.data;
        ctx.put(MCP_SERVERS, { id: mcpServerId, ...d, seq: e.position } satisfies McpServerDoc);
        return;
      }
      case 'SiteMcpServerUpdated':
        return ctx.update<McpServerDoc>(MCP_SERVERS, e.data.mcpServerId, (doc) => ({ ...doc, ...e.data.changes }));
      case 'SiteMcpServerDeleted':
        return ctx.delete(MCP_SERVERS, e.data.mcpServerId);
    }
  },
};
