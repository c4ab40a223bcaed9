import { BadRequest, Decider, DomainEvent, httpUrlProblem, NotFound } from '@app/platform';

/**
 * An MCP (tool) server entry of a site: name, URL and headers. Header values never enter an
 * event: the handler seals them under the secret store's key (`sealedHeaders`); events keep
 * the header names so audits can tell which headers changed without seeing their values.
 */
export interface McpServerFields {
  name: string;
  url: string;
  headerNames: string[];
  sealedHeaders: string;
}

export interface McpServerCreated extends McpServerFields {
  mcpServerId: string;
  siteId: string;
  organizationId: string;
  createdAt: string;
}

export type McpServerEvent =
  | DomainEvent<'SiteMcpServerCreated', McpServerCreated>
  | DomainEvent<'SiteMcpServerUpdated', { mcpServerId: string; siteId: string; changes: Partial<McpServerFields>; updatedAt: string }>
  | DomainEvent<'SiteMcpServerDeleted', { mcpServerId: string; siteId: string; deletedAt: string }>;

export const MCP_SERVER_EVENT_TYPES: ReadonlyArray<McpServerEvent['type']> = ['SiteMcpServerCreated', 'SiteMcpServerUpdated', 'SiteMcpServerDeleted'];

export type McpServerCommand =
  | ({ type: 'CreateMcpServer' } & Omit<McpServerCreated, 'createdAt'>)
  /** `headerNames`/`sealedHeaders` only when the header values changed (the handler compares them in clear). */
  | { type: 'UpdateMcpServer'; mcpServerId: string; siteId: string; changes: Partial<McpServerFields> }
  | { type: 'DeleteMcpServer'; mcpServerId: string; siteId: string };

export interface McpServerState {
  server: McpServerCreated | null;
  deleted: boolean;
}

export const mcpServerStream = (id: string) => `sites.mcp-server-${id}`;
export const MCP_SERVER_NAME_MAX = 100;

export class McpServerNotFound extends NotFound {
  constructor(id: string) {
    super(`siteMcpServerId: MCP server ${id} not found`);
  }
}

function checkFields(f: Partial<McpServerFields>): void {
  if (f.name !== undefined && (f.name.length < 1 || f.name.length > MCP_SERVER_NAME_MAX)) {
    throw new BadRequest(`name: must be 1 to ${MCP_SERVER_NAME_MAX} characters`);
  }
  const urlProblem = f.url === undefined ? null : httpUrlProblem(f.url, 'url');
  if (urlProblem) throw new BadRequest(urlProblem);
}

/** The live server of this site (the state of the server itself), else 404. */
export function liveMcpServer(s: McpServerState, id: string, siteId: string): McpServerCreated {
  if (!s.server || s.deleted || s.server.siteId !== siteId) throw new McpServerNotFound(id);
  return s.server;
}

export const mcpServer: Decider<McpServerState, McpServerCommand, McpServerEvent> = {
  initialState: { server: null, deleted: false },
  evolve(s, e) {
    switch (e.type) {
      case 'SiteMcpServerCreated':
        return { server: e.data, deleted: false };
      case 'SiteMcpServerUpdated':
        return { ...s, server: { ...s.server!, ...e.data.changes } };
      case 'SiteMcpServerDeleted':
        return { ...s, deleted: true };
    }
  },
  decide(c, s, now) {
    switch (c.type) {
      case 'CreateMcpServer': {
        if (s.server) return [];
        checkFields(c);
        const { type: _type, ...data } = c;
        return [{ type: 'SiteMcpServerCreated', data: { ...data, createdAt: now.toISOString() } }];
      }
      case 'UpdateMcpServer': {
        const server = liveMcpServer(s, c.mcpServerId, c.siteId);
        checkFields(c.changes);
        const changes: Partial<McpServerFields> = {};
        if (c.changes.name !== undefined && c.changes.name !== server.name) changes.name = c.changes.name;
        if (c.changes.url !== undefined && c.changes.url !== server.url) changes.url = c.changes.url;
        if (c.changes.sealedHeaders !== undefined) {
          changes.sealedHeaders = c.changes.sealedHeaders;
          changes.headerNames = c.changes.headerNames ?? [];
        }
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'SiteMcpServerUpdated', data: { mcpServerId: c.mcpServerId, siteId: c.siteId, changes, updatedAt: now.toISOString() } }];
      }
      case 'DeleteMcpServer':
        if (!s.server || s.deleted || s.server.siteId !== c.siteId) return [];
        return [{ type: 'SiteMcpServerDeleted', data: { mcpServerId: c.mcpServerId, siteId: c.siteId, deletedAt: now.toISOString() } }];
    }
  },
};
