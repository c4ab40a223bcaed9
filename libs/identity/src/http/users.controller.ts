import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller, NotFound, Principal, ResourceStream } from '@app/platform';
import { GetUsersQuery, UserView } from '../application/queries/get-user';
import { userStream } from '../domain/user';

/** GET /v1/user. GET /v1/users/{userId} is served by the organizations context (visibility needs memberships). */
@Controller()
export class UsersController {
  constructor(private readonly queries: QueryBus) {}

  @Get('user')
  @ResourceStream((_p, me: UserView) => userStream(me.id))
  async me(@Caller() caller: Principal): Promise<UserView> {
    return this.one(caller.userId);
  }

  private async one(id: string): Promise<UserView> {
    const u = (await this.queries.execute(new GetUsersQuery([id]))).get(id);
    if (!u) throw new NotFound(`No user with id ${id}`);
    return u;
  }
}
