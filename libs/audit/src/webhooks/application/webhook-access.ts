import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Forbidden } from '@app/platform';
import { GetOrganizationQuery } from '@app/organizations';

/** Who may manage an organization's webhooks: its admins (other members 403, everyone else 404). */
@Injectable()
export class WebhookAccess {
  constructor(private readonly queries: QueryBus) {}

  async requireAdmin(organizationId: string, userId: string): Promise<void> {
    const org = await this.queries.execute(new GetOrganizationQuery(organizationId, userId));
    if (!org.permissions.admin) throw new Forbidden('Managing webhooks needs the organization permission "admin" (organization admins)');
  }
}
