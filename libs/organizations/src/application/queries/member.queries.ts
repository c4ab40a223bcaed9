import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, ListResponse, PageQuery, paginate, ReadStore, Role } from '@app/platform';
import { MemberNotFound } from '../../domain/organization';
import { OrgAccess } from '../org-access';
import { MemberView } from './member.view';
import { MEMBERS, MemberDoc, memberId } from './read-models';
import { MemberRenderer } from './member-renderer';

export interface MemberFilters {
  /** A role, or 'guest' for members without one. */
  role?: Role | 'guest';
  /** Case-insensitive substring of the display name or the email. */
  search?: string;
  order?: 'asc' | 'desc';
}

/** Members, by join order (newest first unless order=asc, as the reference defaults). */
export class ListMembersQuery extends Query<ListResponse<MemberView>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly filters: MemberFilters,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListMembersQuery)
export class ListMembersHandler implements IQueryHandler<ListMembersQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: OrgAccess,
    private readonly members: MemberRenderer,
  ) {}
  async execute(q: ListMembersQuery): Promise<ListResponse<MemberView>> {
    await this.access.require(q.organizationId, q.callerId, 'listMembers', 'Listing members');
    const filter: Filter = { organizationId: q.organizationId };
    if (q.filters.role) filter.role = q.filters.role === 'guest' ? null : q.filters.role;
    if (q.filters.search) filter.search = { $contains: q.filters.search };
    const page = await paginate<MemberDoc, MemberDoc>(this.store, MEMBERS, filter, [['seq', q.filters.order === 'asc' ? 1 : -1]], q.page, (d) => d);
    return { ...page, items: await this.members.render(page.items) };
  }
}

/**
 * `afterWrite`: the answer to the caller's own authorized write, rendered even if that write took
 * their listMembers away (an admin who made themselves a guest still gets the updated member).
 */
export class GetMemberQuery extends Query<MemberView> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly userId: string,
    readonly afterWrite = false,
  ) {
    super();
  }
}

@QueryHandler(GetMemberQuery)
export class GetMemberHandler implements IQueryHandler<GetMemberQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: OrgAccess,
    private readonly members: MemberRenderer,
  ) {}
  async execute(q: GetMemberQuery): Promise<MemberView> {
    if (!q.afterWrite) await this.access.require(q.organizationId, q.callerId, 'listMembers', 'Viewing members');
    const m = await this.store.get<MemberDoc>(MEMBERS, memberId(q.organizationId, q.userId));
    if (!m) throw new MemberNotFound(q.userId, q.organizationId);
    return (await this.members.render([m]))[0];
  }
}
