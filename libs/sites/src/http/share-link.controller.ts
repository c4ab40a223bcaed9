import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, Principal, ProjectionEngine, Urls } from '@app/platform';
import { CreateShareLinkCommand, DeleteShareLinkCommand, ShareLinkScope, UpdateShareLinkCommand } from '../application/share-link.commands';
import { GetShareLinkQuery, ListShareLinksQuery } from '../application/share-link.queries';
import { CreateShareLinkBody, ListShareLinksParams, UpdateShareLinkBody } from './share-link.bodies';

/** Reference tag site-share-links; every route needs the organization admin role (the links are secrets). */
@Controller('orgs/:organizationId/sites/:siteId/share-links')
export class ShareLinkController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly urls: Urls,
  ) {}

  @Get()
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() q: ListShareLinksParams) {
    return this.queries.execute(new ListShareLinksQuery({ caller, organizationId, siteId }, q.search, q));
  }

  @Post()
  async create(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: CreateShareLinkBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const scope: ShareLinkScope = { caller, organizationId, siteId };
    const { shareLinkId } = await this.commands.execute(new CreateShareLinkCommand(scope, body.name));
    await this.engine.settle();
    res.status(201).setHeader('Location', this.urls.api(`/orgs/${organizationId}/sites/${siteId}/share-links/${shareLinkId}`));
    return this.queries.execute(new GetShareLinkQuery(scope, shareLinkId));
  }

  @Patch(':shareLinkId')
  async update(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('shareLinkId') shareLinkId: string,
    @Body() body: UpdateShareLinkBody,
  ) {
    const scope: ShareLinkScope = { caller, organizationId, siteId };
    await this.commands.execute(new UpdateShareLinkCommand(scope, shareLinkId, body.changes()));
    await this.engine.settle();
    return this.queries.execute(new GetShareLinkQuery(scope, shareLinkId));
  }

  @Delete(':shareLinkId')
  async remove(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('shareLinkId') shareLinkId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteShareLinkCommand({ caller, organizationId, siteId }, shareLinkId));
    res.status(deleted ? 205 : 204);
  }
}
