import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { IsIn, IsOptional } from 'class-validator';
import { AsOfParams, AsOfResolver, Caller, PageQuery, Principal, ProjectionEngine, ResourceStream, Urls } from '@app/platform';
import { GetCollectionAsOfQuery } from '../application/as-of/as-of-items.queries';
import { CreateCollectionCommand } from '../application/commands/create-collection';
import { DeleteCollectionCommand } from '../application/commands/delete-collection';
import { MoveCollectionCommand } from '../application/commands/move-collection';
import { TransferCollectionCommand } from '../application/commands/transfer-collection';
import { UpdateCollectionCommand } from '../application/commands/update-collection';
import { GetCollectionQuery, ListCollectionsQuery, ListSpacesInCollectionQuery } from '../application/queries/collection.queries';
import { collectionStream } from '../domain/collection';
import { collectionChanges, CreateCollectionBody, newCollection, UpdateCollectionBody } from './collection.bodies';
import { MoveBody, toPositionSpec, TransferBody } from './position.body';

/** Query of listCollectionsInOrganizationById: `nested` (reference name; default true). */
class ListCollectionsParams extends PageQuery {
  @IsOptional()
  @IsIn(['true', 'false'])
  nested?: string;
}

@Controller()
export class CollectionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly urls: Urls,
    private readonly asOf: AsOfResolver,
  ) {}

  @Get('orgs/:organizationId/collections')
  list(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Query() q: ListCollectionsParams) {
    return this.queries.execute(new ListCollectionsQuery(organizationId, caller.userId, q.nested !== 'false', { page: q.page, limit: q.limit }));
  }

  @Post('orgs/:organizationId/collections')
  async create(
    @Caller() caller: Principal,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateCollectionBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { settings, parent } = newCollection(body);
    const { collectionId } = await this.commands.execute(new CreateCollectionCommand(organizationId, caller.userId, settings, parent));
    await this.engine.settle();
    res.status(201).setHeader('Location', this.urls.api(`/collections/${collectionId}`));
    return this.queries.execute(new GetCollectionQuery(collectionId, caller.userId));
  }

  @Get('collections/:collectionId')
  @ResourceStream((p) => collectionStream(p.collectionId))
  async get(@Caller() caller: Principal, @Param('collectionId') collectionId: string, @Query() q: AsOfParams, @Res({ passthrough: true }) res: Response) {
    const point = await this.asOf.resolve(q.asOf, res);
    if (point) return this.queries.execute(new GetCollectionAsOfQuery(collectionId, caller.userId, point));
    return this.queries.execute(new GetCollectionQuery(collectionId, caller.userId));
  }

  @Patch('collections/:collectionId')
  async update(@Caller() caller: Principal, @Param('collectionId') collectionId: string, @Body() body: UpdateCollectionBody) {
    await this.commands.execute(new UpdateCollectionCommand(collectionId, caller.userId, collectionChanges(body)));
    return this.fresh(collectionId, caller);
  }

  @Delete('collections/:collectionId')
  async remove(@Caller() caller: Principal, @Param('collectionId') collectionId: string, @Res({ passthrough: true }) res: Response): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteCollectionCommand(collectionId, caller.userId));
    await this.engine.settle();
    res.status(deleted ? 205 : 204);
  }

  @Get('collections/:collectionId/spaces')
  spaces(@Caller() caller: Principal, @Param('collectionId') collectionId: string, @Query() page: PageQuery) {
    return this.queries.execute(new ListSpacesInCollectionQuery(collectionId, caller.userId, page));
  }

  @Post('collections/:collectionId/move')
  @HttpCode(200)
  async move(@Caller() caller: Principal, @Param('collectionId') collectionId: string, @Body() body: MoveBody) {
    await this.commands.execute(new MoveCollectionCommand(collectionId, caller.userId, body.parent, toPositionSpec(body.position)));
    return this.fresh(collectionId, caller);
  }

  @Post('collections/:collectionId/transfer')
  @HttpCode(200)
  async transfer(@Caller() caller: Principal, @Param('collectionId') collectionId: string, @Body() body: TransferBody) {
    await this.commands.execute(new TransferCollectionCommand(collectionId, caller.userId, body.organization));
    return this.fresh(collectionId, caller);
  }

  private async fresh(collectionId: string, caller: Principal) {
    await this.engine.settle();
    return this.queries.execute(new GetCollectionQuery(collectionId, caller.userId));
  }
}
