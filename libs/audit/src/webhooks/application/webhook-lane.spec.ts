import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { SqliteReadStore } from '@app/platform';
import { skipQuietHistory } from './webhook-lane';
import { DELIVERIES, DISPATCHER, ENDPOINTS, webhookDispatcher } from './webhook-dispatcher.projection';
import { WEBHOOKS, webhooksProjection } from './webhooks.projection';

/**
 * The webhook lane starts on demand. A dispatcher that never had an endpoint starts just before
 * the oldest endpoint's creation, instead of reading a history where there was nothing to send;
 * one that has endpoints or deliveries replays from its checkpoint as ever.
 */
describe('skipQuietHistory', () => {
  let dir: string;
  let deliveries: SqliteReadStore;
  let reads: SqliteReadStore;
  const collections = webhookDispatcher({ source: { get: async () => null } as never, auditedEventTypes: [], disableAfterFailures: 5 }).collections;
  const endpointAt = (id: string, seq: number) => ({ id, organizationId: 'org', url: 'https://example.com/h', events: ['*'], seq });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-lane-'));
    deliveries = new SqliteReadStore(path.join(dir, 'lane.sqlite'));
    reads = new SqliteReadStore(path.join(dir, 'main.sqlite'));
    await deliveries.defineProjection(DISPATCHER, collections);
    await reads.defineProjection(webhooksProjection.name, webhooksProjection.collections);
  });
  afterEach(async () => {
    await deliveries.close();
    await reads.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const putEndpoints = async (...docs: Array<ReturnType<typeof endpointAt>>) => {
    const at = await reads.checkpoint(webhooksProjection.name);
    const to = Math.max(...docs.map((d) => d.seq));
    expect(
      await reads.commit(
        webhooksProjection.name,
        at.generation,
        at.position,
        to,
        docs.map((doc) => ({ kind: 'put', collection: WEBHOOKS, doc })),
      ),
    ).toBe(true);
  };
  const dispatcherAt = async () => (await deliveries.checkpoint(DISPATCHER)).position;

  it('given no endpoint anywhere, when the lane starts, then the dispatcher stays where it was', async () => {
    expect(await skipQuietHistory(deliveries, reads)).toBe(0);
    expect(await dispatcherAt()).toBe(0);
  });

  it('given a dispatcher with nothing and endpoints created at 900_000 and 1_200, when the lane starts, then it starts just before the oldest', async () => {
    await putEndpoints(endpointAt('w1', 900_000), endpointAt('w2', 1_200));
    expect(await skipQuietHistory(deliveries, reads)).toBe(1_199);
    expect(await dispatcherAt()).toBe(1_199);
  });

  it('given a dispatcher already past the oldest endpoint, when the lane starts, then it never moves back', async () => {
    await putEndpoints(endpointAt('w1', 50));
    const at = await deliveries.checkpoint(DISPATCHER);
    expect(await deliveries.commit(DISPATCHER, at.generation, 0, 80, [])).toBe(true);
    expect(await skipQuietHistory(deliveries, reads)).toBe(80);
    expect(await dispatcherAt()).toBe(80);
  });

  it.each([
    ['an endpoint of its own', ENDPOINTS, { id: 'w0', organizationId: 'org' }],
    [
      'a delivery kept from a deleted endpoint',
      DELIVERIES,
      { id: 'msg_1', webhookId: 'w0', seq: 3, status: 'delivered', createdAt: '2026-01-01T00:00:00.000Z' },
    ],
  ])('given a dispatcher with %s, when the lane starts, then it replays from its checkpoint', async (_what, collection, doc) => {
    const at = await deliveries.checkpoint(DISPATCHER);
    expect(await deliveries.commit(DISPATCHER, at.generation, 0, 10, [{ kind: 'put', collection, doc }])).toBe(true);
    await putEndpoints(endpointAt('w1', 5_000));
    expect(await skipQuietHistory(deliveries, reads)).toBe(10);
    expect(await dispatcherAt()).toBe(10);
  });
});
