import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@app/platform';
import { USERS, UserDoc } from './identity.projection';

/** A user's email and whether it is verified (joining by email domain needs a verified one); null for no such user. */
export class GetUserEmailQuery extends Query<{ email: string; verified: boolean } | null> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetUserEmailQuery)
export class GetUserEmailHandler implements IQueryHandler<GetUserEmailQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute(q: GetUserEmailQuery): Promise<{ email: string; verified: boolean } | null> {
    const u = await this.store.get<UserDoc>(USERS, q.userId);
    return u ? { email: u.email, verified: u.emailVerified !== false } : null;
  }
}
