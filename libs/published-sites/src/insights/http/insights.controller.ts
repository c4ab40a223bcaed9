import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Caller, PageQuery, Principal, Public } from '@app/platform';
import { SiteInsights } from '../application/site-insights.service';
import type { AggregationRequest } from '../domain/aggregation-plan';
import type { InsightsEvent } from '../domain/insights-event';
import { AggregateEventsBody, TrackEventsBody } from './insights.bodies';

/** Reference tag site-insights. */
@Controller('orgs/:organizationId/sites/:siteId/insights')
export class InsightsController {
  constructor(private readonly insights: SiteInsights) {}

  /** Visitors' browsers send these: no token, as in the reference (the site must exist). */
  @Public()
  @Post('events')
  @HttpCode(204)
  async track(
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: TrackEventsBody,
    @Req() req: Request,
  ): Promise<void> {
    await this.insights.track(organizationId, siteId, body.events as InsightsEvent[], req.ip ?? req.socket.remoteAddress ?? null);
  }

  @Post('events/aggregate')
  @HttpCode(200)
  aggregate(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: AggregateEventsBody) {
    return this.insights.aggregate(caller, organizationId, siteId, body as unknown as AggregationRequest);
  }

  @Get('visitor-segments')
  segments(@Caller() caller: Principal, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() query: PageQuery) {
    return this.insights.segments(caller, organizationId, siteId, query);
  }
}
