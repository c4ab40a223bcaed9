import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ReadStore, Role } from '@app/platform';
import { MEMBERS, MemberDoc, ORGANIZATIONS, OrganizationDoc } from './read-models';

export interface UserMembership {
  organizationId: string;
  role: Role | null;
  /** The user signs in through the organization's SSO provider. */
  sso: boolean;
  /** The organization enforces single sign-on for its members. */
  organizationSso: boolean;
}

/** Every organization the user belongs to (guests too), oldest membership first. */
export class ListUserMembershipsQuery extends Query<UserMembership[]> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(ListUserMembershipsQuery)
export class ListUserMembershipsHandler implements IQueryHandler<ListUserMembershipsQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute(q: ListUserMembershipsQuery): Promise<UserMembership[]> {
    const members = await this.store.find<MemberDoc>(MEMBERS, { userId: q.userId }, { sort: [['seq', 1]] });
    if (members.length === 0) return [];
    const orgs = await this.store.find<OrganizationDoc>(ORGANIZATIONS, { id: { $in: members.map((m) => m.organizationId) } });
    const enforced = new Set(orgs.filter((o) => o.sso === true).map((o) => o.id));
    return members.map((m) => ({ organizationId: m.organizationId, role: m.role, sso: m.sso, organizationSso: enforced.has(m.organizationId) }));
  }
}
