import { Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { LaneDemand, Metrics } from '@app/platform';
import type { DeliveryStatus } from '../domain/webhook-delivery';
import { DeliveryStore, WEBHOOK_LANE } from './delivery-store';
import { DELIVERIES, DISPATCHER, ENDPOINTS } from './webhook-dispatch.read-models';

const STATUSES: DeliveryStatus[] = ['pending', 'delivered', 'failed'];

/**
 * The webhooks' gauges, read from the dispatcher's read models at scrape time (the deliveries
 * are sent in the webhook lane, possibly another thread: its memory is not this one's). The
 * dispatcher runs on an engine of its own, so its checkpoint joins the projection lag gauges
 * once the lane is wanted (before the first endpoint its checkpoint does not move, by design).
 */
@Injectable()
export class WebhookMetrics implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly metrics: Metrics,
    private readonly deliveries: DeliveryStore,
    private readonly demand: LaneDemand,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge(
      'docs_api_webhook_deliveries',
      'Webhook deliveries of the last 30 days by status: pending (the backlog, awaiting a first try or a retry), delivered, failed (retries exhausted).',
      ['status'],
      () => Promise.all(STATUSES.map(async (status) => ({ labels: { status }, value: await this.deliveries.count(DELIVERIES, { status }) }))),
    );
    this.metrics.gauge(
      'docs_api_webhook_endpoints_disabled',
      'Webhook endpoints the server disabled after repeated failed deliveries (until someone enables them again).',
      [],
      async () => [{ value: await this.deliveries.count(ENDPOINTS, { disabledReason: { $exists: true } }) }],
    );
  }

  onApplicationBootstrap(): void {
    const track = () => this.metrics.trackProjection(DISPATCHER, async () => (await this.deliveries.checkpoint(DISPATCHER)).position);
    if (this.demand.isWanted(WEBHOOK_LANE)) track();
    else this.demand.onWanted((lane) => lane === WEBHOOK_LANE && track());
  }
}
