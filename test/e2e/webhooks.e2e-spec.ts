import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

describe('Webhooks: endpoints and signed deliveries (e2e)', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let orgId: string;
  let admin: string;
  let editorToken: string;
  let outsider: string;
  /** Every secret the test saw: none may appear in a delivery or in a list answer. */
  const secrets: string[] = [];

  const hooks = () => `/v1/orgs/${orgId}/webhooks`;
  const createSpace = async (title: string) => (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).send({ title }).expect(201)).body.id as string;
  const rename = (id: string, title: string) => t.http.patch(`/v1/spaces/${id}`).set(bearer(admin)).send({ title }).expect(200);
  const createHook = async (path: string, body: Record<string, unknown> = {}) => {
    const res = await t.http
      .post(hooks())
      .set(bearer(admin))
      .send({ url: receiver.url(path), events: ['space.*'], ...body });
    expect(res.status).toBe(201);
    receiver.setSecrets(path, [res.body.secret]);
    secrets.push(res.body.secret, res.body.secret.slice(6));
    return res.body as { id: string; secret: string };
  };

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await startTestApp({ config: { webhookRetryScheduleMs: [0, 50, 100] } });
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('ada')));
    [{ token: editorToken }] = await t.cli('user', 'create', '--email', email('ed'), '--name', 'Ed', '--org', orgId, '--role', 'edit');
    ({ token: outsider } = await t.bootstrap('Other', email('otto')));
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('creates an endpoint (201, Location) with a whsec_ secret shown once; GET and the list never show it', async () => {
    const res = await t.http
      .post(hooks())
      .set(bearer(admin))
      .send({ url: receiver.url('/a'), events: ['space.created', 'change-request.*'], description: 'CI' })
      .expect(201);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(res.body.secret.slice(6), 'base64')).toHaveLength(32);
    const location = `${t.baseUrl}${hooks()}/${res.body.id}`;
    expect(res.headers.location).toBe(location);
    expect(res.body).toMatchObject({
      object: 'webhook',
      url: receiver.url('/a'),
      events: ['space.created', 'change-request.*'],
      description: 'CI',
      active: true,
      urls: { location },
    });
    const { secret, ...view } = res.body;
    const got = await t.http.get(`${hooks()}/${res.body.id}`).set(bearer(admin)).expect(200);
    expect(got.body).toEqual(view);
    const list = await t.http.get(hooks()).set(bearer(admin)).expect(200);
    expect(list.body).toEqual({ items: [view], count: 1 });
    expect(JSON.stringify([got.body, list.body])).not.toContain(secret.slice(6));
    await t.http.delete(`${hooks()}/${res.body.id}`).set(bearer(admin)).expect(205);
    await t.http.delete(`${hooks()}/${res.body.id}`).set(bearer(admin)).expect(204);
    await t.http.get(`${hooks()}/${res.body.id}`).set(bearer(admin)).expect(404);
  });

  it('admins only: members 403, outsiders 404; a URL the guard refuses or a bad pattern is 400 naming the field', async () => {
    for (const [token, status] of [
      [editorToken, 403],
      [outsider, 404],
    ] as const) {
      await t.http.get(hooks()).set(bearer(token)).expect(status);
      await t.http
        .post(hooks())
        .set(bearer(token))
        .send({ url: receiver.url('/x'), events: ['*'] })
        .expect(status);
    }
    const refused = await t.http
      .post(hooks())
      .set(bearer(admin))
      .send({ url: 'http://169.254.169.254/latest', events: ['*'] })
      .expect(400);
    expect(refused.body.error.message).toMatch(/^url: 169\.254\.169\.254 /);
    const bad = await t.http
      .post(hooks())
      .set(bearer(admin))
      .send({ url: receiver.url('/x'), events: ['Space Created'] })
      .expect(400);
    expect(bad.body.error.message).toMatch(/^events\[0\]: /);
    await t.http
      .post(hooks())
      .set(bearer(admin))
      .send({ url: 'ftp://x.example/', events: ['*'] })
      .expect(400);
    await t.http.patch(`${hooks()}/nope`).set(bearer(admin)).send({ description: 'x' }).expect(404);
  });

  it('delivers matching audit events signed per Standard Webhooks, with the resource as of the event', async () => {
    const hook = await createHook('/b', { events: ['space.created', 'space.updated'] });
    const spaceId = await createSpace('Guides');
    await rename(spaceId, 'Guides v2');
    await receiver.waitFor((r) => r.filter((d) => d.path === '/b').length >= 2);
    const got = receiver.on('/b');
    expect(got.map((d) => d.body.type)).toEqual(['space.created', 'space.updated']);
    for (const d of got) {
      expect(d.verifiedBy).toEqual([0]);
      expect(d.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(d.body.data.auditEvent).toMatchObject({ object: 'audit-event', target: { type: 'space', id: spaceId } });
      expect(d.body.timestamp).toBe(t.clock.now().toISOString());
    }
    // The object is the space as its GET answered just after each event.
    expect(got.map((d) => d.body.data.object)).toEqual([
      expect.objectContaining({ object: 'space', id: spaceId, title: 'Guides' }),
      expect.objectContaining({ object: 'space', id: spaceId, title: 'Guides v2' }),
    ]);
    expect(new Set(got.map((d) => d.id)).size).toBe(2);
    const deliveries = await pollDeliveries(hook.id, (items) => items.length === 2 && items.every((i) => i.status === 'delivered'));
    expect(deliveries[0]).toMatchObject({
      object: 'webhook-delivery',
      type: 'space.updated',
      status: 'delivered',
      attempts: [{ statusCode: 204, error: null }],
    });
    expect(deliveries.map((d) => d.id).sort()).toEqual(got.map((d) => d.id).sort());
    expect(JSON.stringify(receiver.received)).not.toContain(hook.secret.slice(6));
    expect(JSON.stringify(receiver.received)).not.toContain(admin);
    await t.http.delete(`${hooks()}/${hook.id}`).set(bearer(admin)).expect(205);
  });

  it('rotation: both signatures during the grace period, then only the new one; ping reaches the endpoint alone', async () => {
    const hook = await createHook('/c', { events: ['space.created'] });
    const rotated = await t.http.post(`${hooks()}/${hook.id}/rotate-secret`).set(bearer(admin)).expect(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    receiver.setSecrets('/c', [hook.secret, rotated.body.secret]);
    secrets.push(rotated.body.secret, rotated.body.secret.slice(6));
    await createSpace('During grace');
    await receiver.waitFor((r) => r.some((d) => d.path === '/c'));
    expect(receiver.on('/c')[0].verifiedBy).toEqual([0, 1]);
    expect(receiver.on('/c')[0].signature.split(' ')).toHaveLength(2);
    t.clock.advance(25 * 3600 * 1000);
    await createSpace('After grace');
    await receiver.waitFor((r) => r.filter((d) => d.path === '/c').length >= 2);
    expect(receiver.on('/c')[1].verifiedBy).toEqual([1]);
    await t.http.post(`${hooks()}/${hook.id}/ping`).set(bearer(admin)).expect(202);
    await receiver.waitFor((r) => r.some((d) => d.path === '/c' && d.body.type === 'webhook.pinged'));
    const ping = receiver.on('/c').find((d) => d.body.type === 'webhook.pinged')!;
    expect(ping.body.data.object).toMatchObject({ object: 'webhook', id: hook.id });
    expect(JSON.stringify(receiver.received)).not.toContain(rotated.body.secret.slice(6));
  });

  it('no secret of the test (webhook secrets, API tokens) in any delivery, deliveries list or webhook list', async () => {
    secrets.push(admin, editorToken, outsider);
    const lists = [(await t.http.get(hooks()).set(bearer(admin)).expect(200)).body];
    for (const w of lists[0].items as Array<{ id: string }>)
      lists.push((await t.http.get(`${hooks()}/${w.id}/deliveries`).set(bearer(admin)).expect(200)).body);
    const seen = JSON.stringify([receiver.received.map((r) => r.raw), lists]);
    expect(receiver.received.length).toBeGreaterThan(0);
    expect(secrets.filter((s) => seen.includes(s))).toEqual([]);
  });

  async function pollDeliveries(webhookId: string, done: (items: Array<Record<string, unknown>>) => boolean) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const res = await t.http.get(`${hooks()}/${webhookId}/deliveries`).set(bearer(admin)).expect(200);
      if (done(res.body.items)) return res.body.items as Array<Record<string, unknown>>;
      if (Date.now() > deadline) throw new Error(`deliveries: ${JSON.stringify(res.body.items)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
});
