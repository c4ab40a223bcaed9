import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller, NotFound, Principal, ReadStore, ResourceStream } from '@app/platform';
import { GetUsersQuery, userStream, UserView } from '@app/identity';
import { MEMBERS, MemberDoc } from '../application/queries/read-models';

/**
 * GET /v1/users/{userId} (reference getUserById). It lives here, not in identity, because who
 * may see a profile depends on memberships: yourself, or someone who shares an organization
 * with you. Anyone else is 404, so emails do not leak across organizations.
 */
@Controller('users')
export class UsersController {
  constructor(
    private readonly queries: QueryBus,
    private readonly store: ReadStore,
  ) {}

  @Get(':userId')
  @ResourceStream((p) => userStream(p.userId))
  async byId(@Caller() caller: Principal, @Param('userId') userId: string): Promise<UserView> {
    if (userId !== caller.userId && !(await this.shareAnOrganization(caller.userId, userId))) throw new NotFound(`No user with id ${userId}`);
    const user = (await this.queries.execute(new GetUsersQuery([userId]))).get(userId);
    if (!user) throw new NotFound(`No user with id ${userId}`);
    return user;
  }

  private async shareAnOrganization(a: string, b: string): Promise<boolean> {
    const mine = (await this.store.find<MemberDoc>(MEMBERS, { userId: a })).map((m) => m.organizationId);
    return mine.length > 0 && (await this.store.count(MEMBERS, { userId: b, organizationId: { $in: mine } })) > 0;
  }
}
