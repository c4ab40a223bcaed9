import { Injectable } from '@nestjs/common';
import { BadRequest, ReadStore } from '@app/platform';
import { DefaultContent } from '../domain/organization';
import { contentId, ORG_CONTENT, OrgContentDoc } from './queries/read-models';

/**
 * PATCH defaultContent must point at live content of the same organization (reference: "invalid
 * default content space or collection" is a 400). Known content comes from integration events.
 */
@Injectable()
export class DefaultContentCheck {
  constructor(private readonly store: ReadStore) {}

  async assertExists(organizationId: string, dc: DefaultContent): Promise<void> {
    const refId = dc.type === 'site' ? dc.site : dc.type === 'space' ? dc.space : dc.collection;
    const doc = await this.store.get<OrgContentDoc>(ORG_CONTENT, contentId(dc.type, refId));
    if (!doc || doc.organizationId !== organizationId || doc.deleted === true) {
      throw new BadRequest(`defaultContent.${dc.type}: no ${dc.type} with id ${refId} in organization ${organizationId}`);
    }
  }
}
