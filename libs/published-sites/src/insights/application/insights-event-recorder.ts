import { Injectable } from '@nestjs/common';
import { BadRequest } from '@app/platform';
import { SiteEventRecorder, SiteInsightsEventInput } from '../../ports';
import type { InsightsEvent } from '../domain/insights-event';
import { eventsProblem } from './insights-validation';
import { SiteInsights } from './site-insights.service';

/**
 * The published site's own events (a `page_view` per rendered page): held to the same schema
 * as tracked events, stored the same way. The visitor's IP comes in `session.ip` (in full) and
 * is truncated here, like every other.
 */
@Injectable()
export class InsightsEventRecorder extends SiteEventRecorder {
  constructor(private readonly insights: SiteInsights) {
    super();
  }

  async record(organizationId: string, siteId: string, events: SiteInsightsEventInput[]): Promise<void> {
    const problem = eventsProblem(events, 'events');
    if (problem) throw new BadRequest(problem);
    await this.insights.track(organizationId, siteId, events as unknown as InsightsEvent[], null);
  }
}
