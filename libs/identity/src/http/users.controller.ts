import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { BadRequest, Caller, NotFound, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { UpdateUserProfileCommand } from '../application/commands/update-user-profile';
import { GetUsersQuery, UserView } from '../application/queries/get-user';
import { userStream } from '../domain/user';
import { UpdateUserBody } from './update-user.body';

/**
 * GET /v1/user and PATCH /v1/users/{userId} (a user's own profile). GET /v1/users/{userId} is
 * served by the organizations context (visibility needs memberships).
 */
@Controller()
export class UsersController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get('user')
  @ResourceStream((_p, me: UserView) => userStream(me.id))
  async me(@Caller() caller: Principal): Promise<UserView> {
    return this.one(caller.userId);
  }

  /** Reference updateUserById: users change their own display name and photo; anyone else's is 403. */
  @Patch('users/:userId')
  async update(@Caller() caller: Principal, @Param('userId') userId: string, @Body() body: UpdateUserBody): Promise<UserView> {
    if (body.displayName === undefined && body.photoURL === undefined) throw new BadRequest('body: must have at least one of displayName, photoURL');
    await this.commands.execute(new UpdateUserProfileCommand(caller.userId, userId, { displayName: body.displayName, photoURL: body.photoURL }));
    await this.engine.settle();
    return this.one(userId);
  }

  private async one(id: string): Promise<UserView> {
    const u = (await this.queries.execute(new GetUsersQuery([id]))).get(id);
    if (!u) throw new NotFound(`No user with id ${id}`);
    return u;
  }
}
