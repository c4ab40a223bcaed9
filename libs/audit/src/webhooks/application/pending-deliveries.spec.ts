import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { SqliteReadStore } from '@app/platform';
import { PendingDeliveries } from './pending-deliveries';
import { DELIVERIES, DeliveryDoc, DISPATCHER, webhookDispatcher } from './webhook-dispatcher.projection';

/**
 * The worker holds each endpoint's pending deliveries: it reads them once, then only what the
 * dispatcher committed after them, and reads from the start when older ones became pending again.
 */
describe('PendingDeliveries', () => {
  let dir: string;
  let store: SqliteReadStore;
  let finds: number;
  const collections = webhookDispatcher({ source: { get: async () => null } as never, auditedEventTypes: [], disableAfterFailures: 5 }).collections;
  const delivery = (seq: number, webhookId = 'w1', status: DeliveryDoc['status'] = 'pending'): DeliveryDoc => ({
    id: `d${seq}-${webhookId}`,
    webhookId,
    organizationId: 'org',
    eventId: `e${seq}`,
    seq,
    type: 'space.updated',
    target: `space:s${seq % 3}`,
    auditEvent: {} as DeliveryDoc['auditEvent'],
    status,
    attempts: [],
    nextAttemptAt: 0,
    createdAt: new Date(0).toISOString(),
  });
  /** The dispatcher commits deliveries with its checkpoint at `to`. */
  const commit = async (to: number, ...docs: DeliveryDoc[]) => {
    const at = await store.checkpoint(DISPATCHER);
    expect(
      await store.commit(
        DISPATCHER,
        at.generation,
        at.position,
        to,
        docs.map((doc) => ({ kind: 'put' as const, collection: DELIVERIES, doc })),
      ),
    ).toBe(true);
  };
  const ids = (docs: readonly DeliveryDoc[]) => docs.map((d) => d.id);

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pending-deliveries-'));
    store = new SqliteReadStore(path.join(dir, 'lane.sqlite'));
    await store.defineProjection(DISPATCHER, collections);
    finds = 0;
    const find = store.find.bind(store);
    store.find = (...args: Parameters<typeof find>) => {
      finds++;
      return find(...args);
    };
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('given deliveries in the store, when asked twice with nothing new, then it reads once, oldest first, the endpoint’s pending ones only', async () => {
    await commit(3, delivery(2), delivery(1), delivery(3, 'w2'), delivery(3, 'w1', 'delivered'));
    const pending = new PendingDeliveries(store);
    expect(ids(await pending.of('w1', 3))).toEqual(['d1-w1', 'd2-w1']);
    expect(ids(await pending.of('w1', 3))).toEqual(['d1-w1', 'd2-w1']);
    expect(finds).toBe(1);
    expect(pending.wantsRead('w1')).toBe(false);
  });

  it('given new deliveries committed after those held, when asked, then only the new ones are read and appended', async () => {
    await commit(2, delivery(1), delivery(2));
    const pending = new PendingDeliveries(store);
    await pending.of('w1', 2);
    await commit(5, delivery(4), delivery(5));
    expect(pending.wantsRead('w1', 5)).toBe(true);
    expect(ids(await pending.of('w1', 5))).toEqual(['d1-w1', 'd2-w1', 'd4-w1', 'd5-w1']);
    expect(finds).toBe(2);
  });

  it('given a delivery that ended, when asked, then it is gone without a read', async () => {
    await commit(2, delivery(1), delivery(2));
    const pending = new PendingDeliveries(store);
    await pending.of('w1', 2);
    pending.ended('w1', 'd1-w1');
    expect(ids(await pending.of('w1', 2))).toEqual(['d2-w1']);
    expect(finds).toBe(1);
  });

  it('given more pending deliveries than it holds, when the held ones end, then it reads on from the last one held', async () => {
    await commit(5, delivery(1), delivery(2), delivery(3), delivery(4), delivery(5));
    const pending = new PendingDeliveries(store, 2);
    expect(ids(await pending.of('w1', 5))).toEqual(['d1-w1', 'd2-w1']);
    expect(pending.wantsRead('w1')).toBe(false);
    pending.ended('w1', 'd1-w1');
    expect(pending.wantsRead('w1')).toBe(true);
    expect(ids(await pending.of('w1', 5))).toEqual(['d2-w1', 'd3-w1']);
    pending.ended('w1', 'd2-w1');
    pending.ended('w1', 'd3-w1');
    expect(ids(await pending.of('w1', 5))).toEqual(['d4-w1', 'd5-w1']);
  });

  it('given an older delivery pending again (a redelivery), when the endpoint is read again, then it is held in its place', async () => {
    await commit(3, delivery(1, 'w1', 'delivered'), delivery(2), delivery(3));
    const pending = new PendingDeliveries(store);
    expect(ids(await pending.of('w1', 3))).toEqual(['d2-w1', 'd3-w1']);
    await commit(4, delivery(1));
    // Without being told, a new position alone reads only what comes after those held.
    expect(ids(await pending.of('w1', 4))).toEqual(['d2-w1', 'd3-w1']);
    pending.reread('w1');
    expect(ids(await pending.of('w1', 4))).toEqual(['d1-w1', 'd2-w1', 'd3-w1']);
  });

  it('given endpoints no longer active, when the others are named, then nothing of them is held', async () => {
    await commit(2, delivery(1), delivery(2, 'w2'));
    const pending = new PendingDeliveries(store);
    await pending.of('w1', 2);
    await pending.of('w2', 2);
    pending.forgetOthers(new Set(['w2']));
    expect(pending.wantsRead('w1')).toBe(true);
    expect(pending.wantsRead('w2')).toBe(false);
  });
});
