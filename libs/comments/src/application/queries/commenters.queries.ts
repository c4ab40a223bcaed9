import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, PageQuery, paginate, Principal, ReadStore, Urls } from '@app/platform';
import { GetUsersQuery, UserView } from '@app/identity';
import { GetMemberViewsQuery, MemberView } from '@app/organizations';
import { CommentAccess, Place } from '../comment-access';
import { CommenterDoc, COMMENTERS, scopeKey } from './comments.read-model';

/**
 * The distinct users with a live comment or reply in a space's own discussion or in a change
 * request, as the reference's OrganizationMember, in the order they first took part. Someone who
 * has left the organization since is still a commenter: shown without a role, disabled.
 */
export class ListCommentersQuery extends Query<ListResponse<MemberView>> {
  constructor(
    readonly caller: Principal,
    readonly place: Place,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListCommentersQuery)
export class ListCommentersHandler implements IQueryHandler<ListCommentersQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: CommentAccess,
    private readonly queries: QueryBus,
    private readonly urls: Urls,
  ) {}
  async execute({ caller, place, page }: ListCommentersQuery): Promise<ListResponse<MemberView>> {
    const { scope, organizationId } = await this.access.open(caller, place);
    const list = await paginate<CommenterDoc, CommenterDoc>(this.store, COMMENTERS, { scope: scopeKey(scope) }, [['seq', 1]], page, (d) => d);
    const ids = list.items.map((d) => d.userId);
    const members: Map<string, MemberView> = await this.queries.execute(new GetMemberViewsQuery(organizationId, ids));
    const gone = ids.filter((id) => !members.has(id));
    const users: Map<string, UserView> = gone.length ? await this.queries.execute(new GetUsersQuery(gone)) : new Map<string, UserView>();
    const items = list.items.map(
      (d): MemberView =>
        members.get(d.userId) ?? {
          object: 'member',
          id: d.userId,
          role: null,
          user: users.get(d.userId) ?? { object: 'user', id: d.userId, displayName: d.userId, urls: { location: this.urls.api(`/users/${d.userId}`) } },
          disabled: true,
          joinedAt: d.since,
          sso: false,
          spaces: 0,
          teams: 0,
        },
    );
    return { ...list, items };
  }
}
