import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Forbidden, NotFound } from '@app/platform';
import { ListUserMembershipsQuery } from '@app/organizations';
import { GetSpaceAccessQuery } from '@app/spaces';

/**
 * Who may read the audit log: organization admins (other members, guests too, 403; everyone
 * else 404, so existence does not leak), and for a space's history its admins.
 */
@Injectable()
export class AuditAccess {
  constructor(private readonly queries: QueryBus) {}

  async requireOrganizationAdmin(organizationId: string, userId: string): Promise<void> {
    const memberships = await this.queries.execute(new ListUserMembershipsQuery(userId));
    const m = memberships.find((x) => x.organizationId === organizationId);
    if (!m) throw new NotFound(`No organization with id ${organizationId}`);
    if (m.role !== 'admin')
      throw new Forbidden(`Reading the audit log of organization ${organizationId} needs the organization admin role (yours: ${m.role ?? 'guest'})`);
  }

  /** The space's organization, once the caller is known to administer the space. */
  async requireSpaceAdmin(spaceId: string, userId: string): Promise<string> {
    const access = await this.queries.execute(new GetSpaceAccessQuery(spaceId, userId));
    if (!access?.role) throw new NotFound(`No space with id ${spaceId}`);
    if (!access.permissions.admin) throw new Forbidden(`Reading the history of space ${spaceId} needs the space admin permission (yours: ${access.role})`);
    return access.organizationId;
  }
}
