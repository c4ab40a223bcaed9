import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Clock, EventSourcing, ListResponse, NotFound, PageQuery, paginate } from '@app/platform';
import { DeliveryAttempt, DeliveryStatus, webhookDeliveriesStream, WebhookDeliveryEvent } from '../domain/webhook-delivery';
import { DELIVERIES, DeliveryDoc } from './webhook-dispatcher.projection';
import { GetWebhookQuery } from './webhook.queries';
import { DeliveryStore } from './delivery-store';

/** One delivery as the list shows it (kept 30 days). */
export interface DeliveryView {
  object: 'webhook-delivery';
  id: string;
  eventId: string;
  type: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** When the next attempt is due, while pending. */
  nextAttemptAt?: string;
  createdAt: string;
}

const toView = (d: DeliveryDoc): DeliveryView => ({
  object: 'webhook-delivery',
  id: d.id,
  eventId: d.eventId,
  type: d.type,
  status: d.status,
  attempts: d.attempts,
  ...(d.status === 'pending' && d.nextAttemptAt > 0 ? { nextAttemptAt: new Date(d.nextAttemptAt).toISOString() } : {}),
  createdAt: d.createdAt,
});

/** A webhook's deliveries, newest first (admins; the webhook must be the organization's). */
export class ListWebhookDeliveriesQuery extends Query<ListResponse<DeliveryView>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly webhookId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListWebhookDeliveriesQuery)
export class ListWebhookDeliveriesHandler implements IQueryHandler<ListWebhookDeliveriesQuery> {
  constructor(
    private readonly store: DeliveryStore,
    private readonly queries: QueryBus,
  ) {}
  async execute(q: ListWebhookDeliveriesQuery): Promise<ListResponse<DeliveryView>> {
    await this.queries.execute(new GetWebhookQuery(q.organizationId, q.callerId, q.webhookId));
    return paginate<DeliveryDoc, DeliveryView>(this.store, DELIVERIES, { webhookId: q.webhookId }, [['seq', -1]], q.page, toView);
  }
}

/** Sends a delivery again (a failed one, or a delivered one the receiver lost): its retries start over. */
export class RedeliverCommand extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly webhookId: string,
    readonly deliveryId: string,
  ) {
    super();
  }
}

@CommandHandler(RedeliverCommand)
export class RedeliverHandler implements ICommandHandler<RedeliverCommand> {
  constructor(
    private readonly store: DeliveryStore,
    private readonly queries: QueryBus,
    private readonly es: EventSourcing,
    private readonly clock: Clock,
  ) {}
  async execute(c: RedeliverCommand): Promise<void> {
    await this.queries.execute(new GetWebhookQuery(c.organizationId, c.callerId, c.webhookId));
    const d = await this.store.get<DeliveryDoc>(DELIVERIES, c.deliveryId);
    if (!d || d.webhookId !== c.webhookId) throw new NotFound(`deliveryId: no delivery ${c.deliveryId} of webhook ${c.webhookId}`);
    const event: WebhookDeliveryEvent = {
      type: 'WebhookRedeliveryRequested',
      data: { webhookId: c.webhookId, organizationId: c.organizationId, deliveryId: c.deliveryId, requestedAt: this.clock.now().toISOString() },
    };
    await this.es.appendNew(webhookDeliveriesStream(c.organizationId), [event]);
  }
}
