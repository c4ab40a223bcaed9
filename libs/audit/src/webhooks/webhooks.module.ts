import { Injectable, Module, OnModuleInit } from '@nestjs/common';
import { AsOfReaders, EventStore, PlatformConfig, ProjectionEngine, Urls } from '@app/platform';
import { AuditEventSource } from '../ports';
import { AUDIT_ACTIONS } from '../audit-action.registry';
import { AuditLogModule } from '../log/audit-log.module';
import { webhookAsOf } from './application/webhook-as-of.reader';
import { WebhookAccess } from './application/webhook-access';
import { ListWebhookDeliveriesHandler, RedeliverHandler } from './application/webhook-deliveries';
import { WebhookDeliveryWorker } from './application/webhook-delivery.worker';
import { webhookDispatcher } from './application/webhook-dispatcher.projection';
import { WebhookPayloads } from './application/webhook-payloads';
import { ChangeWebhookHandler, CreateWebhookHandler } from './application/webhook.commands';
import { GetWebhookHandler, ListWebhooksHandler } from './application/webhook.queries';
import { webhooksProjection } from './application/webhooks.projection';
import { WebhooksController } from './http/webhooks.controller';

/** Registers the webhooks' projections (the list, the dispatcher) and their as-of reader. */
@Injectable()
export class WebhooksRegistration implements OnModuleInit {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly source: AuditEventSource,
    private readonly worker: WebhookDeliveryWorker,
    private readonly config: PlatformConfig,
    private readonly asOf: AsOfReaders,
    private readonly events: EventStore,
    private readonly urls: Urls,
  ) {}

  onModuleInit(): void {
    this.engine.registerProjection(webhooksProjection);
    this.engine.registerProjection(
      webhookDispatcher({
        source: this.source,
        // The audit log's vocabulary: the dispatcher handles exactly the events it maps.
        auditedEventTypes: AUDIT_ACTIONS.eventTypes(),
        disableAfterFailures: this.config.webhookDisableAfterFailures,
        recorded: (webhookId, position) => this.worker.nudge(webhookId, position),
      }),
    );
    this.asOf.register('webhook', webhookAsOf(this.events, this.urls));
  }
}

/** Signed webhooks: endpoints, the dispatcher on the global stream and the delivery worker. */
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
    WebhooksRegistration,
  ],
})
export class WebhooksModule {}
