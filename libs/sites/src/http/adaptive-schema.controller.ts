import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { SetAdaptiveSchemaCommand } from '../application/adaptive-schema.commands';
import { GetAdaptiveSchemaQuery, ListTemplateConditionsQuery } from '../application/adaptive-schema.queries';
import { adaptiveSchemaStream } from '../domain/adaptive/adaptive-schema.decider';
import { AdaptiveSchemaBody } from './adaptive-schema.body';

/** The visitor schema of adaptive content (reference tag sites): members read, admins write. */
@Controller('orgs/:organizationId/sites/:siteId/adaptive-schema')
export class AdaptiveSchemaController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get()
  @ResourceStream((p) => adaptiveSchemaStream(p.siteId))
  get(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    return this.queries.execute(new GetAdaptiveSchemaQuery(caller, organizationId, siteId));
  }

  @Put()
  async put(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: AdaptiveSchemaBody) {
    await this.commands.execute(new SetAdaptiveSchemaCommand(caller, organizationId, siteId, body.jsonSchema));
    await this.engine.settle();
    return this.queries.execute(new GetAdaptiveSchemaQuery(caller, organizationId, siteId));
  }

  @Get('template-conditions')
  templateConditions(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    return this.queries.execute(new ListTemplateConditionsQuery(caller, organizationId, siteId));
  }
}
