import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { ReceivedDelivery, WebhookReceiver } from '../support/webhook-receiver';

type Delivery = { id: string; eventId: string; type: string; status: string; attempts: Array<{ statusCode: number | null; error: string | null }> };

/** The first arrival of each delivery (deliveries are at least once), in arrival order. */
const firstArrivals = (received: ReceivedDelivery[]) => received.filter((r, i) => received.findIndex((o) => o.id === r.id) === i);

// Both places deliveries run: a worker thread of their own (production's default: the thread
// compiles the sources again, so it takes a few seconds to start) and the API's event loop.
describe.each(['thread', 'inline'] as const)('Webhooks: retries, order, disabling and redelivery, delivered %s (e2e)', (webhookDelivery) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let orgId: string;
  let admin: string;

  const hooks = () => `/v1/orgs/${orgId}/webhooks`;
  const createSpace = async (title: string) => (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).send({ title }).expect(201)).body.id as string;
  const rename = (id: string, title: string) => t.http.patch(`/v1/spaces/${id}`).set(bearer(admin)).send({ title }).expect(200);
  const createHook = async (path: string) => {
    const res = await t.http
      .post(hooks())
      .set(bearer(admin))
      .send({ url: receiver.url(path), events: ['space.created', 'space.updated'] })
      .expect(201);
    receiver.setSecrets(path, [res.body.secret]);
    return res.body as { id: string; secret: string };
  };
  const deliveries = async (webhookId: string) =>
    (await t.http.get(`${hooks()}/${webhookId}/deliveries`).set(bearer(admin)).expect(200)).body.items as Delivery[];
  const until = async <T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = await read();
      if (done(v)) return v;
      if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await startTestApp({ config: { webhookRetryScheduleMs: [0, 100, 200, 400, 800, 1600], webhookDisableAfterFailures: 2, webhookDelivery } });
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('ada')));
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('a receiver down for a while, then up: every event delivered, in order per resource', async () => {
    const hook = await createHook('/down');
    await receiver.down();
    const spaces = [await createSpace('A'), await createSpace('B')];
    for (const round of [1, 2, 3]) for (const id of spaces) await rename(id, `${id} ${round}`);
    // Refused connections are recorded as failed attempts with the reason.
    const failing = await until(
      'failed attempts',
      () => deliveries(hook.id),
      (ds) => ds.some((d) => d.attempts.some((a) => a.error !== null)),
    );
    expect(failing.flatMap((d) => d.attempts).find((a) => a.error)!.error).toMatch(/connection refused/);
    await receiver.up();
    const all = await until(
      'all delivered',
      () => deliveries(hook.id),
      (ds) => ds.length === 8 && ds.every((d) => d.status === 'delivered'),
    );
    const got = firstArrivals(receiver.on('/down'));
    expect(got.map((r) => r.id).sort()).toEqual(all.map((d) => d.id).sort());
    expect(got.every((r) => r.verifiedBy.length === 1)).toBe(true);
    // Per space, the order of the commits (the list is newest first).
    const committed = [...all].reverse();
    for (const id of spaces) {
      expect(got.filter((r) => r.body.data.auditEvent.target.id === id).map((r) => r.id)).toEqual(
        committed.filter((d) => got.find((r) => r.id === d.id)!.body.data.auditEvent.target.id === id).map((d) => d.id),
      );
    }
    await t.http.delete(`${hooks()}/${hook.id}`).set(bearer(admin)).expect(205);
  });

  it('after N failed deliveries in a row the endpoint is disabled with the reason; enabling it resumes where it stopped; redeliver', async () => {
    const hook = await createHook('/fail');
    receiver.status.set('/fail', 500);
    const [a, b] = [await createSpace('Fail A'), await createSpace('Fail B')];
    const disabled = await until(
      'disabled',
      async () => (await t.http.get(`${hooks()}/${hook.id}`).set(bearer(admin)).expect(200)).body,
      (w) => w.active === false,
    );
    expect(disabled.disabledReason).toMatch(/^2 deliveries in a row failed; the last: POST http:\/\/127\.0\.0\.1:\d+\/fail answered 500/);
    const failed = await deliveries(hook.id);
    expect(failed.map((d) => [d.status, d.attempts.length])).toEqual([
      ['failed', 7],
      ['failed', 7],
    ]);
    // Written while disabled: held, not lost.
    await rename(a, 'While disabled');
    await until(
      'held',
      () => deliveries(hook.id),
      (ds) => ds.length === 3,
    );
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'pending', attempts: [] });
    receiver.status.set('/fail', 204);
    const enabled = await t.http.patch(`${hooks()}/${hook.id}`).set(bearer(admin)).send({ active: true }).expect(200);
    expect(enabled.body.active).toBe(true);
    expect(enabled.body.disabledReason).toBeUndefined();
    await receiver.waitFor((r) => r.some((d) => d.path === '/fail' && d.body.type === 'space.updated'));
    // The failed ones stay failed until someone sends them again.
    const created = failed.find((d) => d.type === 'space.created' && receiver.on('/fail').every((r) => r.id !== d.id))!;
    await t.http.post(`${hooks()}/${hook.id}/deliveries/${created.id}/redeliver`).set(bearer(admin)).expect(202);
    await receiver.waitFor((r) => r.some((d) => d.id === created.id));
    const after = await until(
      'redelivered',
      () => deliveries(hook.id),
      (ds) => ds.find((d) => d.id === created.id)!.status === 'delivered',
    );
    expect(after.find((d) => d.id === created.id)!.attempts).toHaveLength(8);
    await t.http.post(`${hooks()}/${hook.id}/deliveries/msg_unknown/redeliver`).set(bearer(admin)).expect(404);
    void b;
  });
});
