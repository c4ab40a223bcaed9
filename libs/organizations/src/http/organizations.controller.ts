import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AsOfParams, AsOfResolver, Caller, PageQuery, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { GetOrganizationAsOfQuery } from '../application/as-of/as-of.queries';
import { JoinOrganizationCommand } from '../application/commands/join.commands';
import { UpdateOrganizationCommand } from '../application/commands/organization.commands';
import { GetOrganizationsForEmailDomainQuery } from '../application/queries/email-domain.queries';
import { GetOrganizationQuery, ListOrganizationsQuery } from '../application/queries/organization.queries';
import { organizationStream } from '../domain/organization';
import { UpdateOrganizationBody } from './update-organization.body';

@Controller()
export class OrganizationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly asOf: AsOfResolver,
  ) {}

  @Get('orgs')
  list(@Caller() caller: Principal, @Query() page: PageQuery) {
    return this.queries.execute(new ListOrganizationsQuery(caller.userId, page));
  }

  @Get('orgs/:organizationId')
  @ResourceStream((p) => organizationStream(p.organizationId))
  async get(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Query() q: AsOfParams, @Res({ passthrough: true }) res: Response) {
    const point = await this.asOf.resolve(q.asOf, res);
    if (point) return this.queries.execute(new GetOrganizationAsOfQuery(organizationId, caller.userId, point));
    return this.queries.execute(new GetOrganizationQuery(organizationId, caller.userId));
  }

  @Patch('orgs/:organizationId')
  async update(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Body() body: UpdateOrganizationBody) {
    await this.commands.execute(new UpdateOrganizationCommand(organizationId, caller.userId, body.settings()));
    await this.engine.settle();
    return this.queries.execute(new GetOrganizationQuery(organizationId, caller.userId));
  }

  /** 204 joined (or already a member); 400 the verified email's domain is not allowed; 404 no such organization. */
  @Post('orgs/:organizationId/join')
  @HttpCode(204)
  async join(@Caller() caller: Principal, @Param('organizationId') organizationId: string): Promise<void> {
    await this.commands.execute(new JoinOrganizationCommand(organizationId, caller.userId));
  }

  @Get('email-domains/:emailDomain/orgs')
  forEmailDomain(@Caller() caller: Principal, @Param('emailDomain') emailDomain: string) {
    return this.queries.execute(new GetOrganizationsForEmailDomainQuery(emailDomain, caller.userId));
  }
}
