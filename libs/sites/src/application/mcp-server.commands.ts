import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BadRequest, EventSourcing, IdGenerator, Principal } from '@app/platform';
import { liveMcpServer, mcpServer, McpServerFields, mcpServerStream, McpServerState } from '../domain/mcp-server';
import { checkHeaders, Headers, MASKED, mergeHeaders, sameHeaders } from '../domain/mcp-server-headers';
import { McpServerSecrets } from './mcp-server-secrets';
import { SiteAccess } from './site-access';

export interface McpServerScope {
  caller: Principal;
  organizationId: string;
  siteId: string;
}

export interface McpServerInput {
  name?: string;
  url?: string;
  headers?: Headers;
}

export class CreateMcpServerCommand extends Command<{ mcpServerId: string }> {
  constructor(
    readonly scope: McpServerScope,
    readonly input: Required<Pick<McpServerInput, 'name' | 'url'>> & McpServerInput,
  ) {
    super();
  }
}

@CommandHandler(CreateMcpServerCommand)
export class CreateMcpServerHandler implements ICommandHandler<CreateMcpServerCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: SiteAccess,
    private readonly secrets: McpServerSecrets,
  ) {}
  async execute({ scope, input }: CreateMcpServerCommand) {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    const headers = checkHeaders(input.headers ?? {});
    if (Object.values(headers).includes(MASKED))
      throw new BadRequest(`headers: "${MASKED}" stands for a stored value, and a new server has none; send the values`);
    const mcpServerId = this.ids.next();
    await this.es.execute(mcpServerStream(mcpServerId), mcpServer, {
      type: 'CreateMcpServer',
      mcpServerId,
      siteId: site.id,
      organizationId: site.organizationId,
      name: input.name,
      url: input.url,
      headerNames: Object.keys(headers),
      sealedHeaders: this.secrets.seal(mcpServerId, headers),
    });
    return { mcpServerId };
  }
}

export class UpdateMcpServerCommand extends Command<void> {
  constructor(
    readonly scope: McpServerScope,
    readonly mcpServerId: string,
    readonly input: McpServerInput,
  ) {
    super();
  }
}

@CommandHandler(UpdateMcpServerCommand)
export class UpdateMcpServerHandler implements ICommandHandler<UpdateMcpServerCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SiteAccess,
    private readonly secrets: McpServerSecrets,
  ) {}
  async execute({ scope, mcpServerId, input }: UpdateMcpServerCommand) {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    const given = input.headers === undefined ? undefined : checkHeaders(input.headers);
    // Header values are compared in clear against the stored ones, on the state this attempt decides on.
    await this.es.execute(mcpServerStream(mcpServerId), mcpServer, (state) => ({
      type: 'UpdateMcpServer' as const,
      mcpServerId,
      siteId: site.id,
      changes: { name: input.name, url: input.url, ...this.headerChanges(state, mcpServerId, site.id, given) },
    }));
  }

  private headerChanges(state: McpServerState, id: string, siteId: string, given: Headers | undefined): Partial<McpServerFields> {
    if (given === undefined) return {};
    const server = liveMcpServer(state, id, siteId);
    const stored = this.secrets.open(id, server.sealedHeaders);
    if (stored === null && Object.values(given).includes(MASKED)) {
      throw new BadRequest(`headers: the stored values can no longer be read (the sealing key changed); send every value instead of "${MASKED}"`);
    }
    const merged = mergeHeaders(stored ?? {}, given);
    if (stored !== null && sameHeaders(merged, stored)) return {};
    return { headerNames: Object.keys(merged), sealedHeaders: this.secrets.seal(id, merged) };
  }
}

export class DeleteMcpServerCommand extends Command<{ deleted: boolean }> {
  constructor(
    readonly scope: McpServerScope,
    readonly mcpServerId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteMcpServerCommand)
export class DeleteMcpServerHandler implements ICommandHandler<DeleteMcpServerCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly access: SiteAccess,
  ) {}
  async execute({ scope, mcpServerId }: DeleteMcpServerCommand) {
    const site = await this.access.requireAdmin(scope.caller, scope.siteId, scope.organizationId);
    const r = await this.es.execute(mcpServerStream(mcpServerId), mcpServer, { type: 'DeleteMcpServer', mcpServerId, siteId: site.id });
    return { deleted: r.events.length > 0 };
  }
}
