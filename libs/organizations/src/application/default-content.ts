import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { BadRequest, ReadStore } from '@app/platform';
import { IsOrganizationContentQuery } from '../contracts';
import { DefaultContent } from '../domain/organization';
import { contentId, ORG_CONTENT, OrgContentDoc } from './queries/read-models';

/**
 * PATCH defaultContent must point at live content of the same organization (reference: "invalid
 * default content space or collection" is a 400). Spaces and collections are asked of the spaces
 * context (IsOrganizationContentQuery, declared in this context's contracts); sites are known
 * from the organization-content projection until a sites context answers for them.
 */
@Injectable()
export class DefaultContentCheck {
  constructor(
    private readonly store: ReadStore,
    private readonly queries: QueryBus,
  ) {}

  async assertExists(organizationId: string, dc: DefaultContent): Promise<void> {
    const refId = dc.type === 'site' ? dc.site : dc.type === 'space' ? dc.space : dc.collection;
    const live =
      dc.type === 'site'
        ? (await this.store.get<OrgContentDoc>(ORG_CONTENT, contentId('site', refId)))?.organizationId === organizationId
        : await this.queries.execute(new IsOrganizationContentQuery(organizationId, dc.type, refId));
    if (!live) {
      throw new BadRequest(`defaultContent.${dc.type}: no ${dc.type} with id ${refId} in organization ${organizationId}`);
    }
  }
}
