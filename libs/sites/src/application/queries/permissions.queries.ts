import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, pageLimit, PageCursor, PageQuery, Principal, Role, slicePage } from '@app/platform';
import { ListOrganizationMembersQuery } from '@app/organizations';
import { GetUsersQuery, UserView } from '@app/identity';
import { siteAllows } from '../../domain/site-permissions';
import { SiteAccess } from '../site-access';

export interface UserSitePermissionView {
  permission: Role;
  user: UserView;
  origin: { type: 'organization'; organization: string };
}

/**
 * Everyone who can access a site and with which role: the members of its organization (a site
 * grants no role of its own), paged by user id (immutable, so no one is skipped or repeated).
 */
export class ListSitePermissionsQuery extends Query<ListResponse<UserSitePermissionView>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListSitePermissionsQuery)
export class ListSitePermissionsHandler implements IQueryHandler<ListSitePermissionsQuery> {
  constructor(
    private readonly access: SiteAccess,
    private readonly queries: QueryBus,
  ) {}
  async execute(q: ListSitePermissionsQuery): Promise<ListResponse<UserSitePermissionView>> {
    const site = await this.access.requireRead(q.caller, q.siteId, q.organizationId);
    const cursor = new PageCursor('sites.permissions-aggregate', { site: q.siteId }, ['string'] as const);
    const after = q.page.page ? cursor.decode(q.page.page)[0] : null;
    const members = (await this.queries.execute(new ListOrganizationMembersQuery(site.organizationId)))
      .filter((m) => siteAllows(m.role, 'access'))
      .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
    const rest = after === null ? members : members.filter((m) => m.userId > after);
    const page = slicePage(rest, pageLimit(q.page), (last) => cursor.encode([last.userId]));
    const users = await this.queries.execute(new GetUsersQuery(page.items.map((m) => m.userId)));
    const origin = { type: 'organization' as const, organization: site.organizationId };
    return {
      items: page.items.filter((m) => users.has(m.userId)).map((m) => ({ permission: m.role, user: users.get(m.userId)!, origin })),
      count: members.length,
      ...(page.next ? { next: page.next } : {}),
    };
  }
}
