import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, PageQuery, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { CreateMcpServerCommand, DeleteMcpServerCommand, McpServerScope, UpdateMcpServerCommand } from '../application/mcp-server.commands';
import { GetMcpServerQuery, ListMcpServersQuery } from '../application/mcp-server.queries';
import { mcpServerStream } from '../domain/mcp-server';
import { CreateMcpServerBody, UpdateMcpServerBody } from './mcp-server.bodies';

/** Reference tag site-mcp-servers: members read (header values masked), admins write. */
@Controller('orgs/:organizationId/sites/:siteId/mcp-servers')
export class McpServerController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get()
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() page: PageQuery) {
    return this.queries.execute(new ListMcpServersQuery({ caller, organizationId, siteId }, page));
  }

  @Post()
  async create(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: CreateMcpServerBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const scope: McpServerScope = { caller, organizationId, siteId };
    const { mcpServerId } = await this.commands.execute(new CreateMcpServerCommand(scope, body));
    await this.engine.settle();
    const server = await this.queries.execute(new GetMcpServerQuery(scope, mcpServerId));
    res.status(201).setHeader('Location', server.urls.location);
    return server;
  }

  @Get(':siteMcpServerId')
  @ResourceStream((p) => mcpServerStream(p.siteMcpServerId))
  get(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteMcpServerId') mcpServerId: string,
  ) {
    return this.queries.execute(new GetMcpServerQuery({ caller, organizationId, siteId }, mcpServerId));
  }

  @Patch(':siteMcpServerId')
  async update(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteMcpServerId') mcpServerId: string,
    @Body() body: UpdateMcpServerBody,
  ) {
    const scope: McpServerScope = { caller, organizationId, siteId };
    await this.commands.execute(new UpdateMcpServerCommand(scope, mcpServerId, body));
    await this.engine.settle();
    return this.queries.execute(new GetMcpServerQuery(scope, mcpServerId));
  }

  @Delete(':siteMcpServerId')
  async remove(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteMcpServerId') mcpServerId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteMcpServerCommand({ caller, organizationId, siteId }, mcpServerId));
    res.status(deleted ? 205 : 204);
  }
}
