import { Injectable, Module, OnModuleInit } from '@nestjs/common';
import { AsOfReaders, EventStore, LaneDemand, ProjectionEngine, Urls } from '@app/platform';
import { AuditLogModule } from '../log/audit-log.module';
import { deliveryStoreProvider, WEBHOOK_LANE } from './application/delivery-store';
import { webhookAsOf } from './application/webhook-as-of.reader';
import { WebhookAccess } from './application/webhook-access';
import { ListWebhookDeliveriesHandler, RedeliverHandler } from './application/webhook-deliveries';
import { WebhookDeliveryWorker } from './application/webhook-delivery.worker';
import { WebhookLane } from './application/webhook-lane';
import { WebhookMetrics } from './application/webhook-metrics';
import { WebhookPayloads } from './application/webhook-payloads';
import { ChangeWebhookHandler, CreateWebhookHandler } from './application/webhook.commands';
import { GetWebhookHandler, ListWebhooksHandler } from './application/webhook.queries';
import { webhooksProjection } from './application/webhooks.projection';
import { WebhooksController } from './http/webhooks.controller';

/** Registers the webhooks' list projection and their as-of reader (the dispatcher runs in the webhook lane). */
@Injectable()
export class WebhooksRegistration implements OnModuleInit {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly asOf: AsOfReaders,
    private readonly events: EventStore,
    private readonly urls: Urls,
    private readonly demand: LaneDemand,
  ) {}

  onModuleInit(): void {
    // The webhook lane (on demand) is wanted from the first endpoint's creation on.
    this.engine.registerProjection({
      ...webhooksProjection,
      apply: (event, ctx) => {
        if (event.type === 'WebhookCreated') this.demand.want(WEBHOOK_LANE);
        return webhooksProjection.apply(event, ctx);
      },
    });
    this.asOf.register('webhook', webhookAsOf(this.events, this.urls));
  }
}

/** Signed webhooks: endpoints, and the webhook lane (the dispatcher on the global stream and the delivery worker). */
@Module({
  imports: [AuditLogModule],
  controllers: [WebhooksController],
  providers: [
    WebhookAccess,
    CreateWebhookHandler,
    ChangeWebhookHandler,
    ListWebhooksHandler,
    GetWebhookHandler,
    ListWebhookDeliveriesHandler,
    RedeliverHandler,
    WebhookPayloads,
    WebhookDeliveryWorker,
    deliveryStoreProvider,
    WebhookLane,
    WebhookMetrics,
    WebhooksRegistration,
  ],
})
export class WebhooksModule {}
