import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { AsOfParams, AsOfResolver, Caller, Principal, ProjectionEngine, ResourceStream, Urls } from '@app/platform';
import { CreateChangeRequestCommand } from '../application/commands/create-change-request';
import { MergeChangeRequestCommand } from '../application/commands/merge-change-request';
import { UpdateChangeRequestCommand } from '../application/commands/update-change-request';
import { UpdateChangeRequestFromMainCommand } from '../application/commands/update-from-main';
import { GetChangeRequestQuery, ListChangeRequestsQuery } from '../application/queries/change-request.queries';
import { GetChangeRequestAsOfQuery } from '../application/queries/as-of-content.queries';
import { changeRequestStream } from '../domain/change-request.events';
import { CreateChangeRequestBody, UpdateChangeRequestBody } from './change-request.bodies';
import { filtersOf, ListChangeRequestsParams, ListSpaceChangeRequestsParams, UpdateFromMainParams } from './query-params';

@Controller()
export class ChangeRequestsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly urls: Urls,
    private readonly asOf: AsOfResolver,
  ) {}

  @Get('spaces/:spaceId/change-requests')
  list(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Query() q: ListSpaceChangeRequestsParams) {
    return this.queries.execute(new ListChangeRequestsQuery({ spaceId }, caller.userId, filtersOf(q), q));
  }

  @Get('orgs/:organizationId/change-requests')
  listForOrganization(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Query() q: ListChangeRequestsParams) {
    return this.queries.execute(new ListChangeRequestsQuery({ organizationId }, caller.userId, filtersOf(q), q));
  }

  @Post('spaces/:spaceId/change-requests')
  async create(
    @Caller() caller: Principal,
    @Param('spaceId') spaceId: string,
    @Body() body: CreateChangeRequestBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { changeRequestId } = await this.commands.execute(new CreateChangeRequestCommand(spaceId, caller.userId, body.toInput()));
    await this.engine.settle();
    res.status(201).setHeader('Location', this.urls.api(`/spaces/${spaceId}/change-requests/${changeRequestId}`));
    return this.queries.execute(new GetChangeRequestQuery(spaceId, changeRequestId, caller.userId));
  }

  /** `changeRequestId` is the id or the number of the change request in the space. */
  @Get('spaces/:spaceId/change-requests/:changeRequestId')
  @ResourceStream((_p, cr: { id: string }) => changeRequestStream(cr.id))
  async get(
    @Caller() caller: Principal,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') ref: string,
    @Query() q: AsOfParams,
    @Res({ passthrough: true }) res: Response,
  ) {
    const point = await this.asOf.resolve(q.asOf, res);
    if (point) return this.queries.execute(new GetChangeRequestAsOfQuery(spaceId, ref, caller.userId, point));
    return this.queries.execute(new GetChangeRequestQuery(spaceId, ref, caller.userId));
  }

  @Patch('spaces/:spaceId/change-requests/:changeRequestId')
  async update(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Param('changeRequestId') ref: string, @Body() body: UpdateChangeRequestBody) {
    const { changeRequestId } = await this.commands.execute(new UpdateChangeRequestCommand(spaceId, ref, caller.userId, body.toPatch()));
    await this.engine.settle();
    return this.queries.execute(new GetChangeRequestQuery(spaceId, changeRequestId, caller.userId));
  }

  @Post('spaces/:spaceId/change-requests/:changeRequestId/merge')
  @HttpCode(200)
  async merge(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Param('changeRequestId') ref: string) {
    const { revision } = await this.commands.execute(new MergeChangeRequestCommand(spaceId, ref, caller.userId));
    await this.engine.settle();
    return { revision, result: 'merge' as const };
  }

  @Post('spaces/:spaceId/change-requests/:changeRequestId/update')
  @HttpCode(200)
  async updateFromMain(
    @Caller() caller: Principal,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') ref: string,
    @Query() q: UpdateFromMainParams,
  ) {
    const prefer = q.resolution === 'change-request' ? 'ours' : q.resolution === 'main' ? 'theirs' : undefined;
    const { revision } = await this.commands.execute(new UpdateChangeRequestFromMainCommand(spaceId, ref, caller.userId, prefer));
    await this.engine.settle();
    return { revision, result: 'update' as const };
  }
}
