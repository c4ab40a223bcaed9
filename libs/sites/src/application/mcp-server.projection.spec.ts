import { projectionOf } from '@app/platform/testing/projection-spec';
import { MCP_SERVERS, mcpServersProjection } from './mcp-server.projection';

const T0 = '2026-01-01T00:00:00.000Z';
const siteDeleted = (siteId: string) => ({ type: 'SiteDeleted', data: { siteId, organizationId: 'o1', deletedAt: T0 } });

describe('MCP servers projection', () => {
  const server = (mcpServerId: string, siteId: string) => ({
    type: 'SiteMcpServerCreated',
    data: {
      mcpServerId,
      siteId,
      organizationId: 'o1',
      name: 'Search',
      url: 'https://mcp.example.com',
      headerNames: ['X-Key'],
      sealedHeaders: 'v1.x',
      createdAt: T0,
    },
  });

  it('holds header names and sealed values, applies updates, drops deleted servers and deleted sites', async () => {
    const docs = await projectionOf(mcpServersProjection, [
      server('m1', 's1'),
      server('m2', 's1'),
      server('m3', 's2'),
      {
        type: 'SiteMcpServerUpdated',
        data: { mcpServerId: 'm1', siteId: 's1', changes: { name: 'Docs', headerNames: [], sealedHeaders: 'v1.y' }, updatedAt: T0 },
      },
      { type: 'SiteMcpServerDeleted', data: { mcpServerId: 'm2', siteId: 's1', deletedAt: T0 } },
      siteDeleted('s2'),
    ]);
    expect(docs[MCP_SERVERS]).toEqual([
      {
        id: 'm1',
        siteId: 's1',
        organizationId: 'o1',
        name: 'Docs',
        url: 'https://mcp.example.com',
        headerNames: [],
        sealedHeaders: 'v1.y',
        createdAt: T0,
        seq: 1,
      },
    ]);
  });
});
