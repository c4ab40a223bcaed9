import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Doc, DomainEvent, ProjectionContext, ReadStore, RecordedEvent, Role } from '@app/platform';
import { GetTeamsInOrganizationQuery, ListTeamMemberIdsQuery } from '@app/organizations';
import { GRANTS } from './grants.read-model';
import { isOneOf } from './typed-events';
import { OrganizationEvents, type TeamCreatedPayload, type TeamDeletedPayload } from '@app/organizations/contracts';

/** The reference `OrganizationTeam`, as shown in the team permission listings. */
export interface TeamView {
  object: 'team';
  id: string;
  title: string;
  members: number;
  spaces: number;
  createdAt: string;
  permissions: { admin: boolean; view: boolean };
}

/**
 * When each team was created, from the organizations context's `TeamCreated` integration
 * event (matched by type string): its public queries give a team's id and title only.
 */
export const TEAM_REFS = 'spaces_team_refs';
type TeamRefEvent =
  DomainEvent<typeof OrganizationEvents.TeamCreated, TeamCreatedPayload> | DomainEvent<typeof OrganizationEvents.TeamDeleted, TeamDeletedPayload>;
export const TEAM_REF_EVENTS: ReadonlyArray<TeamRefEvent['type']> = [OrganizationEvents.TeamCreated, OrganizationEvents.TeamDeleted];
export const isTeamRefEvent = isOneOf<TeamRefEvent>(TEAM_REF_EVENTS);
export interface TeamRefDoc extends Doc {
  organizationId: string;
  createdAt: string;
}

export function applyTeamRefEvent(e: RecordedEvent & TeamRefEvent, ctx: ProjectionContext): void {
  if (e.type === OrganizationEvents.TeamCreated)
    ctx.put(TEAM_REFS, { id: e.data.teamId, organizationId: e.data.organizationId, createdAt: e.data.createdAt ?? '' } satisfies TeamRefDoc);
  else ctx.delete(TEAM_REFS, e.data.teamId);
}

@Injectable()
export class TeamViews {
  constructor(
    private readonly queries: QueryBus,
    private readonly store: ReadStore,
  ) {}

  /** Views of those of `teamIds` that are teams of the organization, for a caller with `callerRole` there. */
  async views(organizationId: string, teamIds: string[], callerRole: Role | null): Promise<Map<string, TeamView>> {
    if (!teamIds.length) return new Map();
    const teams = await this.queries.execute(new GetTeamsInOrganizationQuery(organizationId, teamIds));
    const refs = new Map((await this.store.find<TeamRefDoc>(TEAM_REFS, { id: { $in: teams.map((t) => t.id) } })).map((r) => [r.id, r]));
    const out = new Map<string, TeamView>();
    for (const t of teams) {
      const [members, spaces] = await Promise.all([
        this.queries.execute(new ListTeamMemberIdsQuery(organizationId, t.id)),
        this.store.count(GRANTS, { principalKind: 'team', principalId: t.id, targetKind: 'space' }),
      ]);
      out.set(t.id, {
        object: 'team',
        id: t.id,
        title: t.title,
        members: members.length,
        spaces,
        createdAt: refs.get(t.id)?.createdAt || new Date(0).toISOString(),
        permissions: { admin: callerRole === 'admin', view: callerRole !== null },
      });
    }
    return out;
  }
}
