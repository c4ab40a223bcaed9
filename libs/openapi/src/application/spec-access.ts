import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Forbidden, Principal } from '@app/platform';
import { GetOrganizationQuery } from '@app/organizations';

/** What the caller may do with the organization's specifications (the reference OpenAPISpec.permissions). */
export interface SpecPermissions {
  view: boolean;
  edit: boolean;
}

/**
 * The one door to an organization's specifications. Outsiders get 404 from the organization
 * (existence does not leak); every member may read them (the organization `view` flag, guests
 * included: specs feed the API blocks of the spaces they can see); changing them needs the
 * organization flag `createOpenAPISpec` (the create role or higher), else 403.
 */
@Injectable()
export class SpecAccess {
  constructor(private readonly queries: QueryBus) {}

  async permissions(caller: Principal, organizationId: string): Promise<SpecPermissions> {
    const org = await this.queries.execute(new GetOrganizationQuery(organizationId, caller.userId));
    return { view: org.permissions.view, edit: org.permissions.createOpenAPISpec };
  }

  async requireEdit(caller: Principal, organizationId: string): Promise<SpecPermissions> {
    const p = await this.permissions(caller, organizationId);
    if (!p.edit)
      throw new Forbidden(
        'Creating, changing or deleting OpenAPI specifications needs the organization permission "createOpenAPISpec" (members with the create role or higher)',
      );
    return p;
  }
}
