import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { AsOfPoint, Filter, ListResponse, MemoryReadStore, paginate, PageQuery, reroutedQueries, Urls } from '@app/platform';
import { CountMemberSpacesAsOfQuery, CountMemberSpacesQuery, CountTeamSpacesAsOfQuery, CountTeamSpacesQuery } from '../../contracts';
import { OrganizationNotFound } from '../../domain/organization';
import { OrgAccess } from '../org-access';
import { MemberFilters } from '../queries/member.queries';
import { MemberRenderer } from '../queries/member-renderer';
import { MemberView } from '../queries/member.view';
import { OrganizationView, toOrganizationView } from '../queries/organization.view';
import { MEMBERS, MemberDoc, ORGANIZATIONS, OrganizationDoc } from '../queries/read-models';
import { TeamView } from '../queries/team.view';
import { TeamViews } from '../queries/team-views';
import { OrganizationAsOf, OrganizationFacts } from './as-of-organization';

/*
 * Time travel: the organization, its members and its teams as a GET answered them at a point.
 * The caller must be a member now (and hold the listing's permission now); what they could do
 * then (the `permissions` objects) is computed as it was then.
 */

/** The spaces counts of members and teams as they were then (the spaces context answers them). */
export const countsAsOf = (bus: QueryBus, point: AsOfPoint) =>
  reroutedQueries(bus, (q) => {
    if (q instanceof CountMemberSpacesQuery) return bus.execute(new CountMemberSpacesAsOfQuery(q.organizationId, q.userIds, point));
    if (q instanceof CountTeamSpacesQuery) return bus.execute(new CountTeamSpacesAsOfQuery(q.teamIds, point));
    return undefined;
  });

export class GetOrganizationAsOfQuery extends Query<OrganizationView> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly point: AsOfPoint,
  ) {
    super();
  }
}

@QueryHandler(GetOrganizationAsOfQuery)
export class GetOrganizationAsOfHandler implements IQueryHandler<GetOrganizationAsOfQuery> {
  constructor(
    private readonly access: OrgAccess,
    private readonly past: OrganizationAsOf,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetOrganizationAsOfQuery): Promise<OrganizationView> {
    if (!(await this.access.caller(q.organizationId, q.userId)).member) throw new OrganizationNotFound(q.organizationId);
    const view = await organizationAsOf(this.past, this.urls, q.organizationId, q.point, q.userId);
    if (!view) throw new OrganizationNotFound(q.organizationId);
    return view;
  }
}

/** The organization then, with the permissions `userId` had then (none: an outsider's). */
export async function organizationAsOf(past: OrganizationAsOf, urls: Urls, organizationId: string, point: AsOfPoint, userId: string | null) {
  const store = await past.readModels(organizationId, point);
  const org = await store?.get<OrganizationDoc>(ORGANIZATIONS, organizationId);
  if (!store || !org) return null;
  return toOrganizationView(org, await new OrgAccess(store).caller(organizationId, userId ?? ''), urls);
}

export class ListMembersAsOfQuery extends Query<ListResponse<MemberView>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly filters: MemberFilters,
    readonly page: PageQuery,
    readonly point: AsOfPoint,
  ) {
    super();
  }
}

@QueryHandler(ListMembersAsOfQuery)
export class ListMembersAsOfHandler implements IQueryHandler<ListMembersAsOfQuery> {
  constructor(
    private readonly access: OrgAccess,
    private readonly past: OrganizationAsOf,
    private readonly queries: QueryBus,
    private readonly urls: Urls,
  ) {}
  async execute(q: ListMembersAsOfQuery): Promise<ListResponse<MemberView>> {
    await this.access.require(q.organizationId, q.callerId, 'listMembers', 'Listing members');
    const store = await this.past.readModels(q.organizationId, q.point, true);
    if (!store) throw new OrganizationNotFound(q.organizationId);
    // As ListMembersHandler filters and pages, on the read models of then.
    const filter: Filter = { organizationId: q.organizationId };
    if (q.filters.role) filter.role = q.filters.role === 'guest' ? null : q.filters.role;
    if (q.filters.search) filter.search = { $contains: q.filters.search };
    const page = await paginate<MemberDoc, MemberDoc>(store, MEMBERS, filter, [['seq', q.filters.order === 'asc' ? 1 : -1]], q.page, (d) => d);
    const renderer = new MemberRenderer(countsAsOf(this.queries, q.point), this.urls);
    return { ...page, items: await renderer.render(page.items) };
  }
}

export class GetTeamAsOfQuery extends Query<TeamView> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly teamId: string,
    readonly point: AsOfPoint,
  ) {
    super();
  }
}

@QueryHandler(GetTeamAsOfQuery)
export class GetTeamAsOfHandler implements IQueryHandler<GetTeamAsOfQuery> {
  constructor(
    private readonly access: OrgAccess,
    private readonly past: OrganizationAsOf,
    private readonly queries: QueryBus,
  ) {}
  async execute(q: GetTeamAsOfQuery): Promise<TeamView> {
    await this.access.require(q.organizationId, q.callerId, 'listTeams', 'Viewing teams');
    const store = (await this.past.readModels(q.organizationId, q.point)) ?? new MemoryReadStore();
    return teamAsOf(store, countsAsOf(this.queries, q.point), q.organizationId, q.teamId, q.callerId);
  }
}

/** The team in the read models of then (TeamNotFound when it did not exist), for `callerId` as they were then. */
export async function teamAsOf(store: MemoryReadStore, queries: QueryBus, organizationId: string, teamId: string, callerId: string | null) {
  const views = new TeamViews(store, queries);
  const team = await views.team(organizationId, teamId);
  const caller = await new OrgAccess(store).caller(organizationId, callerId ?? '');
  return (await views.render(organizationId, callerId ?? '', caller.role, [team]))[0];
}

/** What the organization was at a point, for the access model of the spaces context; null when it did not exist. */
export class OrganizationFactsAsOfQuery extends Query<OrganizationFacts | null> {
  constructor(
    readonly organizationId: string,
    readonly point: AsOfPoint,
  ) {
    super();
  }
}

@QueryHandler(OrganizationFactsAsOfQuery)
export class OrganizationFactsAsOfHandler implements IQueryHandler<OrganizationFactsAsOfQuery> {
  constructor(private readonly past: OrganizationAsOf) {}
  execute(q: OrganizationFactsAsOfQuery): Promise<OrganizationFacts | null> {
    return this.past.facts(q.organizationId, q.point);
  }
}

export const AS_OF_QUERY_HANDLERS = [GetOrganizationAsOfHandler, ListMembersAsOfHandler, GetTeamAsOfHandler, OrganizationFactsAsOfHandler];
