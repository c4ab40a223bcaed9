import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { AsOfParams, AsOfResolver, Caller, PageQuery, Principal, ProjectionEngine, RepresentedBy, ResourceStream, Urls } from '@app/platform';
import { GetTeamAsOfQuery } from '../application/as-of/as-of.queries';
import { ChangeTeamMembersCommand } from '../application/commands/team-members.commands';
import { CreateTeamCommand, DeleteTeamCommand, RenameTeamCommand } from '../application/commands/team.commands';
import { GetTeamQuery, ListTeamMembersQuery, ListTeamsQuery } from '../application/queries/team.queries';
import { organizationStream } from '../domain/organization';
import { ListTeamsParams } from './list.params';
import { AddTeamMemberBody, CreateTeamBody, UpdateTeamBody, UpdateTeamMembersBody } from './team.bodies';

/** Reference tags teams and team-members. */
@Controller('orgs/:organizationId/teams')
export class TeamsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly urls: Urls,
    private readonly asOf: AsOfResolver,
  ) {}

  @Get()
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Query() q: ListTeamsParams) {
    return this.queries.execute(new ListTeamsQuery(organizationId, caller.userId, { title: q.title, owner: q.owner }, q));
  }

  @Put()
  async create(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateTeamBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { teamId } = await this.commands.execute(new CreateTeamCommand(organizationId, caller.userId, body.title, body.members ?? []));
    await this.engine.settle();
    res.status(201).setHeader('Location', this.urls.api(`/orgs/${organizationId}/teams/${teamId}`));
    return this.queries.execute(new GetTeamQuery(organizationId, caller.userId, teamId));
  }

  @Get(':teamId')
  @ResourceStream((p) => organizationStream(p.organizationId))
  async get(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Query() q: AsOfParams,
    @Res({ passthrough: true }) res: Response,
  ) {
    const point = await this.asOf.resolve(q.asOf, res);
    if (point) return this.queries.execute(new GetTeamAsOfQuery(organizationId, caller.userId, teamId, point));
    return this.queries.execute(new GetTeamQuery(organizationId, caller.userId, teamId));
  }

  @Patch(':teamId')
  async update(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('teamId') teamId: string, @Body() body: UpdateTeamBody) {
    await this.commands.execute(new RenameTeamCommand(organizationId, caller.userId, teamId, body.title));
    await this.engine.settle();
    return this.queries.execute(new GetTeamQuery(organizationId, caller.userId, teamId));
  }

  @Delete(':teamId')
  async remove(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteTeamCommand(organizationId, caller.userId, teamId));
    res.status(deleted ? 205 : 204);
  }

  @Get(':teamId/members')
  members(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('teamId') teamId: string, @Query() page: PageQuery) {
    return this.queries.execute(new ListTeamMembersQuery(organizationId, caller.userId, teamId, page));
  }

  @Put(':teamId/members')
  @RepresentedBy(1) // If-Match names the team
  @HttpCode(204)
  async updateMembers(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Body() body: UpdateTeamMembersBody,
  ): Promise<void> {
    const { set, remove } = body.change();
    await this.commands.execute(new ChangeTeamMembersCommand(organizationId, caller.userId, teamId, set, remove));
  }

  @Put(':teamId/members/:userId')
  @RepresentedBy(2)
  @HttpCode(204)
  async addMember(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
    @Body() body: AddTeamMemberBody,
  ): Promise<void> {
    await this.commands.execute(new ChangeTeamMembersCommand(organizationId, caller.userId, teamId, [{ field: 'userId', ref: userId, role: body.role }], []));
  }

  @Delete(':teamId/members/:userId')
  @RepresentedBy(2)
  async removeMember(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const { changed } = await this.commands.execute(
      new ChangeTeamMembersCommand(organizationId, caller.userId, teamId, [], [{ field: 'userId', ref: userId }]),
    );
    res.status(changed > 0 ? 205 : 204);
  }
}
