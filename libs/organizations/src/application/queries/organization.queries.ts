import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CacheRegion, InvalidatingCache, ListResponse, PageQuery, paginate, ReadStore, Role, Urls } from '@app/platform';
import { OrganizationNotFound } from '../../domain/organization';
import { OrgAccess } from '../org-access';
import { OrganizationView, toOrganizationView } from './organization.view';
import { MEMBERS, MemberDoc, memberId, ORGANIZATIONS, OrganizationDoc } from './read-models';
import { memberKey, memberRoles, tagged } from './access-cache';

/** The user's role in an organization; null for guests, non-members and unknown organizations. */
export class GetMemberRoleQuery extends Query<Role | null> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
  ) {
    super();
  }
}

/** Asked on every request that touches a space: kept in memory (see access-cache.ts). */
@QueryHandler(GetMemberRoleQuery)
export class GetMemberRoleHandler implements IQueryHandler<GetMemberRoleQuery> {
  private readonly roles: CacheRegion<Role | null>;
  constructor(
    private readonly store: ReadStore,
    cache: InvalidatingCache = new InvalidatingCache(),
  ) {
    this.roles = memberRoles(cache);
  }
  execute(q: GetMemberRoleQuery): Promise<Role | null> {
    return this.roles.get(
      memberKey(q.organizationId, q.userId),
      async () => (await this.store.get<MemberDoc>(MEMBERS, memberId(q.organizationId, q.userId)))?.role ?? null,
      tagged(q.organizationId),
    );
  }
}

/** An organization as the caller sees it; 404 when the caller is not a member (existence does not leak). */
export class GetOrganizationQuery extends Query<OrganizationView> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetOrganizationQuery)
export class GetOrganizationHandler implements IQueryHandler<GetOrganizationQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: OrgAccess,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetOrganizationQuery): Promise<OrganizationView> {
    const [org, caller] = await Promise.all([this.store.get<OrganizationDoc>(ORGANIZATIONS, q.organizationId), this.access.caller(q.organizationId, q.userId)]);
    if (!org || !caller.member) throw new OrganizationNotFound(q.organizationId);
    return toOrganizationView(org, caller, this.urls);
  }
}

/** Organizations the caller belongs to, in the order they joined. */
export class ListOrganizationsQuery extends Query<ListResponse<OrganizationView>> {
  constructor(
    readonly userId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListOrganizationsQuery)
export class ListOrganizationsHandler implements IQueryHandler<ListOrganizationsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: OrgAccess,
    private readonly urls: Urls,
  ) {}
  async execute(q: ListOrganizationsQuery): Promise<ListResponse<OrganizationView>> {
    return paginate<MemberDoc, OrganizationView>(this.store, MEMBERS, { userId: q.userId }, [['seq', 1]], q.page, async (m) => {
      const [org, caller] = await Promise.all([
        this.store.get<OrganizationDoc>(ORGANIZATIONS, m.organizationId),
        this.access.caller(m.organizationId, q.userId),
      ]);
      return toOrganizationView(org!, caller, this.urls);
    });
  }
}

/** The organization's merge rules (what a space with `{type: inherit}` follows). */
export class GetOrganizationMergeRulesQuery extends Query<OrganizationDoc['mergeRules'] | null> {
  constructor(readonly organizationId: string) {
    super();
  }
}

@QueryHandler(GetOrganizationMergeRulesQuery)
export class GetOrganizationMergeRulesHandler implements IQueryHandler<GetOrganizationMergeRulesQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute(q: GetOrganizationMergeRulesQuery) {
    const o = await this.store.get<OrganizationDoc>(ORGANIZATIONS, q.organizationId);
    return o ? (o.mergeRules ?? { type: 'none' as const }) : null;
  }
}
