import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { IsOptional, IsString } from 'class-validator';
import { AsOfResolver, Caller, PageQuery, Principal, ProjectionEngine, ResourceStream, Urls } from '@app/platform';
import { GetSpaceAsOfQuery } from '../application/as-of/as-of-items.queries';
import { CreateSpaceCommand } from '../application/commands/create-space';
import { DeleteSpaceCommand } from '../application/commands/delete-space';
import { DuplicateSpaceCommand } from '../application/commands/duplicate-space';
import { RestoreSpaceCommand } from '../application/commands/restore-space';
import { UpdateSpaceCommand } from '../application/commands/update-space';
import { MoveSpaceCommand } from '../application/commands/move-space';
import { TransferSpaceCommand } from '../application/commands/transfer-space';
import { GetSpaceQuery, ListSpacesQuery } from '../application/queries/space.queries';
import { spaceStream } from '../domain/space';
import { MoveBody, toPositionSpec, TransferBody } from './position.body';
import { CreateSpaceBody, parseCreateSpace, spaceChanges, UpdateSpaceBody } from './space.bodies';

class GetSpaceParams {
  @IsOptional()
  @IsString()
  shareKey?: string;

  /** Time travel: the space as it was at this instant or just after this audit event. */
  @IsOptional()
  @IsString()
  asOf?: string;
}

@Controller()
export class SpacesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly urls: Urls,
    private readonly asOf: AsOfResolver,
  ) {}

  @Get('orgs/:organizationId/spaces')
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Query() page: PageQuery) {
    return this.queries.execute(new ListSpacesQuery(organizationId, caller.userId, page));
  }

  @Post('orgs/:organizationId/spaces')
  async create(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateSpaceBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { settings, parent } = parseCreateSpace(body);
    const { spaceId } = await this.commands.execute(new CreateSpaceCommand(organizationId, caller.userId, settings, parent));
    return this.created(spaceId, caller, res);
  }

  @Get('spaces/:spaceId')
  @ResourceStream((p) => spaceStream(p.spaceId))
  async get(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Query() q: GetSpaceParams, @Res({ passthrough: true }) res: Response) {
    const point = await this.asOf.resolve(q.asOf, res);
    if (point) return this.queries.execute(new GetSpaceAsOfQuery(spaceId, caller.userId, point));
    return this.queries.execute(new GetSpaceQuery(spaceId, caller.userId));
  }

  @Patch('spaces/:spaceId')
  async update(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Body() body: UpdateSpaceBody) {
    await this.commands.execute(new UpdateSpaceCommand(spaceId, caller.userId, spaceChanges(body)));
    await this.engine.settle();
    return this.queries.execute(new GetSpaceQuery(spaceId, caller.userId));
  }

  @Delete('spaces/:spaceId')
  async remove(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Res({ passthrough: true }) res: Response): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteSpaceCommand(spaceId, caller.userId));
    res.status(deleted ? 205 : 204);
  }

  @Post('spaces/:spaceId/restore')
  @HttpCode(200)
  async restore(@Caller() caller: Principal, @Param('spaceId') spaceId: string) {
    await this.commands.execute(new RestoreSpaceCommand(spaceId, caller.userId));
    await this.engine.settle();
    return this.queries.execute(new GetSpaceQuery(spaceId, caller.userId));
  }

  @Post('spaces/:spaceId/duplicate')
  async duplicate(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Res({ passthrough: true }) res: Response) {
    const { spaceId: copy } = await this.commands.execute(new DuplicateSpaceCommand(spaceId, caller.userId));
    return this.created(copy, caller, res);
  }

  @Post('spaces/:spaceId/move')
  @HttpCode(200)
  async move(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Body() body: MoveBody) {
    await this.commands.execute(new MoveSpaceCommand(spaceId, caller.userId, body.parent, toPositionSpec(body.position)));
    await this.engine.settle();
    return this.queries.execute(new GetSpaceQuery(spaceId, caller.userId));
  }

  @Post('spaces/:spaceId/transfer')
  @HttpCode(200)
  async transfer(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Body() body: TransferBody) {
    await this.commands.execute(new TransferSpaceCommand(spaceId, caller.userId, body.organization));
    await this.engine.settle();
    return this.queries.execute(new GetSpaceQuery(spaceId, caller.userId));
  }

  private async created(spaceId: string, caller: Principal, res: Response) {
    await this.engine.settle();
    res.status(201).setHeader('Location', this.urls.api(`/spaces/${spaceId}`));
    return this.queries.execute(new GetSpaceQuery(spaceId, caller.userId));
  }
}
