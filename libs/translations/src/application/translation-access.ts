import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Forbidden, Principal } from '@app/platform';
import { GetOrganizationQuery } from '@app/organizations';

/** What the caller may do with the organization's translations (the reference Translation.permissions). */
export interface TranslationPermissions {
  view: boolean;
  edit: boolean;
}

/**
 * The one door to an organization's translations and glossary. Outsiders get 404 from the
 * organization (existence does not leak); members see them; creating, changing, running and
 * deleting translations and editing the glossary is for organization admins (a run creates a
 * space and merges content as the admin who asked for it), else 403.
 */
@Injectable()
export class TranslationAccess {
  constructor(private readonly queries: QueryBus) {}

  async permissions(caller: Principal, organizationId: string): Promise<TranslationPermissions> {
    const org = await this.queries.execute(new GetOrganizationQuery(organizationId, caller.userId));
    return { view: org.permissions.view, edit: org.permissions.admin };
  }

  async requireEdit(caller: Principal, organizationId: string, what: string): Promise<TranslationPermissions> {
    const p = await this.permissions(caller, organizationId);
    if (!p.edit) throw new Forbidden(`${what} needs the organization permission "admin" (organization admins)`);
    return p;
  }
}
