import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { AsOfResolver, Caller, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { ListMembersAsOfQuery } from '../application/as-of/as-of.queries';
import { ListMembersAsOfParams } from './as-of.params';
import { ChangeMemberRoleCommand, RemoveMemberCommand } from '../application/commands/member.commands';
import { SetMemberSsoCommand } from '../application/commands/sso-member.commands';
import { GetMemberQuery, ListMembersQuery } from '../application/queries/member.queries';
import { ListMemberTeamsQuery } from '../application/queries/member-teams.query';
import { organizationStream } from '../domain/organization';
import { ListMemberTeamsParams } from './list.params';
import { UpdateMemberBody } from './member.bodies';

/** Reference tag organization-members. */
@Controller('orgs/:organizationId/members')
export class MembersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly asOf: AsOfResolver,
  ) {}

  @Get()
  async list(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Query() q: ListMembersAsOfParams,
    @Res({ passthrough: true }) res: Response,
  ) {
    const filters = { role: q.role, search: q.search, order: q.order };
    const page = { page: q.page, limit: q.limit };
    const point = await this.asOf.resolve(q.asOf, res);
    if (point) return this.queries.execute(new ListMembersAsOfQuery(organizationId, caller.userId, filters, page, point));
    return this.queries.execute(new ListMembersQuery(organizationId, caller.userId, filters, page));
  }

  @Get(':userId')
  @ResourceStream((p) => organizationStream(p.organizationId))
  get(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('userId') userId: string) {
    return this.queries.execute(new GetMemberQuery(organizationId, caller.userId, userId));
  }

  @Patch(':userId')
  async update(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('userId') userId: string, @Body() body: UpdateMemberBody) {
    await this.commands.execute(new ChangeMemberRoleCommand(organizationId, caller.userId, userId, body.role));
    await this.engine.settle();
    return this.queries.execute(new GetMemberQuery(organizationId, caller.userId, userId, true));
  }

  @Delete(':userId')
  async remove(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('userId') userId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const { removed } = await this.commands.execute(new RemoveMemberCommand(organizationId, caller.userId, userId));
    res.status(removed ? 205 : 204);
  }

  /** Reference setUserAsSSOMemberForOrganization: admins only; the member must belong to no other organization (412). */
  @Post(':userId/sso')
  @HttpCode(200)
  async setSso(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('userId') userId: string) {
    await this.commands.execute(new SetMemberSsoCommand(organizationId, caller.userId, userId));
    await this.engine.settle();
    return this.queries.execute(new GetMemberQuery(organizationId, caller.userId, userId, true));
  }

  @Get(':userId/teams')
  teams(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('userId') userId: string, @Query() q: ListMemberTeamsParams) {
    return this.queries.execute(new ListMemberTeamsQuery(organizationId, caller.userId, userId, q.title, q));
  }
}
