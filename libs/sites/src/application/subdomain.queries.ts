import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { BadRequest, NotFound, Principal, ReadStore } from '@app/platform';
import { GetMemberRoleQuery } from '@app/organizations';
import { SUBDOMAINS, SubdomainDoc } from './subdomain.projection';

/** Reference Subdomain pattern (3 to 32 characters). */
export const SUBDOMAIN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;

export interface SubdomainView {
  object: 'subdomain';
  subdomain: string;
  target: { type: 'organization'; organization: string };
  isActive: boolean;
}

/** getSubdomain: members of the organization it leads to see it; for anyone else it does not exist. */
export class GetSubdomainQuery extends Query<SubdomainView> {
  constructor(
    readonly caller: Principal,
    readonly subdomain: string,
  ) {
    super();
  }
}

@QueryHandler(GetSubdomainQuery)
export class GetSubdomainHandler implements IQueryHandler<GetSubdomainQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly queries: QueryBus,
  ) {}
  async execute({ caller, subdomain }: GetSubdomainQuery): Promise<SubdomainView> {
    if (!SUBDOMAIN.test(subdomain)) throw new BadRequest('subdomain: 3 to 32 lower-case letters, digits and inner dashes');
    const doc = await this.store.get<SubdomainDoc>(SUBDOMAINS, subdomain);
    const role = doc ? await this.queries.execute(new GetMemberRoleQuery(doc.organizationId, caller.userId)) : null;
    if (!doc || !role) throw new NotFound(`subdomain: no subdomain ${subdomain}`);
    // A subdomain in the read model is held by its organization, which is what serving needs.
    return { object: 'subdomain', subdomain: doc.id, target: { type: 'organization', organization: doc.organizationId }, isActive: true };
  }
}
