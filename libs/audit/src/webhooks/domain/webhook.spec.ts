import { BadRequest } from '@app/platform';
import { given } from '@app/platform/testing/given';
import { subscribes, webhook, WebhookCreated, WebhookEvent, WebhookNotFound } from './webhook';
import { retryDelayMs } from './webhook-delivery';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const AT = NOW.toISOString();
const ids = { webhookId: 'w1', organizationId: 'o1' };
const create = (fields: object) => ({
  type: 'CreateWebhook' as const,
  ...ids,
  actorId: 'ada',
  sealedSecret: 'v1.sealed',
  fields: { url: 'https://hooks.example/x', events: ['space.*'], ...fields },
});
const data: WebhookCreated = {
  ...ids,
  url: 'https://hooks.example/x',
  events: ['space.*'],
  description: null,
  active: true,
  sealedSecret: 'v1.sealed',
  createdAt: AT,
  createdBy: 'ada',
};
const created: WebhookEvent = { type: 'WebhookCreated', data };
const update = (changes: object, organizationId = 'o1') => ({ type: 'UpdateWebhook' as const, webhookId: 'w1', organizationId, changes });
const updated = (changes: object): WebhookEvent => ({ type: 'WebhookUpdated', data: { ...ids, changes, updatedAt: AT } });
const disabled: WebhookEvent = { type: 'WebhookDisabled', data: { ...ids, reason: '5 deliveries failed in a row', disabledAt: AT } };
const deleted: WebhookEvent = { type: 'WebhookDeleted', data: { ...ids, deletedAt: AT } };

describe('webhook decider', () => {
  it('creates once, active by default, events de-duplicated, description trimmed', () => {
    given(webhook)
      .whenCommand(create({ events: ['space.*', 'space.*', 'change-request.merged'], description: ' CI ' }), NOW)
      .then([{ type: 'WebhookCreated', data: { ...data, events: ['space.*', 'change-request.merged'], description: 'CI' } }]);
    given(webhook, created).whenCommand(create({}), NOW).thenNothing();
    given(webhook)
      .whenCommand(create({ active: false }), NOW)
      .then([{ type: 'WebhookCreated', data: { ...data, active: false } }]);
  });

  it('refuses a URL that is not http(s), no events, a malformed action pattern, a long description (400)', () => {
    for (const fields of [
      { url: 'ftp://x.example' },
      { url: 'nope' },
      { events: [] },
      { events: ['Space Created'] },
      { events: ['*.x'] },
      { description: 'x'.repeat(501) },
    ]) {
      given(webhook).whenCommand(create(fields), NOW).thenThrows(BadRequest);
      given(webhook, created).whenCommand(update(fields), NOW).thenThrows(BadRequest);
    }
  });

  it('updates only what changed; the same values are a no-op', () => {
    given(webhook, created)
      .whenCommand(update({ url: 'https://hooks.example/x', events: ['space.*'], description: 'd' }), NOW)
      .then([updated({ description: 'd' })]);
    given(webhook, created)
      .whenCommand(update({ active: true }), NOW)
      .thenNothing();
  });

  it('disabling keeps the reason; disabling again is a no-op; PATCH active true enables it and clears the reason', () => {
    given(webhook, created)
      .whenCommand({ type: 'DisableWebhook', ...ids, reason: '5 deliveries failed in a row' }, NOW)
      .then([disabled]);
    given(webhook, created, disabled)
      .whenCommand({ type: 'DisableWebhook', ...ids, reason: 'again' }, NOW)
      .thenNothing();
    const g = given(webhook, created, disabled, updated({ active: true }));
    expect(g.state.webhook).toMatchObject({ active: true, disabledReason: null });
  });

  it('rotation keeps the previous secret for the grace period', () => {
    given(webhook, created)
      .whenCommand({ type: 'RotateWebhookSecret', ...ids, sealedSecret: 'v1.new', graceMs: 3_600_000 }, NOW)
      .then([
        {
          type: 'WebhookSecretRotated',
          data: { ...ids, sealedSecret: 'v1.new', previousSealedSecret: 'v1.sealed', previousValidUntil: '2026-06-01T01:00:00.000Z', rotatedAt: AT },
        },
      ]);
  });

  it('pings a live webhook (an inactive one gets it once enabled)', () => {
    given(webhook, created, disabled)
      .whenCommand({ type: 'PingWebhook', ...ids, pingId: 'p1' }, NOW)
      .then([{ type: 'WebhookPinged', data: { ...ids, pingId: 'p1', pingedAt: AT } }]);
  });

  it('an unknown, deleted or other organization’s webhook is 404 to update, rotate, disable, ping', () => {
    const cmds = [
      update({ description: 'x' }, 'o2'),
      { type: 'RotateWebhookSecret' as const, webhookId: 'w1', organizationId: 'o2', sealedSecret: 's', graceMs: 0 },
      { type: 'DisableWebhook' as const, webhookId: 'w1', organizationId: 'o2', reason: 'r' },
      { type: 'PingWebhook' as const, webhookId: 'w1', organizationId: 'o2', pingId: 'p' },
    ];
    for (const c of cmds) given(webhook, created).whenCommand(c, NOW).thenThrows(WebhookNotFound);
    for (const c of cmds)
      given(webhook)
        .whenCommand({ ...c, organizationId: 'o1' }, NOW)
        .thenThrows(WebhookNotFound);
    given(webhook, created, deleted)
      .whenCommand(update({ description: 'x' }), NOW)
      .thenThrows(WebhookNotFound);
  });

  it('deletes once (205), then nothing (204); another organization’s is not deleted', () => {
    const del = (organizationId = 'o1') => ({ type: 'DeleteWebhook' as const, webhookId: 'w1', organizationId });
    given(webhook, created).whenCommand(del(), NOW).then([deleted]);
    given(webhook, created, deleted).whenCommand(del(), NOW).thenNothing();
    given(webhook, created).whenCommand(del('o2'), NOW).thenNothing();
    given(webhook).whenCommand(del(), NOW).thenNothing();
  });
});

describe('subscriptions and the retry schedule', () => {
  it('matches exact action ids and prefixes ending in *', () => {
    expect(subscribes(['space.created'], 'space.created')).toBe(true);
    expect(subscribes(['space.created'], 'space.deleted')).toBe(false);
    expect(subscribes(['space.*'], 'space.permission.updated')).toBe(true);
    expect(subscribes(['space.*'], 'spaces.x')).toBe(false);
    expect(subscribes(['change-request*'], 'change-request.merged')).toBe(true);
    expect(subscribes(['*'], 'organization.member.role.updated')).toBe(true);
  });

  it('follows the schedule with ±20% jitter, then gives up', () => {
    const schedule = [0, 5000, 300_000];
    expect(retryDelayMs(schedule, 1, () => 0.99)).toBe(0);
    expect(retryDelayMs(schedule, 2, () => 0)).toBe(4000);
    expect(retryDelayMs(schedule, 2, () => 1)).toBe(6000);
    expect(retryDelayMs(schedule, 3, () => 0.5)).toBe(300_000);
    expect(retryDelayMs(schedule, 4)).toBeNull();
  });
});
