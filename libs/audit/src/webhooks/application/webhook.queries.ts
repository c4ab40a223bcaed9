import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, PageQuery, paginate, ReadStore, Urls } from '@app/platform';
import { WebhookNotFound } from '../domain/webhook';
import { WEBHOOKS, WebhookDoc } from './webhooks.projection';
import { WebhookAccess } from './webhook-access';

/** An endpoint as the API shows it: never its secret. */
export interface WebhookView {
  object: 'webhook';
  id: string;
  url: string;
  events: string[];
  description?: string;
  active: boolean;
  /** Why the server disabled it (failed deliveries); gone once it is enabled again. */
  disabledReason?: string;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt?: string;
  urls: { location: string; deliveries: string };
}

export function toWebhookView(d: WebhookDoc, urls: Urls): WebhookView {
  const location = urls.api(`/orgs/${d.organizationId}/webhooks/${d.id}`);
  return {
    object: 'webhook',
    id: d.id,
    url: d.url,
    events: d.events,
    ...(d.description ? { description: d.description } : {}),
    active: d.active,
    ...(d.disabledReason ? { disabledReason: d.disabledReason } : {}),
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    ...(d.secretRotatedAt ? { secretRotatedAt: d.secretRotatedAt } : {}),
    urls: { location, deliveries: `${location}/deliveries` },
  };
}

export class ListWebhooksQuery extends Query<ListResponse<WebhookView>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListWebhooksQuery)
export class ListWebhooksHandler implements IQueryHandler<ListWebhooksQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: WebhookAccess,
    private readonly urls: Urls,
  ) {}
  async execute(q: ListWebhooksQuery): Promise<ListResponse<WebhookView>> {
    await this.access.requireAdmin(q.organizationId, q.callerId);
    return paginate<WebhookDoc, WebhookView>(this.store, WEBHOOKS, { organizationId: q.organizationId }, [['seq', 1]], q.page, (d) =>
      toWebhookView(d, this.urls),
    );
  }
}

export class GetWebhookQuery extends Query<WebhookView> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly webhookId: string,
  ) {
    super();
  }
}

@QueryHandler(GetWebhookQuery)
export class GetWebhookHandler implements IQueryHandler<GetWebhookQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: WebhookAccess,
    private readonly urls: Urls,
  ) {}
  async execute(q: GetWebhookQuery): Promise<WebhookView> {
    await this.access.requireAdmin(q.organizationId, q.callerId);
    const doc = await this.store.get<WebhookDoc>(WEBHOOKS, q.webhookId);
    if (!doc || doc.organizationId !== q.organizationId) throw new WebhookNotFound(q.webhookId);
    return toWebhookView(doc, this.urls);
  }
}
