import { Injectable } from '@nestjs/common';
import { AsOfEvents, AsOfPoint, fold, foldProjection, MemoryReadStore, RecordedEvent, Role } from '@app/platform';
import { userStream } from '@app/identity';
import { presenceStream } from '../../domain/member-presence';
import { OrganizationEvent, OrganizationState, organizationStream } from '../../domain/organization';
import { organization } from '../../domain/organization.decider';
import { organizationsProjection } from '../queries/organizations.projection';

/** What the organization was at a point, as its decider folds it (for the access model of spaces). */
export interface OrganizationFacts {
  members: Record<string, Role | null>;
  defaultRole: Role | null;
  teams: OrganizationState['teams'];
}

const userIdsOf = (events: RecordedEvent[]) => [
  ...new Set(events.map((e) => (e.data as { userId?: unknown }).userId).filter((u): u is string => typeof u === 'string')),
];

/**
 * An organization as it was at a point: its stream folded up to the point with the decider's
 * evolve (facts) or with the organizations projection's apply (the read models the queries read),
 * so the past is answered by the same code as the present.
 */
@Injectable()
export class OrganizationAsOf {
  constructor(private readonly events: AsOfEvents) {}

  /** The read models of the organization then; null when it did not exist. `people`: also its members' profiles and last-seen times. */
  async readModels(organizationId: string, point: AsOfPoint, people = false): Promise<MemoryReadStore | null> {
    const own = await this.events.stream(organizationStream(organizationId), point);
    if (!own.some((e) => e.type === 'OrganizationCreated')) return null;
    if (!people) return this.events.foldStream(organizationsProjection, organizationStream(organizationId), point);
    // A member's search text is made from their profile when they join: profiles come first, in commit order.
    const users = userIdsOf(own);
    const more = await this.events.streams(
      users.flatMap((u) => [userStream(u), presenceStream(organizationId, u)]),
      point,
    );
    return foldProjection(
      organizationsProjection,
      [...own, ...more].sort((a, b) => a.position - b.position),
    );
  }

  async facts(organizationId: string, point: AsOfPoint): Promise<OrganizationFacts | null> {
    const own = await this.events.stream(organizationStream(organizationId), point);
    const s = fold(organization, own as unknown as OrganizationEvent[]);
    return s.exists ? { members: s.members, defaultRole: s.defaultRole, teams: s.teams } : null;
  }
}
