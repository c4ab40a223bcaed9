import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Forbidden, NotFound } from '@app/platform';
import { GetOrganizationQuery, GetTeamsInOrganizationQuery } from '@app/organizations';

/** Who may manage an organization's SAML providers: its admins (others 403, outsiders 404). */
@Injectable()
export class SsoAccess {
  constructor(private readonly queries: QueryBus) {}

  async requireAdmin(organizationId: string, userId: string): Promise<void> {
    const org = await this.queries.execute(new GetOrganizationQuery(organizationId, userId));
    if (!org.permissions.admin) throw new Forbidden('Managing SAML providers needs the organization permission "admin" (organization admins)');
  }

  /** A default team must be a team of the organization (404 naming the field otherwise). */
  async requireTeam(organizationId: string, teamId: string | null | undefined): Promise<void> {
    if (!teamId) return;
    const [team] = await this.queries.execute(new GetTeamsInOrganizationQuery(organizationId, [teamId]));
    if (!team) throw new NotFound(`defaultTeam: no team with id ${teamId} in organization ${organizationId}`);
  }
}
