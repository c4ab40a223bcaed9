import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Forbidden, Principal } from '@app/platform';
import { GetOrganizationQuery } from '@app/organizations';

/**
 * The one door to an organization's conversations. Outsiders get 404 from the organization
 * (existence does not leak). Conversations are what customers wrote to support: members with a
 * role read them (guests do not: the organization flag `listMembers` marks exactly them);
 * ingesting and muting need the organization flag `ingestConversations` (edit role or higher).
 */
@Injectable()
export class ConversationAccess {
  constructor(private readonly queries: QueryBus) {}

  async requireRead(caller: Principal, organizationId: string): Promise<void> {
    const org = await this.queries.execute(new GetOrganizationQuery(organizationId, caller.userId));
    if (!org.permissions.view || !org.permissions.listMembers)
      throw new Forbidden('Reading conversations needs a role in the organization; guests do not have it');
  }

  async requireIngest(caller: Principal, organizationId: string): Promise<void> {
    const org = await this.queries.execute(new GetOrganizationQuery(organizationId, caller.userId));
    if (!org.permissions.ingestConversations)
      throw new Forbidden(
        'Ingesting conversations and muting clusters needs the organization permission "ingestConversations" (members with the edit role or higher)',
      );
  }
}
