import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Clock, ListResponse, NotFound, PageCursor, PageQuery, pageLimit, Principal, slicePage } from '@app/platform';
import { GetMemberRoleQuery } from '@app/organizations';
import { IsOrganizationSiteQuery } from '@app/organizations/contracts';
import { AggregationRequest, planAggregation } from '../domain/aggregation-plan';
import { AggregationResult, toColumns } from '../domain/aggregation-result';
import type { InsightsEvent } from '../domain/insights-event';
import { toInsightsRecord } from '../domain/record-event';
import { toSegment, VisitorSegment } from '../domain/visitor-segments';
import { AnalyticsStore } from './analytics-store.port';

const siteNotFound = (siteId: string) => new NotFound(`No site with id ${siteId}`);

/**
 * The three insights operations. Tracking is open to anyone (visitors are not members; the
 * reference's operation takes no token) but only for a site that exists; reading the figures
 * is for members of the site's organization (404 for anyone else: existence does not leak).
 */
@Injectable()
export class SiteInsights {
  constructor(
    private readonly store: AnalyticsStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  /** Appends validated events of a site; `requestIp` stands in for a missing `session.ip` (both are stored truncated). */
  async track(organizationId: string, siteId: string, events: InsightsEvent[], requestIp: string | null): Promise<void> {
    await this.requireSite(organizationId, siteId);
    const now = this.clock.now();
    const records = events.map((e, i) => toInsightsRecord(e, { organizationId, siteId, now, requestIp, field: `events[${i}]` }));
    await this.store.append(records);
  }

  async aggregate(caller: Principal, organizationId: string, siteId: string, request: AggregationRequest): Promise<AggregationResult> {
    await this.requireMember(caller, organizationId, siteId);
    const plan = planAggregation(request, this.clock.now());
    return toColumns(request, await this.store.aggregate(siteId, plan));
  }

  /** Segments by claims (their canonical JSON, so pages never skip or repeat one while events arrive). */
  async segments(caller: Principal, organizationId: string, siteId: string, query: PageQuery): Promise<ListResponse<VisitorSegment>> {
    await this.requireMember(caller, organizationId, siteId);
    const cursor = new PageCursor('insights.visitor-segments', { siteId }, ['string'] as const);
    const after = query.page ? cursor.decode(query.page)[0] : null;
    const limit = pageLimit(query);
    const { rows, count } = await this.store.segments(siteId, after, limit === 0 ? 0 : limit + 1);
    const page = slicePage(rows, limit, (last) => cursor.encode([last.claims]));
    return { items: page.items.map(toSegment), count, ...(page.next ? { next: page.next } : {}) };
  }

  private async requireSite(organizationId: string, siteId: string): Promise<void> {
    if (!(await this.queries.execute(new IsOrganizationSiteQuery(organizationId, siteId)))) throw siteNotFound(siteId);
  }

  private async requireMember(caller: Principal, organizationId: string, siteId: string): Promise<void> {
    const role = await this.queries.execute(new GetMemberRoleQuery(organizationId, caller.userId));
    if (!role) throw siteNotFound(siteId);
    await this.requireSite(organizationId, siteId);
  }
}
