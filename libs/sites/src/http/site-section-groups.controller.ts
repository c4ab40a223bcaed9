import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, IdGenerator, PageQuery, Principal, ProjectionEngine, RepresentedBy } from '@app/platform';
import { ChangeSiteCommand, deleted } from '../application/commands/change-site.command';
import { GetStructureItemQuery, ListStructureItemsQuery } from '../application/queries/structure.queries';
import { SiteCommand } from '../domain/site';
import { AddSectionGroupBody, AddSectionToGroupBody, given, MoveSectionGroupBody, toItemPosition, UpdateSectionGroupBody } from './structure.bodies';

const GROUPS = 'orgs/:organizationId/sites/:siteId/section-groups';
type P = { organizationId: string; siteId: string; siteSectionGroupId: string; siteSectionId?: string };

/** Section groups: folders of sections (and of groups) in the site's navigation. */
@Controller()
export class SiteSectionGroupsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly ids: IdGenerator,
  ) {}

  @Get(GROUPS)
  list(@Caller() caller: Principal, @Param() p: P, @Query() page: PageQuery) {
    return this.queries.execute(new ListStructureItemsQuery(caller, p.organizationId, p.siteId, 'group', page));
  }

  @Post(GROUPS)
  async add(@Caller() caller: Principal, @Param() p: P, @Body() body: AddSectionGroupBody, @Res({ passthrough: true }) res: Response) {
    const groupId = this.ids.next();
    await this.change(caller, p, {
      type: 'AddSectionGroup',
      siteId: p.siteId,
      groupId,
      title: body.title,
      icon: body.icon ?? null,
      parent: body.parent,
      sections: body.sections ?? [],
    });
    res.status(201);
    return this.reread(caller, { ...p, siteSectionGroupId: groupId });
  }

  @Patch(`${GROUPS}/:siteSectionGroupId`)
  @RepresentedBy(2)
  async update(@Caller() caller: Principal, @Param() p: P, @Body() body: UpdateSectionGroupBody) {
    await this.change(caller, p, { type: 'UpdateSectionGroup', siteId: p.siteId, groupId: p.siteSectionGroupId, changes: given(body) });
    return this.reread(caller, p);
  }

  @Delete(`${GROUPS}/:siteSectionGroupId`)
  @RepresentedBy(2)
  async remove(@Caller() caller: Principal, @Param() p: P, @Res({ passthrough: true }) res: Response) {
    res.status((await deleted(this.change(caller, p, { type: 'RemoveSectionGroup', siteId: p.siteId, groupId: p.siteSectionGroupId }))) ? 205 : 204);
  }

  @Post(`${GROUPS}/:siteSectionGroupId/sections`)
  async addSection(@Caller() caller: Principal, @Param() p: P, @Body() body: AddSectionToGroupBody, @Res({ passthrough: true }) res: Response) {
    await this.change(caller, p, { type: 'AddSectionToGroup', siteId: p.siteId, groupId: p.siteSectionGroupId, sectionId: body.sectionId });
    res.status(201);
    return this.reread(caller, p);
  }

  @Delete(`${GROUPS}/:siteSectionGroupId/sections/:siteSectionId`)
  @RepresentedBy(4)
  async removeSection(@Caller() caller: Principal, @Param() p: P, @Res({ passthrough: true }) res: Response) {
    const command: SiteCommand = { type: 'RemoveSectionFromGroup', siteId: p.siteId, groupId: p.siteSectionGroupId, sectionId: p.siteSectionId! };
    res.status((await deleted(this.change(caller, p, command))) ? 205 : 204);
  }

  @Post(`${GROUPS}/:siteSectionGroupId/move`)
  @HttpCode(200)
  async move(@Caller() caller: Principal, @Param() p: P, @Body() body: MoveSectionGroupBody) {
    await this.change(caller, p, { type: 'MoveSectionGroup', siteId: p.siteId, groupId: p.siteSectionGroupId, position: toItemPosition(body.position) });
    return this.reread(caller, p);
  }

  private change(caller: Principal, p: P, command: SiteCommand) {
    return this.commands.execute(new ChangeSiteCommand(caller, p.organizationId, p.siteId, command));
  }

  private async reread(caller: Principal, p: P) {
    await this.engine.settle();
    return this.queries.execute(new GetStructureItemQuery(caller, p.organizationId, p.siteId, 'group', p.siteSectionGroupId));
  }
}
