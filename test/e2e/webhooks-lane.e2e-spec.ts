import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Worker } from 'worker_threads';
import { SqliteReadStore, Write } from '@app/platform';
import { DELIVERIES, DISPATCHER, webhookDispatcher } from '../../libs/audit/src/webhooks/application/webhook-dispatcher.projection';
import { LaneThreads } from '../../apps/api/src/lane-threads';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * The webhook lane keeps its endpoints and deliveries in a read store of its own (embedded: a
 * file of its own). A data folder from before, where they were in the main read store, is
 * adopted once: the old deliveries stay listed, none is dispatched or sent again, new events go.
 */
describe('webhook lane: the store of its own, and data folders from before it (e2e)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-lane-'));
  let receiver: WebhookReceiver;
  let t: TestApp | undefined;
  const collections = webhookDispatcher({ source: { get: async () => null } as never, auditedEventTypes: [], disableAfterFailures: 5 }).collections;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await t?.close();
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const until = async (what: string, done: () => Promise<boolean>) => {
    const deadline = Date.now() + 20_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('moves the dispatcher of an older data folder over once: nothing sent twice, new events delivered', async () => {
    t = await startTestApp({ dataDir });
    const { organizationId, token } = await t.bootstrap('Lane Org', email('lane'));
    const hook = (
      await t.http
        .post(`/v1/orgs/${organizationId}/webhooks`)
        .set(bearer(token))
        .send({ url: receiver.url('/h'), events: ['space.*'] })
        .expect(201)
    ).body as { id: string; secret: string };
    receiver.setSecrets('/h', [hook.secret]);
    const space = (await t.http.post(`/v1/orgs/${organizationId}/spaces`).set(bearer(token)).send({ title: 'One' }).expect(201)).body.id as string;
    const list = async () =>
      (await t!.http.get(`/v1/orgs/${organizationId}/webhooks/${hook.id}/deliveries`).set(bearer(token)).expect(200)).body.items as Array<{
        id: string;
        status: string;
      }>;
    await until('the space creation delivered', async () => {
      const ds = await list();
      return ds.length > 0 && ds.every((d) => d.status === 'delivered');
    });
    const before = await list();
    await t.close();
    t = undefined;

    // Lay the folder out as before the lane: the dispatcher's documents and checkpoint in the main store.
    const laneFile = path.join(dataDir, 'read-models-webhooks.sqlite');
    const lane = new SqliteReadStore(laneFile);
    await lane.defineProjection(DISPATCHER, collections);
    const at = (await lane.checkpoint(DISPATCHER)).position;
    const writes: Write[] = [];
    for (const c of collections) for (const doc of await lane.dump(c.name)) writes.push({ kind: 'put', collection: c.name, doc });
    // A replay of the history would compute the same documents again: mark one, to see that the
    // documents were moved as they were rather than recomputed (a replay also risks sending
    // again what a later batch would have marked delivered).
    const marked = writes.find((w) => w.kind === 'put' && w.collection === DELIVERIES);
    if (marked?.kind === 'put') marked.doc = { ...marked.doc, status: 'failed' };
    await lane.close();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(laneFile + suffix, { force: true });
    const main = new SqliteReadStore(path.join(dataDir, 'read-models.sqlite'));
    await main.defineProjection(DISPATCHER, collections);
    expect(await main.commit(DISPATCHER, (await main.checkpoint(DISPATCHER)).generation, 0, at, writes)).toBe(true);
    await main.close();
    expect(at).toBeGreaterThan(0);

    const sentBefore = receiver.on('/h').length;
    t = await startTestApp({ dataDir });
    // The old deliveries are listed again, as they were moved (the marked one included).
    expect((await list()).map((d) => [d.id, d.status])).toEqual(
      before.map((d) => [d.id, marked?.kind === 'put' && d.id === marked.doc.id ? 'failed' : d.status]),
    );
    await t.http.patch(`/v1/spaces/${space}`).set(bearer(token)).send({ title: 'Two' }).expect(200);
    await until('the new delivery', async () => {
      const ds = await list();
      return ds.length === before.length + 1 && ds[0].status === 'delivered';
    });
    // Exactly one more request arrived: the new event's; the old one was not sent again.
    const after = receiver.on('/h').slice(sentBefore);
    expect(after.map((r) => r.body.type)).toEqual(['space.updated']);
    expect(after.every((r) => r.verifiedBy.length === 1)).toBe(true);
  });
});

