import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ReadStore, Urls } from '@app/platform';
import { GetUserEmailQuery } from '@app/identity';
import { OrgAccess } from '../org-access';
import { OrganizationView, toOrganizationView } from './organization.view';
import { ORG_DOMAINS, OrgDomainDoc, ORGANIZATIONS, OrganizationDoc } from './read-models';

/**
 * Organizations that allow an email domain. To keep organizations from being enumerated by
 * guessing domains, the caller sees those matching their own verified email domain (the ones
 * they may join) and those they already belong to.
 */
export class GetOrganizationsForEmailDomainQuery extends Query<{ organizations: OrganizationView[] }> {
  constructor(
    readonly emailDomain: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetOrganizationsForEmailDomainQuery)
export class GetOrganizationsForEmailDomainHandler implements IQueryHandler<GetOrganizationsForEmailDomainQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: OrgAccess,
    private readonly queries: QueryBus,
    private readonly urls: Urls,
  ) {}

  async execute(q: GetOrganizationsForEmailDomainQuery): Promise<{ organizations: OrganizationView[] }> {
    const domain = q.emailDomain.trim().toLowerCase();
    const email = await this.queries.execute(new GetUserEmailQuery(q.userId));
    const ownDomain = email?.verified ? email.email.split('@').pop()!.toLowerCase() === domain : false;
    const organizations: OrganizationView[] = [];
    for (const d of await this.store.find<OrgDomainDoc>(ORG_DOMAINS, { domain }, { sort: [['seq', 1]] })) {
      const [org, caller] = await Promise.all([
        this.store.get<OrganizationDoc>(ORGANIZATIONS, d.organizationId),
        this.access.caller(d.organizationId, q.userId),
      ]);
      if (org && (ownDomain || caller.member)) organizations.push(toOrganizationView(org, caller, this.urls));
    }
    return { organizations };
  }
}
