import { BadRequest, Decider, DomainEvent, httpUrlProblem, NotFound } from '@app/platform';

/**
 * An organization's webhook endpoint: where audit events are POSTed, which ones (action ids or
 * prefixes ending in `*`), and its signing secret, kept only sealed (SealedSecrets) so the event
 * store never holds it in the clear. During a rotation the previous secret keeps signing too,
 * until `previousValidUntil`, so receivers can switch without losing a delivery.
 */
export interface WebhookFields {
  url: string;
  events: string[];
  description: string | null;
  active: boolean;
}

export interface WebhookCreated extends WebhookFields {
  webhookId: string;
  organizationId: string;
  sealedSecret: string;
  createdAt: string;
  createdBy: string;
}

type Ids = { webhookId: string; organizationId: string };

export type WebhookEvent =
  | DomainEvent<'WebhookCreated', WebhookCreated>
  | DomainEvent<'WebhookUpdated', Ids & { changes: Partial<WebhookFields>; updatedAt: string }>
  | DomainEvent<'WebhookSecretRotated', Ids & { sealedSecret: string; previousSealedSecret: string; previousValidUntil: string; rotatedAt: string }>
  | DomainEvent<'WebhookDisabled', Ids & { reason: string; disabledAt: string }>
  | DomainEvent<'WebhookPinged', Ids & { pingId: string; pingedAt: string }>
  | DomainEvent<'WebhookDeleted', Ids & { deletedAt: string }>;

export const WEBHOOK_EVENT_TYPES: ReadonlyArray<WebhookEvent['type']> = [
  'WebhookCreated',
  'WebhookUpdated',
  'WebhookSecretRotated',
  'WebhookDisabled',
  'WebhookPinged',
  'WebhookDeleted',
];

export type WebhookCommand =
  | ({ type: 'CreateWebhook'; actorId: string; sealedSecret: string; fields: Partial<WebhookFields> & { url: string; events: string[] } } & Ids)
  | ({ type: 'UpdateWebhook'; changes: Partial<WebhookFields> } & Ids)
  | ({ type: 'RotateWebhookSecret'; sealedSecret: string; graceMs: number } & Ids)
  | ({ type: 'DisableWebhook'; reason: string } & Ids)
  | ({ type: 'PingWebhook'; pingId: string } & Ids)
  | ({ type: 'DeleteWebhook' } & Ids);

export interface WebhookState {
  webhook: (WebhookCreated & { disabledReason: string | null; previousSealedSecret: string | null; previousValidUntil: string | null }) | null;
  deleted: boolean;
}

export const webhookStream = (id: string) => `audit.webhook-${id}`;
export const DESCRIPTION_MAX = 500;
export const EVENTS_MAX = 100;
/** An action id (`space.created`), a prefix ending in `*` (`space.*`, `change-request*`), or `*` for all. */
const SUBSCRIPTION = /^(\*|[a-z][a-z0-9-]*(\.[a-z0-9-]+)*(\.?\*)?)$/;

export class WebhookNotFound extends NotFound {
  constructor(id: string) {
    super(`webhookId: no webhook ${id} in this organization`);
  }
}

/** Whether an audit action is one the subscription patterns ask for. */
export const subscribes = (patterns: readonly string[], action: string): boolean =>
  patterns.some((p) => (p.endsWith('*') ? action.startsWith(p.slice(0, -1)) : p === action));

function checked(f: Partial<WebhookFields>): Partial<WebhookFields> {
  const out = { ...f };
  if (f.url !== undefined) {
    const problem = httpUrlProblem(f.url, 'url');
    if (problem) throw new BadRequest(problem);
  }
  if (f.events !== undefined) {
    if (!Array.isArray(f.events) || f.events.length < 1 || f.events.length > EVENTS_MAX)
      throw new BadRequest(`events: must list 1 to ${EVENTS_MAX} action ids`);
    const bad = f.events.findIndex((e) => typeof e !== 'string' || !SUBSCRIPTION.test(e));
    if (bad >= 0) throw new BadRequest(`events[${bad}]: must be an audit action id (space.created) or a prefix ending in * (space.*)`);
    out.events = [...new Set(f.events)];
  }
  if (f.description !== undefined && f.description !== null) {
    out.description = f.description.trim() || null;
    if (f.description.length > DESCRIPTION_MAX) throw new BadRequest(`description: at most ${DESCRIPTION_MAX} characters`);
  }
  return out;
}

