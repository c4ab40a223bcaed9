import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, PageQuery, Principal, ProjectionEngine, ResourceStream, Urls } from '@app/platform';
import { ChangeSiteCommand, deleted } from '../application/commands/change-site.command';
import { CreateSiteCommand } from '../application/commands/create-site.command';
import { UpdateSiteCommand } from '../application/commands/update-site.command';
import { ListSitePermissionsQuery } from '../application/queries/permissions.queries';
import { GetPublishedContentSiteQuery, GetPublishingPreviewQuery } from '../application/queries/publishing.queries';
import { GetSiteQuery, ListSitesQuery } from '../application/queries/site.queries';
import { GetSiteStructureQuery } from '../application/queries/structure.queries';
import { siteStream } from '../domain/site';
import { asBool, CreateSiteBody, ListSitesParams, PreviewParams, ShareKeyParams, siteChanges, UpdateSiteBody } from './site.bodies';

const SITE = 'orgs/:organizationId/sites/:siteId';

/** Sites: the site itself, publishing, its structure as a whole and who can access it. */
@Controller()
export class SitesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly urls: Urls,
  ) {}

  @Get('orgs/:organizationId/sites')
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Query() q: ListSitesParams) {
    const { space, title, published, ...page } = q;
    return this.queries.execute(new ListSitesQuery(caller, organizationId, { space, title, published: asBool(published) }, page));
  }

  @Post('orgs/:organizationId/sites')
  async create(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateSiteBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { siteId } = await this.commands.execute(new CreateSiteCommand(caller, organizationId, body));
    await this.engine.settle();
    res.status(201).setHeader('Location', this.urls.api(`/orgs/${organizationId}/sites/${siteId}`));
    return this.queries.execute(new GetSiteQuery(caller, organizationId, siteId));
  }

  @Get(SITE)
  @ResourceStream((p) => siteStream(p.siteId))
  get(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    return this.queries.execute(new GetSiteQuery(caller, organizationId, siteId));
  }

  @Patch(SITE)
  async update(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: UpdateSiteBody) {
    await this.commands.execute(new UpdateSiteCommand(caller, organizationId, siteId, siteChanges(body)));
    return this.reread(caller, organizationId, siteId);
  }

  @Delete(SITE)
  async remove(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const gone = await deleted(this.commands.execute(new ChangeSiteCommand(caller, organizationId, siteId, { type: 'DeleteSite', siteId })));
    res.status(gone ? 205 : 204);
  }

  @Post(`${SITE}/publish`)
  @HttpCode(200)
  async publish(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    await this.commands.execute(new ChangeSiteCommand(caller, organizationId, siteId, { type: 'PublishSite', siteId }));
    return this.reread(caller, organizationId, siteId);
  }

  @Post(`${SITE}/unpublish`)
  @HttpCode(200)
  async unpublish(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    await this.commands.execute(new ChangeSiteCommand(caller, organizationId, siteId, { type: 'UnpublishSite', siteId }));
    return this.reread(caller, organizationId, siteId);
  }

  @Get(`${SITE}/published`)
  @ResourceStream((p) => siteStream(p.siteId))
  published(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() _: ShareKeyParams) {
    return this.queries.execute(new GetPublishedContentSiteQuery(caller, organizationId, siteId));
  }

  @Get(`${SITE}/publishing/preview`)
  preview(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() q: PreviewParams) {
    return this.queries.execute(new GetPublishingPreviewQuery(caller, organizationId, siteId, q.siteSpace, q.claims));
  }

  @Get(`${SITE}/structure`)
  @ResourceStream((p) => siteStream(p.siteId))
  structure(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() _: ShareKeyParams) {
    return this.queries.execute(new GetSiteStructureQuery(caller, organizationId, siteId));
  }

  @Get(`${SITE}/permissions/aggregate`)
  permissions(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() page: PageQuery) {
    return this.queries.execute(new ListSitePermissionsQuery(caller, organizationId, siteId, page));
  }

  private async reread(caller: Principal, organizationId: string, siteId: string) {
    await this.engine.settle();
    return this.queries.execute(new GetSiteQuery(caller, organizationId, siteId));
  }
}
