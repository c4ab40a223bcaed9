import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@app/platform';
import { IsOrganizationSiteQuery } from '@app/organizations/contracts';
import { SiteDoc, SITES } from './sites.read-model';

/** Answers the organizations context (its default content may point at a site): a live site of that organization. */
@QueryHandler(IsOrganizationSiteQuery)
export class IsOrganizationSiteHandler implements IQueryHandler<IsOrganizationSiteQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute(q: IsOrganizationSiteQuery): Promise<boolean> {
    return (await this.store.get<SiteDoc>(SITES, q.siteId))?.organizationId === q.organizationId;
  }
}
