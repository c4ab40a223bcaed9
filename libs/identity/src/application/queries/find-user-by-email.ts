import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@app/platform';
import { normalizeEmail } from '../../domain/user';
import { USERS, UserDoc } from './identity.projection';

/** The id of the user with this email (case-insensitive), or null. */
export class FindUserByEmailQuery extends Query<string | null> {
  constructor(readonly email: string) {
    super();
  }
}

@QueryHandler(FindUserByEmailQuery)
export class FindUserByEmailHandler implements IQueryHandler<FindUserByEmailQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute(q: FindUserByEmailQuery): Promise<string | null> {
    const [u] = await this.store.find<UserDoc>(USERS, { email: normalizeEmail(q.email) }, { limit: 1 });
    return u?.id ?? null;
  }
}
