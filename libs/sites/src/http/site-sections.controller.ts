import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, Principal, ProjectionEngine, RepresentedBy } from '@app/platform';
import { ChangeSiteCommand, deleted } from '../application/commands/change-site.command';
import { AddSectionCommand, UpdateSectionCommand } from '../application/commands/structure.commands';
import { GetStructureItemQuery, ListStructureItemsQuery } from '../application/queries/structure.queries';
import { ListWithShareKeyParams } from './site.bodies';
import { AddSectionBody, given, MoveSectionBody, toPosition, UpdateSectionBody } from './structure.bodies';

const SECTIONS = 'orgs/:organizationId/sites/:siteId/sections';
type P = { organizationId: string; siteId: string; siteSectionId: string };

/** Sections: the variants of a site, each holding site spaces; one is the site's default. */
@Controller()
export class SiteSectionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get(SECTIONS)
  list(@Caller() caller: Principal, @Param() p: P, @Query() q: ListWithShareKeyParams) {
    const { shareKey: _, ...page } = q;
    return this.queries.execute(new ListStructureItemsQuery(caller, p.organizationId, p.siteId, 'section', page));
  }

  @Post(SECTIONS)
  async add(@Caller() caller: Principal, @Param() p: P, @Body() body: AddSectionBody, @Res({ passthrough: true }) res: Response) {
    const { sectionId } = await this.commands.execute(new AddSectionCommand({ caller, ...p }, body.spaceId, body.title ?? null, body.icon ?? null));
    res.status(201);
    return this.reread(caller, { ...p, siteSectionId: sectionId });
  }

  @Patch(`${SECTIONS}/:siteSectionId`)
  @RepresentedBy(2)
  async update(@Caller() caller: Principal, @Param() p: P, @Body() body: UpdateSectionBody) {
    const { defaultSiteSpace, ...changes } = given(body);
    await this.commands.execute(new UpdateSectionCommand({ caller, ...p }, p.siteSectionId, changes, defaultSiteSpace));
    return this.reread(caller, p);
  }

  @Delete(`${SECTIONS}/:siteSectionId`)
  @RepresentedBy(2)
  async remove(@Caller() caller: Principal, @Param() p: P, @Res({ passthrough: true }) res: Response) {
    const command = { type: 'RemoveSection' as const, siteId: p.siteId, sectionId: p.siteSectionId };
    res.status((await deleted(this.commands.execute(new ChangeSiteCommand(caller, p.organizationId, p.siteId, command)))) ? 205 : 204);
  }

  @Post(`${SECTIONS}/:siteSectionId/move`)
  @HttpCode(200)
  async move(@Caller() caller: Principal, @Param() p: P, @Body() body: MoveSectionBody) {
    const command = { type: 'MoveSection' as const, siteId: p.siteId, sectionId: p.siteSectionId, position: toPosition(body.position, 'siteSection') };
    await this.commands.execute(new ChangeSiteCommand(caller, p.organizationId, p.siteId, command));
    return this.reread(caller, p);
  }

  private async reread(caller: Principal, p: P) {
    await this.engine.settle();
    return this.queries.execute(new GetStructureItemQuery(caller, p.organizationId, p.siteId, 'section', p.siteSectionId));
  }
}
