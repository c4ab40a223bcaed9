import { projectionOf } from '@app/platform/testing/projection-spec';
import { AuditEventSource, PositionedAuditEvent } from '../../ports';
import { DELIVERIES, deliveryIdOf, ENDPOINTS, webhookDispatcher } from './webhook-dispatcher.projection';

const AT = '2026-01-01T00:00:00.000Z';
const audit = (id: string, action: string, org: string, target = 's1'): PositionedAuditEvent => ({
  position: 0,
  organizationId: org,
  event: {
    object: 'audit-event',
    id,
    occurredAt: AT,
    action,
    actor: { type: 'user', id: 'ada' },
    source: 'api',
    target: { type: 'space', id: target },
    urls: { location: `/audit-events/${id}` },
  },
});

/** The audit log, faked: events by id, each in its organization. */
class FakeSource extends AuditEventSource {
  constructor(private readonly events: PositionedAuditEvent[]) {
    super();
  }
  after = async () => [];
  get = async (org: string, id: string) => this.events.find((e) => e.event.id === id && e.organizationId === org) ?? null;
  appliedPosition = async () => 0;
}

const created = (webhookId: string, organizationId: string, events: string[], active = true) => ({
  type: 'WebhookCreated',
  data: { webhookId, organizationId, url: 'https://h.example/', events, description: null, active, sealedSecret: 'v1.x', createdAt: AT, createdBy: 'ada' },
});
const domain = (id: string) => ({ id, type: 'SpaceCreated', data: {} });
const attempted = (webhookId: string, deliveryId: string, outcome: string, error: string | null = 'answered 500') => ({
  type: 'WebhookDeliveryAttempted',
  data: {
    organizationId: 'o1',
    attempts: [{ webhookId, deliveryId, attempt: { at: AT, statusCode: error ? 500 : 200, durationMs: 3, error }, outcome, nextAttemptAt: null }],
  },
});

describe('webhook dispatcher', () => {
  const source = new FakeSource([audit('e1', 'space.created', 'o1'), audit('e2', 'space.created', 'o2'), audit('e3', 'change-request.merged', 'o1')]);
  const def = webhookDispatcher({ source, auditedEventTypes: ['SpaceCreated'], disableAfterFailures: 2 });

  it('records one pending delivery per matching active endpoint of the event’s organization, none for others', async () => {
    const docs = await projectionOf(def, [
      created('w1', 'o1', ['space.*']),
      created('w2', 'o1', ['change-request.merged']),
      created('w3', 'o2', ['*'], false),
      domain('e1'),
      domain('e2'),
      domain('e3'),
    ]);
    expect(docs[DELIVERIES].map((d) => [d.webhookId, d.eventId, d.type, d.status, d.target])).toEqual(
      expect.arrayContaining([
        ['w1', 'e1', 'space.created', 'pending', 'space:s1'],
        ['w2', 'e3', 'change-request.merged', 'pending', 'space:s1'],
      ]),
    );
    expect(docs[DELIVERIES]).toHaveLength(2);
    expect(docs[DELIVERIES].find((d) => d.eventId === 'e1')!.id).toBe(deliveryIdOf('e1', 'w1'));
  });

  it('folds attempts; failed deliveries in a row mark the endpoint for disabling; a success resets the count', async () => {
    const d1 = deliveryIdOf('e1', 'w1');
    const d3 = deliveryIdOf('e3', 'w1');
    const docs = await projectionOf(def, [
      created('w1', 'o1', ['*']),
      domain('e1'),
      domain('e3'),
      attempted('w1', d1, 'retrying'),
      attempted('w1', d1, 'failed'),
      attempted('w1', d3, 'failed'),
    ]);
    const byId = Object.fromEntries(docs[DELIVERIES].map((d) => [d.id, d]));
    expect(byId[d1]).toMatchObject({
      status: 'failed',
      attempts: [expect.objectContaining({ statusCode: 500 }), expect.objectContaining({ statusCode: 500 })],
    });
    expect(docs[ENDPOINTS][0]).toMatchObject({ consecutiveFailures: 2, disableDue: '2 deliveries in a row failed; the last: answered 500' });
    const reset = await projectionOf(def, [
      created('w1', 'o1', ['*']),
      domain('e1'),
      domain('e3'),
      attempted('w1', d1, 'failed'),
      attempted('w1', d3, 'delivered', null),
    ]);
    expect(reset[ENDPOINTS][0]).toMatchObject({ consecutiveFailures: 0, disableDue: null });
  });

  it('a disabled endpoint keeps collecting (it resumes when enabled); one deactivated by its admin does not', async () => {
    const disabled = { type: 'WebhookDisabled', data: { webhookId: 'w1', organizationId: 'o1', reason: 'r', disabledAt: AT } };
    const off = { type: 'WebhookUpdated', data: { webhookId: 'w2', organizationId: 'o1', changes: { active: false }, updatedAt: AT } };
    const docs = await projectionOf(def, [created('w1', 'o1', ['*']), created('w2', 'o1', ['*']), disabled, off, domain('e1')]);
    expect(docs[DELIVERIES].map((d) => d.webhookId)).toEqual(['w1']);
  });

  it('a redelivery makes a delivery pending again, its retries starting over', async () => {
    const d1 = deliveryIdOf('e1', 'w1');
    const redeliver = { type: 'WebhookRedeliveryRequested', data: { webhookId: 'w1', organizationId: 'o1', deliveryId: d1, requestedAt: AT } };
    const docs = await projectionOf(def, [created('w1', 'o1', ['space.*']), domain('e1'), attempted('w1', d1, 'failed'), redeliver]);
    expect(docs[DELIVERIES][0]).toMatchObject({ status: 'pending', nextAttemptAt: 0, retryFrom: 1 });
  });
});