/** The live webhook of this organization (another organization's is 404 too), else 404. */
export function liveWebhook(s: WebhookState, id: string, organizationId: string): NonNullable<WebhookState['webhook']> {
  if (!s.webhook || s.deleted || s.webhook.organizationId !== organizationId) throw new WebhookNotFound(id);
  return s.webhook;
}

const FIELDS: ReadonlyArray<keyof WebhookFields> = ['url', 'events', 'description', 'active'];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const webhook: Decider<WebhookState, WebhookCommand, WebhookEvent> = {
  initialState: { webhook: null, deleted: false },
  evolve(s, e) {
    switch (e.type) {
      case 'WebhookCreated':
        return { webhook: { ...e.data, disabledReason: null, previousSealedSecret: null, previousValidUntil: null }, deleted: false };
      case 'WebhookUpdated': {
        const reEnabled = e.data.changes.active === true;
        return { ...s, webhook: { ...s.webhook!, ...e.data.changes, ...(reEnabled ? { disabledReason: null } : {}) } };
      }
      case 'WebhookSecretRotated': {
        const { sealedSecret, previousSealedSecret, previousValidUntil } = e.data;
        return { ...s, webhook: { ...s.webhook!, sealedSecret, previousSealedSecret, previousValidUntil } };
      }
      case 'WebhookDisabled':
        return { ...s, webhook: { ...s.webhook!, active: false, disabledReason: e.data.reason } };
      case 'WebhookPinged':
        return s;
      case 'WebhookDeleted':
        return { ...s, deleted: true };
    }
  },
  decide(c, s, now) {
    const at = now.toISOString();
    const ids = { webhookId: c.webhookId, organizationId: c.organizationId };
    switch (c.type) {
      case 'CreateWebhook': {
        if (s.webhook) return [];
        const f = checked(c.fields);
        const data: WebhookCreated = {
          ...ids,
          url: f.url!,
          events: f.events!,
          description: f.description ?? null,
          active: f.active ?? true,
          sealedSecret: c.sealedSecret,
          createdAt: at,
          createdBy: c.actorId,
        };
        return [{ type: 'WebhookCreated', data }];
      }
      case 'UpdateWebhook': {
        const w = liveWebhook(s, c.webhookId, c.organizationId);
        const f = checked(c.changes);
        const changes = Object.fromEntries(FIELDS.filter((k) => f[k] !== undefined && !same(f[k], w[k])).map((k) => [k, f[k]])) as Partial<WebhookFields>;
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'WebhookUpdated', data: { ...ids, changes, updatedAt: at } }];
      }
      case 'RotateWebhookSecret': {
        const w = liveWebhook(s, c.webhookId, c.organizationId);
        const previousValidUntil = new Date(now.getTime() + Math.max(0, c.graceMs)).toISOString();
        return [
          {
            type: 'WebhookSecretRotated',
            data: { ...ids, sealedSecret: c.sealedSecret, previousSealedSecret: w.sealedSecret, previousValidUntil, rotatedAt: at },
          },
        ];
      }
      case 'DisableWebhook': {
        const w = liveWebhook(s, c.webhookId, c.organizationId);
        if (!w.active) return [];
        return [{ type: 'WebhookDisabled', data: { ...ids, reason: c.reason.slice(0, 1000), disabledAt: at } }];
      }
      case 'PingWebhook':
        liveWebhook(s, c.webhookId, c.organizationId);
        return [{ type: 'WebhookPinged', data: { ...ids, pingId: c.pingId, pingedAt: at } }];
      case 'DeleteWebhook':
        if (!s.webhook || s.deleted || s.webhook.organizationId !== c.organizationId) return [];
        return [{ type: 'WebhookDeleted', data: { ...ids, deletedAt: at } }];
    }
  },
};
