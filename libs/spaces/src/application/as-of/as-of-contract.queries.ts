import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MemoryReadStore } from '@app/platform';
import { CountMemberSpacesAsOfQuery, CountMemberSpacesQuery, CountTeamSpacesAsOfQuery, CountTeamSpacesQuery } from '@app/organizations/contracts';
import { CountMemberSpacesHandler, CountTeamSpacesHandler } from '../queries/organization-contract.queries';
import { SpacesAsOf } from './as-of-spaces';

/*
 * The spaces counts the organizations context shows on members and teams, as they were at a
 * point: every space's grants folded up to it (a scan of the spaces' streams: time travel on a
 * members or teams listing is a rare question), counted by the very handlers of the present.
 */

@QueryHandler(CountMemberSpacesAsOfQuery)
export class CountMemberSpacesAsOfHandler implements IQueryHandler<CountMemberSpacesAsOfQuery> {
  constructor(private readonly past: SpacesAsOf) {}
  async execute(q: CountMemberSpacesAsOfQuery): Promise<Map<string, number>> {
    const store = await this.past.withAllGrants(q.point, new MemoryReadStore());
    return new CountMemberSpacesHandler(store).execute(new CountMemberSpacesQuery(q.organizationId, q.userIds));
  }
}

@QueryHandler(CountTeamSpacesAsOfQuery)
export class CountTeamSpacesAsOfHandler implements IQueryHandler<CountTeamSpacesAsOfQuery> {
  constructor(private readonly past: SpacesAsOf) {}
  async execute(q: CountTeamSpacesAsOfQuery): Promise<Map<string, number>> {
    const store = await this.past.withAllGrants(q.point, new MemoryReadStore());
    return new CountTeamSpacesHandler(store).execute(new CountTeamSpacesQuery(q.teamIds));
  }
}
