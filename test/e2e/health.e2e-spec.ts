import * as http from 'http';
import { EventStore, PlatformConfig } from '@app/platform';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { expectErrorResponse, expectMatchesSchema } from '../support/reference-schema';

/**
 * Health probes and load shedding, over HTTP: /health/live and /health/ready outside /v1,
 * without a token and never refused; 503 + Retry-After with the error body when overloaded.
 */

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

function get(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, baseUrl), { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
      })
      .on('error', reject);
  });
}

/** A POST whose body is still on its way: in flight until `finish()`. */
function slowPost(baseUrl: string, path: string, token: string, body: object) {
  const text = JSON.stringify(body);
  let answered!: Promise<Raw>;
  const req = http.request(new URL(path, baseUrl), {
    method: 'POST',
    agent: false,
    headers: { ...bearer(token), 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
  });
  answered = new Promise((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
  });
  req.write(text.slice(0, 5));
  return { answered, finish: () => req.end(text.slice(5)) };
}

const expectShed = (res: Raw, operationId: string) => {
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expectErrorResponse(operationId, 503, res.body);
  expect(res.body).toEqual({ error: { code: 503, message: expect.stringMatching(/overloaded/) } });
};

describe('health endpoints (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { rateLimitPerMinute: 2, readyMaxLagEvents: 1 } });
  });
  afterAll(async () => t.close());

  it('GET /health/live answers 200 {"status":"ok"} without a token, outside /v1', async () => {
    const res = await get(t.baseUrl, '/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await get(t.baseUrl, '/v1/health/live')).status).not.toBe(200);
  });

  it("GET /health/ready answers 200 with every check and each projection's progress", async () => {
    const res = await get(t.baseUrl, '/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      failed: [],
      checks: {
        eventStore: { status: 'ok', headPosition: expect.any(Number) },
        readStore: { status: 'ok' },
        projections: { status: 'ok', maxLagEvents: 1 },
        shutdown: { status: 'ok' },
      },
      load: { inFlight: expect.any(Number), shed: expect.any(Number) },
    });
    const names = res.body.projections.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['identity', 'spaces', 'purge-deleted-space']));
    for (const p of res.body.projections) {
      expect(p).toMatchObject({
        name: expect.any(String),
        kind: expect.stringMatching(/^(projection|saga)$/),
        servesQueries: expect.any(Boolean),
        position: expect.any(Number),
        head: expect.any(Number),
        lag: expect.any(Number),
      });
    }
  });

  it('is never rate limited (a limit of 2 per minute, 6 probes)', async () => {
    for (let i = 0; i < 3; i++) {
      const live = await get(t.baseUrl, '/health/live', { authorization: 'Bearer nope' });
      const ready = await get(t.baseUrl, '/health/ready');
      expect([live.status, ready.status]).toEqual([200, 200]);
      expect(live.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('answers 503 naming the lagging projections when they are more than readyMaxLagEvents behind, 200 once caught up', async () => {
    await t.engine.stop();
    try {
      const store = t.app.get(EventStore);
      const event = (i: number) => ({
        id: `health-lag-${i}-${Date.now()}`,
        type: 'HealthProbeTested',
        data: {},
        metadata: { actor: null, occurredAt: new Date().toISOString(), correlationId: 'health', causationId: null, schemaVersion: 1 },
      });
      await store.append('test.health-lag', [event(1), event(2), event(3)], 'any');
      const res = await get(t.baseUrl, '/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('unavailable');
      expect(res.body.failed).toEqual(['projections']);
      expect(res.body.error).toEqual({
        code: 503,
        message: expect.stringMatching(/^Not ready: projections \(.*spaces is 3 events behind.*\(at most 1 allowed\)\)$/),
      });
      expect(res.body.checks.projections).toMatchObject({ status: 'failed', maxLagEvents: 1 });
      expect(res.body.projections.find((p: { name: string }) => p.name === 'spaces')).toMatchObject({ servesQueries: true, lag: 3 });
    } finally {
      await t.engine.start();
    }
    await t.engine.waitForHead();
    expect((await get(t.baseUrl, '/health/ready')).status).toBe(200);
  });
});

describe('load shedding (e2e)', () => {
  let t: TestApp;
  let token: string;
  let orgId: string;
  let spaceId: string;
  beforeAll(async () => {
    // The delay bound is set per test: a loaded test machine alone can delay the loop 100 ms.
    t = await startTestApp({ config: { shedMaxInFlight: 1, shedEventLoopDelayMs: 60_000 } });
    ({ organizationId: orgId, token } = await t.bootstrap('Shed Org', email('shed')));
    spaceId = (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(token)).send({ title: 'Shed space' }).expect(201)).body.id;
  });
  afterAll(async () => t.close());

  it('past shedMaxInFlight: 503 + Retry-After with the error body, while /health/live still answers and the slow request completes', async () => {
    const slow = slowPost(t.baseUrl, `/v1/orgs/${orgId}/spaces`, token, { title: 'Slow upload' });
    // Wait until the slow request holds the one in-flight place.
    for (let i = 0; i < 100 && (await get(t.baseUrl, '/health/ready')).body.load.inFlight < 2; i++) await new Promise((r) => setTimeout(r, 10));
    const shed = await get(t.baseUrl, `/v1/spaces/${spaceId}`, bearer(token));
    expectShed(shed, 'getSpaceById');
    expect(shed.body.error.message).toMatch(/requests in flight/);
    const live = await get(t.baseUrl, '/health/live');
    expect(live).toMatchObject({ status: 200, body: { status: 'ok' } });
    slow.finish();
    const done = await slow.answered;
    expect(done.status).toBe(201);
    expect(done.body.title).toBe('Slow upload');
    expect((await get(t.baseUrl, `/v1/spaces/${spaceId}`, bearer(token))).body).toMatchObject({ id: spaceId });
  });

  it('with a blocked event loop: 503 until it recovers, health reads still answered', async () => {
    const config = t.app.get(PlatformConfig);
    config.shedMaxInFlight = 256;
    config.shedEventLoopDelayMs = 300;
    // Synchronous stalls of 350 ms back to back (like long SQLite busy waits); the requests are
    // read between two of them.
    const stalls = setInterval(() => {
      for (const until = Date.now() + 350; Date.now() < until;) {
        /* stall */
      }
    }, 1);
    let shed: Raw, live: Raw;
    try {
      await new Promise((r) => setTimeout(r, 10));
      [shed, live] = await Promise.all([get(t.baseUrl, `/v1/spaces/${spaceId}`, bearer(token)), get(t.baseUrl, '/health/live')]);
    } finally {
      clearInterval(stalls);
    }
    expectShed(shed, 'getSpaceById');
    expect(shed.body.error.message).toMatch(/event loop delayed \d+ ms/);
    expect(live.status).toBe(200);
    // The delay window passes: served again.
    let ok = shed;
    for (const deadline = Date.now() + 5000; ok.status !== 200 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 100));
      ok = await get(t.baseUrl, `/v1/spaces/${spaceId}`, bearer(token));
    }
    expect(ok.status).toBe(200);
    expectMatchesSchema('Space', ok.body);
  });
});
