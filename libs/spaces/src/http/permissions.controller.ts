import { Body, Controller, Delete, Get, HttpCode, Injectable, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { IsIn, IsOptional } from 'class-validator';
import { AsOfResolver, Caller, PageAsOfParams, Principal, ProjectionEngine, RepresentedBy, Role, ROLES } from '@app/platform';
import { ListPermissionsAsOfQuery, PermissionListing } from '../application/as-of/as-of-permissions.queries';
import { PermissionTarget, SetPermissionsCommand } from '../application/commands/set-permissions';
import { ListPermissionsAggregateQuery, ListTeamPermissionsQuery, ListUserPermissionsQuery } from '../application/queries/permission.queries';
import { ItemKind } from '../domain/placement';
import { InviteBody, RoleBody } from './permission.bodies';

/** Query of listPermissionsAggregateIn*: `role` keeps the users with exactly that role. */
class AggregateParams extends PageAsOfParams {
  @IsOptional()
  @IsIn(ROLES)
  role?: Role;
}

/**
 * The same permission routes for spaces (`/spaces/{spaceId}/permissions…`) and collections
 * (`/collections/{collectionId}/permissions…`): users and teams, their listings and the
 * aggregate of everyone who can access the item.
 */
// Decorated so its constructor parameter types are emitted for the subclasses' injection.
@Injectable()
abstract class PermissionRoutes {
  protected abstract readonly kind: ItemKind;
  /** Name of the route parameter holding the space or collection id. */
  protected abstract readonly idParam: string;
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly asOf: AsOfResolver,
  ) {}

  private target(params: Record<string, string>): PermissionTarget {
    return { kind: this.kind, id: params[this.idParam] };
  }

  /** The listing as it was at `asOf` (time travel), or undefined when the present is asked. */
  private async past(listing: PermissionListing, caller: Principal, p: Record<string, string>, q: PageAsOfParams & { role?: Role }, res: Response) {
    const point = await this.asOf.resolve(q.asOf, res);
    const page = { page: q.page, limit: q.limit };
    return point && this.queries.execute(new ListPermissionsAsOfQuery(listing, this.target(p), caller.userId, page, point, q.role));
  }

  @Post()
  @HttpCode(204)
  async invite(@Caller() caller: Principal, @Param() p: Record<string, string>, @Body() body: InviteBody): Promise<void> {
    await this.commands.execute(
      new SetPermissionsCommand(this.target(p), caller.userId, body.role, { users: body.users ?? [], teams: body.teams ?? [] }, true),
    );
    await this.engine.settle();
  }

  @Get('users')
  async users(@Caller() caller: Principal, @Param() p: Record<string, string>, @Query() q: PageAsOfParams, @Res({ passthrough: true }) res: Response) {
    const past = await this.past('users', caller, p, q, res);
    return past ?? this.queries.execute(new ListUserPermissionsQuery(this.target(p), caller.userId, { page: q.page, limit: q.limit }));
  }

  // A grant has no GET of its own: If-Match names the space or collection that holds it.
  @Patch('users/:userId')
  @RepresentedBy(3)
  @HttpCode(204)
  async updateUser(@Caller() caller: Principal, @Param() p: Record<string, string>, @Param('userId') userId: string, @Body() body: RoleBody): Promise<void> {
    await this.commands.execute(new SetPermissionsCommand(this.target(p), caller.userId, body.role, { users: [userId] }, true));
    await this.engine.settle();
  }

  @Delete('users/:userId')
  @RepresentedBy(3)
  async removeUser(
    @Caller() caller: Principal,
    @Param() p: Record<string, string>,
    @Param('userId') userId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const { changed } = await this.commands.execute(new SetPermissionsCommand(this.target(p), caller.userId, null, { users: [userId] }, false));
    await this.engine.settle();
    res.status(changed ? 205 : 204);
  }

  @Get('teams')
  async teams(@Caller() caller: Principal, @Param() p: Record<string, string>, @Query() q: PageAsOfParams, @Res({ passthrough: true }) res: Response) {
    const past = await this.past('teams', caller, p, q, res);
    return past ?? this.queries.execute(new ListTeamPermissionsQuery(this.target(p), caller.userId, { page: q.page, limit: q.limit }));
  }

  @Patch('teams/:teamId')
  @RepresentedBy(3)
  @HttpCode(204)
  async updateTeam(@Caller() caller: Principal, @Param() p: Record<string, string>, @Param('teamId') teamId: string, @Body() body: RoleBody): Promise<void> {
    await this.commands.execute(new SetPermissionsCommand(this.target(p), caller.userId, body.role, { teams: [teamId] }, true));
    await this.engine.settle();
  }

  @Delete('teams/:teamId')
  @RepresentedBy(3)
  async removeTeam(
    @Caller() caller: Principal,
    @Param() p: Record<string, string>,
    @Param('teamId') teamId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const { changed } = await this.commands.execute(new SetPermissionsCommand(this.target(p), caller.userId, null, { teams: [teamId] }, false));
    await this.engine.settle();
    res.status(changed ? 205 : 204);
  }

  @Get('aggregate')
  async aggregate(@Caller() caller: Principal, @Param() p: Record<string, string>, @Query() q: AggregateParams, @Res({ passthrough: true }) res: Response) {
    const past = await this.past('aggregate', caller, p, q, res);
    return past ?? this.queries.execute(new ListPermissionsAggregateQuery(this.target(p), caller.userId, q.role, { page: q.page, limit: q.limit }));
  }
}

@Controller('spaces/:spaceId/permissions')
export class SpacePermissionsController extends PermissionRoutes {
  protected readonly kind = 'space' as const;
  protected readonly idParam = 'spaceId';
}

@Controller('collections/:collectionId/permissions')
export class CollectionPermissionsController extends PermissionRoutes {
  protected readonly kind = 'collection' as const;
  protected readonly idParam = 'collectionId';
}
