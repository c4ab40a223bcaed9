import { projectionOf } from '@app/platform/testing/projection-spec';
import { WEBHOOKS, webhooksProjection } from './webhooks.projection';

const AT = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-02T00:00:00.000Z';
const ids = (webhookId: string, organizationId = 'o1') => ({ webhookId, organizationId });
const created = (webhookId: string, organizationId = 'o1') => ({
  type: 'WebhookCreated',
  data: {
    ...ids(webhookId, organizationId),
    url: 'https://h.example/',
    events: ['*'],
    description: null,
    active: true,
    sealedSecret: 'v1.x',
    createdAt: AT,
    createdBy: 'ada',
  },
});

describe('webhooks projection', () => {
  it('one document per live endpoint, never its secret; disabling keeps the reason until it is enabled again', async () => {
    const docs = await projectionOf(webhooksProjection, [
      created('w1'),
      created('w2', 'o2'),
      created('w3'),
      { type: 'WebhookDisabled', data: { ...ids('w1'), reason: 'failing', disabledAt: LATER } },
      {
        type: 'WebhookSecretRotated',
        data: { ...ids('w2', 'o2'), sealedSecret: 'v1.y', previousSealedSecret: 'v1.x', previousValidUntil: LATER, rotatedAt: LATER },
      },
      { type: 'WebhookDeleted', data: { ...ids('w3'), deletedAt: LATER } },
    ]);
    const base = { url: 'https://h.example/', events: ['*'], description: null, createdAt: AT };
    expect(docs[WEBHOOKS]).toEqual([
      { id: 'w1', organizationId: 'o1', ...base, active: false, disabledReason: 'failing', updatedAt: LATER, secretRotatedAt: null, seq: 1 },
      { id: 'w2', organizationId: 'o2', ...base, active: true, disabledReason: null, updatedAt: LATER, secretRotatedAt: LATER, seq: 2 },
    ]);
    expect(JSON.stringify(docs)).not.toContain('v1.');
    const enabled = await projectionOf(webhooksProjection, [
      created('w1'),
      { type: 'WebhookDisabled', data: { ...ids('w1'), reason: 'failing', disabledAt: LATER } },
      { type: 'WebhookUpdated', data: { ...ids('w1'), changes: { active: true }, updatedAt: LATER } },
    ]);
    expect(enabled[WEBHOOKS][0]).toMatchObject({ active: true, disabledReason: null });
  });
});
