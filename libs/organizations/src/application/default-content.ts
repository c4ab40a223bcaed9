import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { BadRequest } from '@app/platform';
import { IsOrganizationContentQuery, IsOrganizationSiteQuery } from '../contracts';
import { DefaultContent } from '../domain/organization';

/**
 * PATCH defaultContent must point at live content of the same organization (reference: "invalid
 * default content space or collection" is a 400). Each kind is asked of the context that keeps it
 * through a query this context declares in its contracts: spaces and collections of the spaces
 * context (IsOrganizationContentQuery), sites of the sites context (IsOrganizationSiteQuery).
 */
@Injectable()
export class DefaultContentCheck {
  constructor(private readonly queries: QueryBus) {}

  async assertExists(organizationId: string, dc: DefaultContent): Promise<void> {
    const refId = dc.type === 'site' ? dc.site : dc.type === 'space' ? dc.space : dc.collection;
    const live =
      dc.type === 'site'
        ? await this.queries.execute(new IsOrganizationSiteQuery(organizationId, refId))
        : await this.queries.execute(new IsOrganizationContentQuery(organizationId, dc.type, refId));
    if (!live) {
      throw new BadRequest(`defaultContent.${dc.type}: no ${dc.type} with id ${refId} in organization ${organizationId}`);
    }
  }
}
