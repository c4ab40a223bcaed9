import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Forbidden, ListResponse, NotFound, PageCursor, PageQuery, pageLimit, ReadStore, Role, slicePage, Urls } from '@app/platform';
import { GetMemberViewsQuery, GetOrganizationQuery } from '@app/organizations';
import { CountOpenSpaceCommentsQuery, SpaceContentStatsQuery } from '../../contracts';
import { SpaceAccess } from '../space-access';
import { SpaceView, toSpaceView } from './space.view';
import { SPACES, SpaceDoc } from './spaces.projection';

/** Reference MemberContentPermission: the member's role on the space, and the space as the caller sees it. */
export interface MemberSpaceView {
  permission: Role;
  space: SpaceView;
}

/**
 * listSpacesForOrganizationMember: the live spaces of the organization the member can access,
 * with the member's role on each. Members ask about themselves; callers who may list members
 * ask about anyone, and see only spaces they can see themselves (so no private space leaks through a colleague's list). By
 * creation, newest first unless `order=asc` (the reference default), paged on (creation, id).
 */
export class ListMemberSpacesQuery extends Query<ListResponse<MemberSpaceView>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly userId: string,
    readonly order: 'asc' | 'desc',
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListMemberSpacesQuery)
export class ListMemberSpacesHandler implements IQueryHandler<ListMemberSpacesQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SpaceAccess,
    private readonly queries: QueryBus,
    private readonly urls: Urls,
  ) {}

  async execute(q: ListMemberSpacesQuery): Promise<ListResponse<MemberSpaceView>> {
    const org = await this.queries.execute(new GetOrganizationQuery(q.organizationId, q.callerId));
    // Anyone may list their own spaces; someone else's needs what listing members needs.
    if (q.callerId !== q.userId && !org.permissions.listMembers)
      throw new Forbidden('Listing a member’s spaces needs the organization permission "listMembers" (members with a role)');
    const members = await this.queries.execute(new GetMemberViewsQuery(q.organizationId, [q.userId]));
    if (!members.has(q.userId)) throw new NotFound(`No member with id ${q.userId} in organization ${q.organizationId}`);

    const dir = q.order === 'asc' ? 1 : -1;
    const cursor = new PageCursor('member_spaces', { organizationId: q.organizationId, userId: q.userId, order: q.order }, ['number', 'string'] as const);
    const after = q.page.page ? cursor.decode(q.page.page) : null;
    // Every live space, then those both can access: a role is computed in memory per space (the
    // Accessors load the organization facts once), so the count is exact.
    const docs = await this.store.find<SpaceDoc>(
      SPACES,
      { organizationId: q.organizationId, status: 'active' },
      {
        sort: [
          ['seq', dir],
          ['id', dir],
        ],
      },
    );
    const member = this.access.for(q.userId);
    const caller = q.callerId === q.userId ? member : this.access.for(q.callerId);
    const visible: Array<{ doc: SpaceDoc; role: Role; callerRole: Role }> = [];
    for (const doc of docs) {
      const role = await member.spaceRole(doc);
      const callerRole = role && (await caller.spaceRole(doc));
      if (role && callerRole) visible.push({ doc, role, callerRole });
    }
    const isAfter = (d: SpaceDoc) =>
      !after || dir * (d.seq - after[0]) > 0 || (d.seq === after[0] && dir * (d.id < after[1] ? -1 : d.id > after[1] ? 1 : 0) > 0);
    const limit = pageLimit(q.page);
    const page = slicePage(
      visible.filter((v) => isAfter(v.doc)),
      limit,
      (last) => cursor.encode([last.doc.seq, last.doc.id]),
    );
    const ids = page.items.map((v) => v.doc.id);
    const [content, comments] = await Promise.all([
      ids.length ? this.queries.execute(new SpaceContentStatsQuery(ids)) : undefined,
      ids.length ? this.queries.execute(new CountOpenSpaceCommentsQuery(ids)) : undefined,
    ]);
    const items = page.items.map((v) => ({
      permission: v.role,
      space: toSpaceView(v.doc, v.callerRole, this.urls, content?.get(v.doc.id), comments?.get(v.doc.id)),
    }));
    return { items, count: visible.length, ...(page.next ? { next: page.next } : {}) };
  }
}
