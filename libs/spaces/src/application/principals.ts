import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { NotFound } from '@app/platform';
import { GetUsersQuery } from '@app/identity';
import { GetTeamsInOrganizationQuery } from '@app/organizations';

/**
 * Who may be granted a role on an item of an organization: known users (of any organization:
 * guests too) and teams of that organization. 404 names the first unknown ones.
 */
@Injectable()
export class Principals {
  constructor(private readonly queries: QueryBus) {}

  async assertKnown(organizationId: string, users: readonly string[], teams: readonly string[]): Promise<void> {
    if (users.length) {
      const known = await this.queries.execute(new GetUsersQuery([...users]));
      const missing = users.filter((u) => !known.has(u));
      if (missing.length) throw new NotFound(`No user with id ${missing.join(', ')}`);
    }
    if (teams.length) {
      const known = new Set((await this.queries.execute(new GetTeamsInOrganizationQuery(organizationId, [...teams]))).map((t) => t.id));
      const missing = teams.filter((t) => !known.has(t));
      if (missing.length) throw new NotFound(`No team with id ${missing.join(', ')} in organization ${organizationId}`);
    }
  }
}
