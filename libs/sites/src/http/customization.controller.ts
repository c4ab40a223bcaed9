import { Body, Controller, Delete, Get, Param, Patch, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { IsIn, IsOptional } from 'class-validator';
import { Caller, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { ChangeSiteCommand, deleted } from '../application/commands/change-site.command';
import { GetCustomizationQuery } from '../application/queries/customization.queries';
import { CustomizationOverrides, CustomizationSettings } from '../domain/customization/customization';
import { siteStream } from '../domain/site';
import { CustomizationBody, CustomizationOverrideBody } from './customization.bodies';
import { BOOL } from './site.bodies';

const SITE = 'orgs/:organizationId/sites/:siteId';
type P = { organizationId: string; siteId: string; siteSpaceId: string };

/** `unmasked`: accepted; no customization value is masked here (none is a secret). */
class UnmaskedParams {
  @IsOptional() @IsIn(BOOL) unmasked?: string;
}

/** Customization of a site, and of each site space (its overrides over the site's settings). */
@Controller()
export class CustomizationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get(`${SITE}/customization`)
  @ResourceStream((p) => siteStream(p.siteId))
  get(@Caller() caller: Principal, @Param() p: P, @Query() _: UnmaskedParams) {
    return this.queries.execute(new GetCustomizationQuery(caller, p.organizationId, p.siteId));
  }

  @Put(`${SITE}/customization`)
  async put(@Caller() caller: Principal, @Param() p: P, @Body() body: CustomizationBody) {
    await this.change(caller, p, { type: 'UpdateCustomization', siteId: p.siteId, settings: body as CustomizationSettings });
    return this.reread(caller, p);
  }

  @Get(`${SITE}/site-spaces/:siteSpaceId/customization`)
  @ResourceStream((p) => siteStream(p.siteId))
  getSiteSpace(@Caller() caller: Principal, @Param() p: P, @Query() _: UnmaskedParams) {
    return this.queries.execute(new GetCustomizationQuery(caller, p.organizationId, p.siteId, p.siteSpaceId));
  }

  @Patch(`${SITE}/site-spaces/:siteSpaceId/customization`)
  async override(@Caller() caller: Principal, @Param() p: P, @Body() body: CustomizationOverrideBody) {
    await this.change(caller, p, {
      type: 'OverrideSiteSpaceCustomization',
      siteId: p.siteId,
      siteSpaceId: p.siteSpaceId,
      patch: body as CustomizationOverrides,
    });
    return this.reread(caller, p, p.siteSpaceId);
  }

  @Delete(`${SITE}/site-spaces/:siteSpaceId/customization`)
  async reset(@Caller() caller: Principal, @Param() p: P, @Res({ passthrough: true }) res: Response) {
    const gone = await deleted(this.change(caller, p, { type: 'RemoveSiteSpaceCustomization', siteId: p.siteId, siteSpaceId: p.siteSpaceId }));
    res.status(gone ? 205 : 204);
  }

  private change(caller: Principal, p: P, command: ConstructorParameters<typeof ChangeSiteCommand>[3]) {
    return this.commands.execute(new ChangeSiteCommand(caller, p.organizationId, p.siteId, command));
  }

  private async reread(caller: Principal, p: P, siteSpaceId?: string) {
    await this.engine.settle();
    return this.queries.execute(new GetCustomizationQuery(caller, p.organizationId, p.siteId, siteSpaceId));
  }
}
