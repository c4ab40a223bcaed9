import * as http from 'http';
import { EventStore, newEventId } from '@app/platform';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * GET /metrics (Prometheus text format), outside /v1: request counts by route template and
 * latency, event-store appends, projection lag, parked events, due timers, the webhook backlog,
 * rate-limit and shedding refusals, default process metrics; METRICS_TOKEN; bounded cardinality.
 */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

const until = async <T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

const random = () => Math.random().toString(36).slice(2, 10);

describe('metrics (e2e)', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let orgId: string;
  let admin: string;
  let adminEmail: string;

  const scrapeText = async (): Promise<string> => {
    const res = await t.http.get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };
  const scrape = async () => parse(await scrapeText());
  const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) => find(samples, name, labels).reduce((n, s) => n + s.value, 0);
  const createSpace = async (title: string) => (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).send({ title }).expect(201)).body.id as string;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await startTestApp({ config: { webhookRetryScheduleMs: [0, 20], webhookDisableAfterFailures: 1 } });
    adminEmail = email('ada');
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Metrics Org', adminEmail));
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('counts requests by route template and status (401s and 404s included), and appends', async () => {
    const spaceId = await createSpace('Metrics space');
    await t.http.get(`/v1/spaces/${spaceId}`).set(bearer(admin)).expect(200);
    await t.http.get(`/v1/spaces/${spaceId}`).expect(401);
    await t.http.get(`/v1/${random()}/${random()}`).set(bearer(admin)).expect(404);
    await t.http.get(`/v1/${random()}`).expect(401);
    const before = await scrape();
    expect(value(before, 'docs_api_http_requests_total', { method: 'GET', route: '/v1/spaces/:spaceId', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(value(before, 'docs_api_http_requests_total', { method: 'GET', route: '/v1/spaces/:spaceId', status: '401' })).toBe(1);
    expect(value(before, 'docs_api_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(value(before, 'docs_api_http_requests_total', { method: 'GET', route: 'unmatched', status: '401' })).toBe(1);
    expect(
      value(before, 'docs_api_http_request_duration_seconds_count', { method: 'POST', route: '/v1/orgs/:organizationId/spaces', status_class: '2xx' }),
    ).toBe(1);
    expect(value(before, 'docs_api_http_request_duration_seconds_sum', { method: 'POST', route: '/v1/orgs/:organizationId/spaces' })).toBeGreaterThan(0);

    await t.http.patch(`/v1/spaces/${spaceId}`).set(bearer(admin)).send({ title: 'Renamed' }).expect(200);
    const after = await scrape();
    expect(value(after, 'docs_api_event_store_appends_total')).toBeGreaterThan(value(before, 'docs_api_event_store_appends_total'));
    expect(value(after, 'docs_api_event_store_appended_events_total')).toBeGreaterThan(value(before, 'docs_api_event_store_appended_events_total'));
    expect(value(after, 'docs_api_event_store_append_duration_seconds_count')).toBeGreaterThan(
      value(before, 'docs_api_event_store_append_duration_seconds_count'),
    );
    expect(value(after, 'docs_api_http_requests_total', { route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
    // Every projection has its lag series. The webhook dispatcher (its own engine) joins them
    // once an endpoint exists (next test): before that its checkpoint does not move, by design.
    for (const name of ['docs_api_projection_lag_events', 'docs_api_projection_lag_seconds', 'docs_api_parked_events']) {
      const projections = find(after, name).map((s) => s.labels.projection);
      expect(projections).toEqual(expect.arrayContaining(['scheduler-timers', 'audit-webhooks']));
    }
    expect(find(after, 'docs_api_projection_lag_events', { projection: 'audit-webhook-dispatcher' })).toHaveLength(0);
    expect(find(after, 'docs_api_timers_due')).toHaveLength(1);
    expect(find(after, 'docs_api_rate_limited_total')).toHaveLength(1);
    expect(find(after, 'docs_api_shed_requests_total')).toHaveLength(1);
    expect(find(after, 'process_cpu_user_seconds_total')).toHaveLength(1);
    expect(find(after, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });

  it('bounded cardinality: 30 more spaces and 30 unknown URLs add no series, and no label carries an id, title or email', async () => {
    const series = (samples: Sample[]) => new Set(find(samples, 'docs_api_http_requests_total').map((s) => JSON.stringify(s.labels)));
    // Every kind of request once, so their series exist before counting.
    const warm = await createSpace(`Warm-up ${random()}`);
    await t.http.get(`/v1/spaces/${warm}`).set(bearer(admin)).expect(200);
    await t.http.get(`/v1/${random()}/${random()}`).set(bearer(admin)).expect(404);
    await t.http.get(`/v1/${random()}/${random()}`).expect(401);
    await scrape();
    const before = series(await scrape());

    const used: string[] = [orgId, admin, adminEmail];
    for (let i = 0; i < 30; i++) {
      const title = `Cardinality ${random()}`;
      const id = await createSpace(title);
      await t.http.get(`/v1/spaces/${id}`).set(bearer(admin)).expect(200);
      const unknown = `/v1/${random()}/${random()}`;
      await t.http.get(unknown).set(bearer(admin)).expect(404);
      await t.http.get(unknown).expect(401);
      used.push(id, title, unknown);
    }
    const text = await scrapeText();
    expect([...series(parse(text))].sort()).toEqual([...before].sort());
    for (const raw of used) expect(text).not.toContain(raw);
    expect(value(parse(text), 'docs_api_http_requests_total', { method: 'GET', route: '/v1/spaces/:spaceId', status: '200' })).toBeGreaterThanOrEqual(31);
  });

  it('shows the webhook backlog: failed deliveries to a receiver that is down, the endpoint disabled, then pending ones held', async () => {
    await receiver.down();
    const hook = await t.http
      .post(`/v1/orgs/${orgId}/webhooks`)
      .set(bearer(admin))
      .send({ url: receiver.url('/down'), events: ['space.created', 'space.updated'] })
      .expect(201);
    const spaceId = await createSpace('Webhook space');
    await until(
      'the endpoint disabled',
      async () => (await t.http.get(`/v1/orgs/${orgId}/webhooks/${hook.body.id}`).set(bearer(admin)).expect(200)).body.active,
      (active) => active === false,
    );
    // Written while the endpoint is disabled: held as pending.
    await t.http.patch(`/v1/spaces/${spaceId}`).set(bearer(admin)).send({ title: 'Held' }).expect(200);
    const samples = await until(
      'pending and failed deliveries',
      scrape,
      (s) => value(s, 'docs_api_webhook_deliveries', { status: 'pending' }) >= 1 && value(s, 'docs_api_webhook_deliveries', { status: 'failed' }) >= 1,
    );
    expect(value(samples, 'docs_api_webhook_endpoints_disabled')).toBe(1);
    expect(find(samples, 'docs_api_projection_lag_events', { projection: 'audit-webhook-dispatcher' })).toHaveLength(1);
    expect(
      find(samples, 'docs_api_webhook_deliveries')
        .map((s) => s.labels.status)
        .sort(),
    ).toEqual(['delivered', 'failed', 'pending']);
  });

  it('shows an event a projection parked', async () => {
    const store = t.app.get(EventStore);
    const metadata = { actor: null, occurredAt: t.clock.now().toISOString(), correlationId: 'metrics-test', causationId: null, schemaVersion: 1 };
    // A malformed event (no data): the projections that handle its type throw, retry, then park it.
    await store.append(`spaces.space-${random()}`, [{ id: newEventId(), type: 'SpaceCreated', data: null, metadata }], 'no_stream');
    const samples = await until('a parked event', scrape, (s) => value(s, 'docs_api_parked_events') > 0);
    const parked = find(samples, 'docs_api_parked_events').filter((s) => s.value > 0);
    expect(parked.length).toBeGreaterThan(0);
    expect(parked.every((s) => /^[a-z0-9-]+$/.test(s.labels.projection))).toBe(true);
  });

  it('counts timers whose due time has passed', async () => {
    const spaceId = await createSpace('Deleted space');
    await t.http.delete(`/v1/spaces/${spaceId}`).set(bearer(admin)).expect(205);
    // The purge saga schedules the restore window's end (7 days); the scheduler is not running here.
    await t.engine.drain();
    const due = value(await scrape(), 'docs_api_timers_due');
    t.clock.advance(8 * 24 * 3600 * 1000);
    expect(value(await scrape(), 'docs_api_timers_due')).toBeGreaterThan(due);
  });

  it('reports projection lag in events and in seconds (the age of the oldest unapplied event)', async () => {
    await t.engine.drain();
    await t.engine.stop();
    const store = t.app.get(EventStore);
    const metadata = { actor: null, occurredAt: t.clock.now().toISOString(), correlationId: 'metrics-test', causationId: null, schemaVersion: 1 };
    await store.append(`metrics.lag-${random()}`, [{ id: newEventId(), type: 'MetricsLagProbe', data: {}, metadata }], 'no_stream');
    t.clock.advance(90_000);
    const samples = await scrape();
    expect(value(samples, 'docs_api_projection_lag_events', { projection: 'audit-webhooks' })).toBe(1);
    expect(value(samples, 'docs_api_projection_lag_seconds', { projection: 'audit-webhooks' })).toBe(90);
  });
});

/** A POST whose body is still on its way: in flight until `finish()`. */
function slowPost(baseUrl: string, path: string) {
  const req = http.request(new URL(path, baseUrl), { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': '13' } });
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
  });
  req.write('{"ti');
  return { answered, finish: () => req.end('tle":"x"}') };
}

describe('metrics: METRICS_TOKEN, rate limiting and shedding (e2e)', () => {
  const token = `metrics-${random()}${random()}`;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { metricsToken: token, rateLimitPerMinute: 3, shedMaxInFlight: 1 } });
  });
  afterAll(async () => t?.close());

  it('asks for the token, compares it, and is never shed nor rate limited', async () => {
    const missing = await t.http.get('/metrics').expect(401);
    expect(missing.body).toEqual({ error: { code: 401, message: expect.stringContaining('METRICS_TOKEN') } });
    const wrong = await t.http
      .get('/metrics')
      .set(bearer(`${token}x`))
      .expect(401);
    expect(wrong.body).toEqual({ error: { code: 401, message: 'The metrics token is invalid' } });
    await t.http
      .get('/metrics')
      .set(bearer(token.slice(0, -1)))
      .expect(401);

    // One request in flight fills the server: the next API request is shed, the scrape is not.
    const slow = slowPost(t.baseUrl, '/v1/orgs');
    await until(
      'the slow request in flight',
      async () => (await t.http.get('/v1/user')).status,
      (s) => s === 503,
    );
    await t.http.get('/metrics').set(bearer(token)).expect(200);
    slow.finish();
    expect(await slow.answered).toBe(401);

    // Three requests a minute: the slow one and two more, then 429s.
    for (const expected of [401, 401, 429, 429]) await t.http.get('/v1/user').expect(expected);
    for (let i = 0; i < 5; i++) await t.http.get('/metrics').set(bearer(token)).expect(200);
    const samples = parse((await t.http.get('/metrics').set(bearer(token)).expect(200)).text);
    const value = (name: string, labels: Record<string, string> = {}) =>
      samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((n, s) => n + s.value, 0);
    expect(value('docs_api_rate_limited_total')).toBe(2);
    expect(value('docs_api_shed_requests_total')).toBeGreaterThanOrEqual(1);
    expect(value('docs_api_http_requests_total', { status: '503' })).toBe(value('docs_api_shed_requests_total'));
    expect(value('docs_api_http_requests_total', { status: '429' })).toBe(2);
    expect(value('docs_api_http_requests_total', { route: '/metrics', status: '401' })).toBe(3);
  });
});
