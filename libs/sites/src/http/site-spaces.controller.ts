import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, Principal, ProjectionEngine, RepresentedBy } from '@app/platform';
import { ChangeSiteCommand, deleted } from '../application/commands/change-site.command';
import { AddSiteSpaceCommand, UpdateSiteSpaceCommand } from '../application/commands/structure.commands';
import { GetStructureItemQuery, ListStructureItemsQuery } from '../application/queries/structure.queries';
import { asBool, ListSiteSpacesParams } from './site.bodies';
import { AddSiteSpaceBody, given, MoveSiteSpaceBody, toPosition, UpdateSiteSpaceBody } from './structure.bodies';

const SITE_SPACES = 'orgs/:organizationId/sites/:siteId/site-spaces';
type P = { organizationId: string; siteId: string; siteSpaceId: string };

/** Site spaces: the spaces a site publishes, where each sits and which is the default of its level. */
@Controller()
export class SiteSpacesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get(SITE_SPACES)
  list(@Caller() caller: Principal, @Param() p: P, @Query() q: ListSiteSpacesParams) {
    const { shareKey: _, default: isDefault, ...page } = q;
    return this.queries.execute(new ListStructureItemsQuery(caller, p.organizationId, p.siteId, 'site-space', page, asBool(isDefault)));
  }

  @Post(SITE_SPACES)
  async add(@Caller() caller: Principal, @Param() p: P, @Body() body: AddSiteSpaceBody, @Res({ passthrough: true }) res: Response) {
    const { siteSpaceId } = await this.commands.execute(new AddSiteSpaceCommand({ caller, ...p }, body.spaceId, body.sectionId));
    res.status(201);
    return this.reread(caller, { ...p, siteSpaceId });
  }

  @Patch(`${SITE_SPACES}/:siteSpaceId`)
  @RepresentedBy(2)
  async update(@Caller() caller: Principal, @Param() p: P, @Body() body: UpdateSiteSpaceBody) {
    await this.commands.execute(new UpdateSiteSpaceCommand({ caller, ...p }, p.siteSpaceId, given(body)));
    return this.reread(caller, p);
  }

  @Delete(`${SITE_SPACES}/:siteSpaceId`)
  @RepresentedBy(2)
  async remove(@Caller() caller: Principal, @Param() p: P, @Res({ passthrough: true }) res: Response) {
    const command = { type: 'RemoveSiteSpace' as const, siteId: p.siteId, siteSpaceId: p.siteSpaceId };
    res.status((await deleted(this.commands.execute(new ChangeSiteCommand(caller, p.organizationId, p.siteId, command)))) ? 205 : 204);
  }

  @Post(`${SITE_SPACES}/:siteSpaceId/move`)
  @HttpCode(200)
  async move(@Caller() caller: Principal, @Param() p: P, @Body() body: MoveSiteSpaceBody) {
    const command = { type: 'MoveSiteSpace' as const, siteId: p.siteId, siteSpaceId: p.siteSpaceId, position: toPosition(body.position, 'siteSpace') };
    await this.commands.execute(new ChangeSiteCommand(caller, p.organizationId, p.siteId, command));
    return this.reread(caller, p);
  }

  private async reread(caller: Principal, p: P) {
    await this.engine.settle();
    return this.queries.execute(new GetStructureItemQuery(caller, p.organizationId, p.siteId, 'site-space', p.siteSpaceId));
  }
}