describe('webhook lane thread: restarted when it fails (e2e)', () => {
  let receiver: WebhookReceiver;
  let t: TestApp;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await startTestApp({ config: { webhookDelivery: 'thread' } });
  });
  afterAll(async () => {
    await t?.close();
    await receiver.close();
  });

  it('starts the lane thread only once an endpoint exists, and delivers what follows it', async () => {
    const threads = (t.app.get(LaneThreads) as unknown as { threads: Map<string, Worker> }).threads;
    const { organizationId, token } = await t.bootstrap('On Demand Org', email('on-demand'));
    const before = (await t.http.post(`/v1/orgs/${organizationId}/spaces`).set(bearer(token)).send({ title: 'Before' }).expect(201)).body.id as string;
    // Leading since start, with events written: a lane started eagerly would be running by now.
    expect(threads.has('webhooks')).toBe(false);
    const hook = (
      await t.http
        .post(`/v1/orgs/${organizationId}/webhooks`)
        .set(bearer(token))
        .send({ url: receiver.url('/d'), events: ['space.*'] })
        .expect(201)
    ).body as { id: string; secret: string };
    receiver.setSecrets('/d', [hook.secret]);
    await receiver.waitFor(() => threads.has('webhooks'), 30_000);
    // The API tells its lane how busy its event loop is, so the lane yields while it is (LanePacer).
    const told: unknown[] = [];
    const lane = threads.get('webhooks')!;
    const post = lane.postMessage.bind(lane);
    lane.postMessage = (m: unknown) => {
      told.push(m);
      post(m);
    };
    await receiver.waitFor(() => told.some((m) => (m as { type?: string }).type === 'load'), 5_000);
    const load = told.find((m) => (m as { type?: string }).type === 'load') as { busy: number };
    expect(load.busy).toBeGreaterThanOrEqual(0);
    expect(load.busy).toBeLessThanOrEqual(1);
    await t.http.patch(`/v1/spaces/${before}`).set(bearer(token)).send({ title: 'After' }).expect(200);
    await receiver.waitFor((r) => r.some((d) => d.path === '/d' && d.body.type === 'space.updated'), 30_000);
    const got = receiver.on('/d');
    expect(got.map((d) => d.body.type)).toEqual(['space.updated']);
    expect(got[0].verifiedBy).toHaveLength(1);
  });

  it('a lane thread that dies is started again, and the deliveries go on from its checkpoint', async () => {
    const { organizationId, token } = await t.bootstrap('Restart Org', email('restart'));
    const hook = (
      await t.http
        .post(`/v1/orgs/${organizationId}/webhooks`)
        .set(bearer(token))
        .send({ url: receiver.url('/r'), events: ['space.*'] })
        .expect(201)
    ).body as { id: string; secret: string };
    receiver.setSecrets('/r', [hook.secret]);
    const threads = (t.app.get(LaneThreads) as unknown as { threads: Map<string, Worker> }).threads;
    await receiver.waitFor(() => threads.has('webhooks'), 30_000);
    const space = (await t.http.post(`/v1/orgs/${organizationId}/spaces`).set(bearer(token)).send({ title: 'One' }).expect(201)).body.id as string;
    await receiver.waitFor((r) => r.some((d) => d.path === '/r' && d.body.type === 'space.created'), 30_000);
    const first = threads.get('webhooks')!;
    // As if it crashed: the thread ends without stopping.
    await first.terminate();
    await t.http.patch(`/v1/spaces/${space}`).set(bearer(token)).send({ title: 'Two' }).expect(200);
    await receiver.waitFor((r) => r.some((d) => d.path === '/r' && d.body.type === 'space.updated'), 30_000);
    expect(threads.get('webhooks')).toBeDefined();
    expect(threads.get('webhooks')).not.toBe(first);
    const got = receiver.on('/r');
    expect(got.every((d) => d.verifiedBy.length === 1)).toBe(true);
    // The event committed while no thread ran was delivered once the new one started.
    expect(got.filter((d) => d.body.type === 'space.updated')).toHaveLength(1);
  });
});
