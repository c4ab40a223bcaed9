import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ReadStore, Urls } from '@app/platform';
import { USERS, UserDoc } from './identity.projection';

/** The reference `User` shape. */
export interface UserView {
  object: 'user';
  id: string;
  displayName: string;
  email: string;
  photoURL?: string;
  urls: { location: string };
}

export class GetUsersQuery extends Query<Map<string, UserView>> {
  constructor(readonly userIds: string[]) {
    super();
  }
}

@QueryHandler(GetUsersQuery)
export class GetUsersHandler implements IQueryHandler<GetUsersQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetUsersQuery): Promise<Map<string, UserView>> {
    const docs = q.userIds.length ? await this.store.find<UserDoc>(USERS, { id: { $in: [...new Set(q.userIds)] } }) : [];
    return new Map(
      docs.map((d) => [
        d.id,
        {
          object: 'user' as const,
          id: d.id,
          displayName: d.displayName,
          email: d.email,
          ...(d.photoURL ? { photoURL: d.photoURL } : {}),
          urls: { location: this.urls.api(`/users/${d.id}`) },
        },
      ]),
    );
  }
}
