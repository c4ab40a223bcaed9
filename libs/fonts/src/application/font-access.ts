import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Forbidden, NotFound, Role } from '@app/platform';
import { GetMemberRoleQuery } from '@app/organizations';

/**
 * Custom fonts belong to the organization: members with a role see them, admins manage them
 * (they style every site of the organization). Guests and outsiders get 404: existence does not leak.
 */
@Injectable()
export class FontAccess {
  constructor(private readonly queries: QueryBus) {}

  async view(organizationId: string, userId: string): Promise<Role> {
    const role = await this.queries.execute(new GetMemberRoleQuery(organizationId, userId));
    if (!role) throw new NotFound(`No organization with id ${organizationId}`);
    return role;
  }

  async edit(organizationId: string, userId: string): Promise<void> {
    requireAdmin(await this.view(organizationId, userId));
  }

  /** For deletes: false for a caller who cannot see the organization (its fonts "did not exist"). */
  async canDelete(organizationId: string, userId: string): Promise<boolean> {
    const role = await this.queries.execute(new GetMemberRoleQuery(organizationId, userId));
    if (!role) return false;
    requireAdmin(role);
    return true;
  }
}

function requireAdmin(role: Role): void {
  if (role !== 'admin') throw new Forbidden(`Managing custom fonts needs the organization admin role (yours: ${role})`);
}
