import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller, PageQuery, Principal, ProjectionEngine } from '@app/platform';
import { UpdateOrganizationCommand } from '../application/commands/organization.commands';
import { GetOrganizationQuery, ListOrganizationsQuery } from '../application/queries/organization.queries';
import { parseOrganizationPatch } from './update-organization.body';

@Controller('orgs')
export class OrganizationsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus, private readonly engine: ProjectionEngine) {}

  @Get()
  list(@Caller() caller: Principal, @Query() page: PageQuery) {
    return this.queries.execute(new ListOrganizationsQuery(caller.userId, page));
  }

  @Get(':organizationId')
  get(@Caller() caller: Principal, @Param('organizationId') organizationId: string) {
    return this.queries.execute(new GetOrganizationQuery(organizationId, caller.userId));
  }

  @Patch(':organizationId')
  async update(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Body() body: unknown) {
    await this.commands.execute(new UpdateOrganizationCommand(organizationId, caller.userId, parseOrganizationPatch(body)));
    await this.engine.settle();
    return this.queries.execute(new GetOrganizationQuery(organizationId, caller.userId));
  }
}
