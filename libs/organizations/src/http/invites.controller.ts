import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, PageQuery, Principal, ProjectionEngine, ResourceStream, Urls } from '@app/platform';
import { InviteMembersCommand } from '../application/commands/invite-members.command';
import { ChangeInviteRoleCommand, CreateInviteLinkCommand, DeleteInviteLinkCommand } from '../application/commands/invite-link.commands';
import { JoinWithInviteCommand } from '../application/commands/join.commands';
import { GetInviteLinkQuery, ListInviteLinksQuery } from '../application/queries/invite.queries';
import { organizationStream } from '../domain/organization';
import { CreateInviteLinkBody, InviteUsersBody, UpdateInviteLinkBody } from './member.bodies';

/** Reference tag organization-invites: invites by email and link invites. */
@Controller('orgs/:organizationId')
export class InvitesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly urls: Urls,
  ) {}

  @Post('invites')
  @HttpCode(200)
  invite(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Body() body: InviteUsersBody) {
    return this.commands.execute(new InviteMembersCommand(organizationId, caller.userId, body.invites(), body.role, body.sso === true));
  }

  @Post('invites/:inviteId')
  @HttpCode(200)
  async join(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('inviteId') inviteId: string) {
    await this.commands.execute(new JoinWithInviteCommand(organizationId, caller.userId, inviteId));
    return {};
  }

  @Get('link-invites')
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Query() page: PageQuery) {
    return this.queries.execute(new ListInviteLinksQuery(organizationId, caller.userId, page));
  }

  @Post('link-invites')
  async create(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateInviteLinkBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { inviteId } = await this.commands.execute(new CreateInviteLinkCommand(organizationId, caller.userId, body.role));
    await this.engine.settle();
    res.status(201).setHeader('Location', this.urls.api(`/orgs/${organizationId}/link-invites/${inviteId}`));
    return this.queries.execute(new GetInviteLinkQuery(organizationId, caller.userId, inviteId));
  }

  @Get('link-invites/:inviteId')
  @ResourceStream((p) => organizationStream(p.organizationId))
  get(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('inviteId') inviteId: string) {
    return this.queries.execute(new GetInviteLinkQuery(organizationId, caller.userId, inviteId));
  }

  @Patch('link-invites/:inviteId')
  async update(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('inviteId') inviteId: string,
    @Body() body: UpdateInviteLinkBody,
  ) {
    await this.commands.execute(new ChangeInviteRoleCommand(organizationId, caller.userId, inviteId, body.role));
    await this.engine.settle();
    return this.queries.execute(new GetInviteLinkQuery(organizationId, caller.userId, inviteId));
  }

  @Delete('link-invites/:inviteId')
  async remove(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Param('inviteId') inviteId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteInviteLinkCommand(organizationId, caller.userId, inviteId));
    res.status(deleted ? 205 : 204);
  }
}
