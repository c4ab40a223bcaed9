import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, Principal, ProjectionEngine, ResourceStream, Urls } from '@app/platform';
import { CreateRedirectCommand, DeleteRedirectCommand, RedirectScope, UpdateRedirectCommand } from '../application/redirect.commands';
import { GetRedirectBySourceQuery, GetRedirectQuery, ListRedirectsQuery } from '../application/redirect.queries';
import { withShareKey } from '../application/share-link.view';
import { redirectsStream } from '../domain/redirect';
import { CreateRedirectBody, ListRedirectsParams, RedirectBySourceParams, UpdateRedirectBody } from './redirect.bodies';

/** Reference tag site-redirects: members read, admins write. */
@Controller('orgs/:organizationId/sites/:siteId')
export class RedirectController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly urls: Urls,
  ) {}

  @Get('redirects')
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() q: ListRedirectsParams) {
    return this.queries.execute(new ListRedirectsQuery({ caller, organizationId, siteId }, q.search, q));
  }

  @Post('redirects')
  async create(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: CreateRedirectBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const scope: RedirectScope = { caller, organizationId, siteId };
    const { redirectId } = await this.commands.execute(new CreateRedirectCommand(scope, body.source, body.destination));
    await this.engine.settle();
    res.status(201).setHeader('Location', this.urls.api(`/orgs/${organizationId}/sites/${siteId}/redirects/${redirectId}`));
    return this.queries.execute(new GetRedirectQuery(scope, redirectId));
  }

  @Patch('redirects/:siteRedirectId')
  async update(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteRedirectId') redirectId: string,
    @Body() body: UpdateRedirectBody,
  ) {
    const scope: RedirectScope = { caller, organizationId, siteId };
    const changes = {
      ...(body.source !== undefined ? { source: body.source } : {}),
      ...(body.destination !== undefined ? { destination: body.destination } : {}),
    };
    await this.commands.execute(new UpdateRedirectCommand(scope, redirectId, changes));
    await this.engine.settle();
    return this.queries.execute(new GetRedirectQuery(scope, redirectId));
  }

  @Delete('redirects/:siteRedirectId')
  async remove(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteRedirectId') redirectId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteRedirectCommand({ caller, organizationId, siteId }, redirectId));
    res.status(deleted ? 205 : 204);
  }

  @Get('redirect')
  @ResourceStream((p) => redirectsStream(p.siteId))
  async bySource(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Query() q: RedirectBySourceParams,
  ) {
    const found = await this.queries.execute(new GetRedirectBySourceQuery({ caller, organizationId, siteId }, q.source));
    return q.shareKey ? { ...found, target: withShareKey(found.target, q.shareKey) } : found;
  }
}
