import * as http from 'http';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Writable } from 'stream';
import { Test } from '@nestjs/testing';
import { NestExpressApplication } from '@nestjs/platform-express';
import { EventStore, ManualClock, PlatformConfig } from '@app/platform';
import { AppModule } from '../../apps/api/src/app.module';
import { configureHttp } from '../../apps/api/src/bootstrap';
import { runCli } from '../../apps/cli/src/cli';
import { bearer, email, startTestApp, stateEventsAfter, TestApp } from '../support/test-app';
import { expectErrorResponse, expectMatchesOperation, expectMatchesSchema } from '../support/reference-schema';

/**
 * The HTTP edge: what happens to a request before any controller sees it — body framing and
 * text hygiene, 401 before 404, per-token rate limiting, request ids and logs, CORS.
 */

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
  text: string;
}

/** A request with exactly the headers given (supertest adds a Content-Type of its own). */
function raw(baseUrl: string, method: string, url: string, headers: Record<string, string>, body?: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(url, baseUrl), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode!, headers: res.headers, body: parsed, text });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const expectError = (res: { status: number; body: any }, status: number) => {
  expect(res.status).toBe(status);
  expectMatchesSchema('Error', res.body);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
};

describe('HTTP edge (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let userId: string;
  let admin: string;
  let spaceId: string;
  let store: EventStore;

  beforeAll(async () => {
    t = await startTestApp({ config: { corsOrigins: ['https://app.example.com'] } });
    store = t.app.get(EventStore);
    ({ organizationId: orgId, userId, token: admin } = await t.bootstrap('Edge Org', email('edge')));
    const res = await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).send({ title: 'Edge space' });
    expect(res.status).toBe(201);
    spaceId = res.body.id;
    // The space's sagas (content initialised, sites followed) append events of their own: let
    // them finish, or they land inside a test's "no event appended" window.
    await t.engine.drain();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Runs `fn` and expects it to append no event (read models only follow events). */
  const unchanged = async (fn: () => Promise<any>): Promise<any> => {
    const before = await store.headPosition();
    const out = await fn();
    expect(await stateEventsAfter(store, before)).toEqual([]);
    return out;
  };

  describe('bodies', () => {
    const spaces = () => `/v1/orgs/${orgId}/spaces`;

    it.each([
      ['text/plain', { 'Content-Type': 'text/plain' }, 'title=hello'],
      ['no Content-Type', {}, '{"title":"hello"}'],
      ['form encoding', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'title=hello'],
      ['JSON under another type', { 'Content-Type': 'text/json' }, '{"title":"hello"}'],
    ])('a body sent as %s answers 415 and creates nothing', async (_label, headers, body) => {
      const res = await unchanged(() => raw(t.baseUrl, 'POST', spaces(), { ...bearer(admin), ...headers }, body));
      expectError(res, 415);
      expectErrorResponse('createSpace', 415, res.body);
      expect(res.body.error.message).toContain('application/json');
    });

    it('application/json with a charset parameter is accepted', async () => {
      const res = await raw(t.baseUrl, 'POST', spaces(), { ...bearer(admin), 'Content-Type': 'application/json; charset=utf-8' }, '{"title":"With charset"}');
      expect(res.status).toBe(201);
      expect(res.body.title).toBe('With charset');
      await t.engine.drain(); // its sagas' events must not land in the next test's window
    });

    it('a body over the limit (10mb by default) answers 413', async () => {
      const body = JSON.stringify({ title: 'x'.repeat(10 * 1024 * 1024 + 10) });
      const res = await unchanged(() => raw(t.baseUrl, 'POST', spaces(), { ...bearer(admin), 'Content-Type': 'application/json' }, body));
      expectError(res, 413);
      expect(res.body.error.message).toContain('10mb');
    });

    const nested = (depth: number): unknown => (depth === 1 ? { leaf: true } : { a: nested(depth - 1) });

    it('nesting deeper than maxJsonDepth (32) answers 400; at the limit the body reaches validation', async () => {
      const tooDeep = await unchanged(() =>
        t.http
          .post(spaces())
          .set(bearer(admin))
          .send({ title: 'Deep', extra: nested(32) }),
      );
      expectError(tooDeep, 400);
      expect(tooDeep.body.error.message).toMatch(/nested deeper than 32/);
      const atLimit = await unchanged(() =>
        t.http
          .post(spaces())
          .set(bearer(admin))
          .send({ title: 'Deep', extra: nested(31) }),
      );
      expectError(atLimit, 400);
      expect(atLimit.body.error.message).toContain('extra: unknown field');
      const huge = await unchanged(() =>
        raw(t.baseUrl, 'POST', spaces(), { ...bearer(admin), 'Content-Type': 'application/json' }, '['.repeat(200_000) + ']'.repeat(200_000)),
      );
      expectError(huge, 400);
    });

    it.each([
      ['NUL in a string', { title: 'a\u0000b' }, 'title: must not contain NUL characters'],
      ['a lone high surrogate', { title: 'broken \ud800 text' }, 'title: must not contain unpaired UTF-16 surrogates'],
      ['a lone low surrogate', { title: '\udc00' }, 'title: must not contain unpaired UTF-16 surrogates'],
      ['NUL deep inside', { title: 'ok', emoji: { nested: ['fine', 'bad\u0000'] } }, 'emoji.nested.1: must not contain NUL characters'],
      ['NUL in a key', { title: 'ok', ['ti\u0000tle']: 'x' }, 'ti\\u0000tle: field names must not contain NUL characters'],
      ['a surrogate in a nested key', { title: 'ok', parent: { ['k\ud800']: 1 } }, 'parent.k\\ud800: field names must not contain unpaired UTF-16 surrogates'],
    ])('%s answers 400 naming the field', async (_label, body, message) => {
      const res = await unchanged(() => t.http.post(spaces()).set(bearer(admin)).send(body));
      expectError(res, 400);
      expect(res.body.error.message).toBe(message);
      expect(res.text).not.toMatch(/\u0000|[\ud800-\udfff]/);
    });

    it('a well-formed surrogate pair (an emoji) is accepted', async () => {
      const res = await t.http.post(spaces()).set(bearer(admin)).send({ title: 'Rocket \ud83d\ude80' });
      expect(res.status).toBe(201);
      expect(res.body.title).toBe('Rocket 🚀');
    });

    it.each([
      ['NUL', '?limit=5&page=a%00b', 'page: must not contain NUL characters'],
      ['a NUL in a parameter name', '?pa%00ge=1', 'pa\\u0000ge: field names must not contain NUL characters'],
    ])('%s in the query string answers 400 naming the parameter', async (_label, query, message) => {
      const res = await t.http.get(`${spaces()}${query}`).set(bearer(admin));
      expectError(res, 400);
      expect(res.body.error.message).toBe(message);
    });

    it.each(['__proto__', 'constructor', 'prototype'])('the key %s answers 400 naming it, changes nothing and pollutes nothing', async (key) => {
      const before = (await t.http.get(`/v1/spaces/${spaceId}`).set(bearer(admin))).body;
      for (const body of [`{"${key}":{"admin":true},"title":"Polluted"}`, `{"title":"Polluted","parent":{"${key}":{"x":1}}}`]) {
        const res = await unchanged(() => raw(t.baseUrl, 'PATCH', `/v1/spaces/${spaceId}`, { ...bearer(admin), 'Content-Type': 'application/json' }, body));
        expectError(res, 400);
        expect(res.body.error.message).toMatch(new RegExp(`^(parent\\.)?${key}: field name not allowed`));
      }
      expect((await t.http.get(`/v1/spaces/${spaceId}`).set(bearer(admin))).body).toEqual(before);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });

    it('a body that arrives after the headers keeps the request context: actor and request id reach the events', async () => {
      // The body comes in a later packet, so the parser finishes in a socket callback.
      const late = (method: string, url: string, body: unknown, requestId: string) =>
        new Promise<RawResponse>((resolve, reject) => {
          const text = JSON.stringify(body);
          const req = http.request(
            new URL(url, t.baseUrl),
            {
              method,
              headers: { ...bearer(admin), 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), 'X-Request-Id': requestId },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c) => chunks.push(c));
              res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString()), text: '' }));
            },
          );
          req.on('error', reject);
          req.flushHeaders();
          setTimeout(() => req.end(text), 50);
        });
      const res = await late('POST', spaces(), { title: 'In context' }, 'edge-write-1');
      expect(res.status).toBe(201);
      expect(res.headers['x-request-id']).toBe('edge-write-1');
      const [created] = await store.readStream(`spaces.space-${res.body.id}`);
      expect(created.metadata).toMatchObject({ actor: userId, correlationId: 'edge-write-1' });
      // Read-your-writes needs the position the handler noted in the same context.
      for (let i = 0; i < 5; i++) {
        const patched = await late('PATCH', `/v1/spaces/${res.body.id}`, { title: `Renamed ${i}` }, `edge-patch-${i}`);
        expect(patched.status).toBe(200);
        expect((await t.http.get(`/v1/spaces/${res.body.id}`).set(bearer(admin))).body.title).toBe(`Renamed ${i}`);
      }
      const events = await store.readStream(`spaces.space-${res.body.id}`);
      expect(events.slice(1).map((e) => [e.metadata.actor, e.metadata.correlationId])).toEqual([0, 1, 2, 3, 4].map((i) => [userId, `edge-patch-${i}`]));
    });

    it('requests without a body are unaffected: an empty POST, a DELETE, a GET', async () => {
      const dup = await raw(t.baseUrl, 'POST', `/v1/spaces/${spaceId}/duplicate`, bearer(admin));
      expect(dup.status).toBe(201);
      expectMatchesOperation('duplicateSpace', 201, dup.body);
      const withZeroLength = await raw(t.baseUrl, 'POST', `/v1/spaces/${dup.body.id}/duplicate`, {
        ...bearer(admin),
        'Content-Length': '0',
        'Content-Type': 'text/plain',
      });
      expect(withZeroLength.status).toBe(201);
      expect((await raw(t.baseUrl, 'DELETE', `/v1/spaces/${dup.body.id}`, bearer(admin))).status).toBe(205);
      expect((await raw(t.baseUrl, 'GET', `/v1/spaces/${spaceId}`, { ...bearer(admin), 'Content-Type': 'text/plain' })).status).toBe(200);
    });

    it('without a valid token, a bad body answers 401, not 415 or 400: the body is judged after the caller', async () => {
      for (const auth of [{}, bearer('gb_api_unknown')]) {
        expectError(await raw(t.baseUrl, 'POST', spaces(), { ...auth, 'Content-Type': 'text/plain' }, 'title=x'), 401);
        expectError(await raw(t.baseUrl, 'POST', spaces(), { ...auth, 'Content-Type': 'application/json' }, '{"title":'), 401);
        expectError(await raw(t.baseUrl, 'POST', spaces(), { ...auth, 'Content-Type': 'application/json' }, '{"title":"a\\u0000"}'), 401);
        expectError(await raw(t.baseUrl, 'GET', `${spaces()}?page=%00`, auth), 401);
      }
    });
  });

  describe('401 before 404', () => {
    const unknown: Array<[string, string]> = [
      ['GET', '/v1/no-such-thing'],
      ['GET', '/v1/spaces'],
      ['POST', '/v1/orgs'],
      ['PUT', '/v1/spaces/abc'],
      ['PATCH', '/v1/admin/users/1'],
      ['DELETE', '/v1/orgs'],
      ['OPTIONS', '/v1/orgs'],
      ['POST', '/v1/'],
      ['GET', '/V1/NO-SUCH-THING'],
    ];

    it.each(unknown)('%s %s answers 401 without a valid token and 404 with one', async (method, url) => {
      for (const auth of [{}, bearer('gb_api_unknown'), { Authorization: 'Basic dXNlcjpwYXNz' }]) {
        const res = await raw(t.baseUrl, method, url, auth);
        expectError(res, 401);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
      const known = await raw(t.baseUrl, method, url, bearer(admin));
      expectError(known, 404);
    });

    it('a known route and an unknown one look the same to an anonymous caller', async () => {
      const a = await raw(t.baseUrl, 'GET', `/v1/orgs/${orgId}`, {});
      const b = await raw(t.baseUrl, 'GET', `/v1/orgz/${orgId}`, {});
      expect([a.status, a.body]).toEqual([b.status, b.body]);
    });

    it('GET /v1/ stays open; signed content URLs stay public; paths outside /v1 answer 404', async () => {
      const info = await raw(t.baseUrl, 'GET', '/v1/', {});
      expect(info.status).toBe(200);
      expectMatchesOperation('getApiInformation', 200, info.body);
      expectError(await raw(t.baseUrl, 'GET', '/v1/content/files/not-a-signed-token', {}), 404);
      for (const url of ['/no-prefix', '/v2/orgs', '/v1x/orgs']) expectError(await raw(t.baseUrl, 'GET', url, {}), 404);
    });
  });

  describe('rate limiting', () => {
    it('every /v1 answer carries X-RateLimit-* headers, errors included', async () => {
      const nowSeconds = Math.floor(Date.now() / 1000);
      const answers = [
        await raw(t.baseUrl, 'GET', `/v1/spaces/${spaceId}`, bearer(admin)),
        await raw(t.baseUrl, 'GET', `/v1/spaces/does-not-exist`, bearer(admin)),
        await raw(t.baseUrl, 'GET', `/v1/no-such-route`, bearer(admin)),
        await raw(t.baseUrl, 'POST', `/v1/orgs/${orgId}/spaces`, { ...bearer(admin), 'Content-Type': 'text/plain' }, 'x'),
        await raw(t.baseUrl, 'GET', `/v1/orgs/${orgId}`, {}),
        await raw(t.baseUrl, 'GET', '/v1/', {}),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 404, 404, 415, 401, 200]);
      for (const a of answers) {
        expect(a.headers['x-ratelimit-limit']).toBe('6000');
        expect(Number(a.headers['x-ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
        expect(Number(a.headers['x-ratelimit-remaining'])).toBeLessThan(6000);
        const reset = Number(a.headers['x-ratelimit-reset']);
        expect(reset).toBeGreaterThanOrEqual(nowSeconds);
        expect(reset).toBeLessThanOrEqual(nowSeconds + 61);
      }
      const [first, second] = [answers[0], answers[1]];
      expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    });

    describe('when exceeded', () => {
      let limited: TestApp;
      let token: string;
      let other: string;
      beforeAll(async () => {
        limited = await startTestApp({ config: { rateLimitPerMinute: 5 } });
        const boot = await limited.bootstrap('Limited Org', email('limited'));
        token = boot.token;
        [{ token: other }] = await limited.cli('token', 'create', '--user', boot.userId);
      });
      afterAll(async () => {
        await limited?.close();
      });

      it('answers 429 with Retry-After and the error body, per token; anonymous callers are limited by address', async () => {
        const remaining: number[] = [];
        for (let i = 0; i < 5; i++) {
          const res = await raw(limited.baseUrl, 'GET', '/v1/user', bearer(token));
          expect(res.status).toBe(200);
          remaining.push(Number(res.headers['x-ratelimit-remaining']));
        }
        expect(remaining).toEqual([4, 3, 2, 1, 0]);
        const before = await limited.app.get(EventStore).headPosition();
        for (const [method, url] of [
          ['GET', '/v1/user'],
          ['POST', `/v1/orgs/x/spaces`],
          ['GET', '/v1/nowhere'],
        ]) {
          const res = await raw(
            limited.baseUrl,
            method,
            url,
            { ...bearer(token), 'Content-Type': 'application/json' },
            method === 'POST' ? '{"title":"t"}' : undefined,
          );
          expectError(res, 429);
          expect(res.headers['x-ratelimit-limit']).toBe('5');
          expect(res.headers['x-ratelimit-remaining']).toBe('0');
          const retryAfter = Number(res.headers['retry-after']);
          expect(retryAfter).toBeGreaterThanOrEqual(1);
          expect(retryAfter).toBeLessThanOrEqual(60);
        }
        expect(await stateEventsAfter(limited.app.get(EventStore), before)).toEqual([]);
        // Another token of the same user has its own budget.
        const fresh = await raw(limited.baseUrl, 'GET', '/v1/user', bearer(other));
        expect(fresh.status).toBe(200);
        expect(fresh.headers['x-ratelimit-remaining']).toBe('4');
        // Anonymous callers share one budget per address.
        const anonymous: number[] = [];
        for (let i = 0; i < 6; i++) anonymous.push((await raw(limited.baseUrl, 'GET', '/v1/', {})).status);
        expect(anonymous).toEqual([200, 200, 200, 200, 200, 429]);
      });
    });

    it('RATE_LIMIT=off disables it: no headers, no 429', async () => {
      expect(PlatformConfig.fromEnv({ RATE_LIMIT: 'off' }).rateLimitEnabled).toBe(false);
      const off = await startTestApp({ config: { rateLimitEnabled: false, rateLimitPerMinute: 1 } });
      try {
        for (let i = 0; i < 3; i++) {
          const res = await raw(off.baseUrl, 'GET', '/v1/', {});
          expect(res.status).toBe(200);
          expect(Object.keys(res.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
        }
      } finally {
        await off.close();
      }
    });
  });

  describe('CORS', () => {
    const origin = 'https://app.example.com';

    it('a preflight from an allowed origin answers 204 without a token', async () => {
      for (const url of [`/v1/spaces/${spaceId}`, '/v1/no-such-route']) {
        const res = await raw(t.baseUrl, 'OPTIONS', url, {
          Origin: origin,
          'Access-Control-Request-Method': 'PATCH',
          'Access-Control-Request-Headers': 'authorization, content-type, if-match',
        });
        expect(res.status).toBe(204);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
        expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
        const headers = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
        expect(headers).toEqual(expect.arrayContaining(['authorization', 'content-type', 'if-match', 'if-none-match', 'idempotency-key', 'x-request-id']));
        expect(res.headers.vary).toMatch(/Origin/);
      }
    });

    it('answers from an allowed origin expose the rate limit, request id, ETag and Retry-After headers', async () => {
      for (const [auth, status] of [
        [bearer(admin), 200],
        [{}, 401],
      ] as const) {
        const res = await raw(t.baseUrl, 'GET', `/v1/spaces/${spaceId}`, { ...auth, Origin: origin });
        expect(res.status).toBe(status);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        const exposed = String(res.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
        expect(exposed).toEqual(
          expect.arrayContaining([
            'x-ratelimit-limit',
            'x-ratelimit-remaining',
            'x-ratelimit-reset',
            'x-request-id',
            'etag',
            'retry-after',
            'idempotent-replayed',
          ]),
        );
      }
    });

    it('other origins get no Access-Control-* headers, and their preflight is not answered', async () => {
      const res = await raw(t.baseUrl, 'GET', `/v1/spaces/${spaceId}`, { ...bearer(admin), Origin: 'https://evil.example.com' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      const pre = await raw(t.baseUrl, 'OPTIONS', `/v1/spaces/${spaceId}`, { Origin: 'https://evil.example.com', 'Access-Control-Request-Method': 'GET' });
      expect(pre.status).toBe(401);
      expect(Object.keys(pre.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    });

    it('is off by default', async () => {
      const plain = await startTestApp();
      try {
        expect(plain.app.get(PlatformConfig).corsOrigins).toEqual([]);
        const get = await raw(plain.baseUrl, 'GET', '/v1/', { Origin: origin });
        const pre = await raw(plain.baseUrl, 'OPTIONS', '/v1/', { Origin: origin, 'Access-Control-Request-Method': 'GET' });
        expect(get.status).toBe(200);
        expectError(pre, 401);
        for (const res of [get, pre]) expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      } finally {
        await plain.close();
      }
    });

    it('CORS_ORIGINS is a comma-separated list', () => {
      expect(PlatformConfig.fromEnv({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    });
  });

  describe('request ids and logs', () => {
    let app: NestExpressApplication;
    let baseUrl: string;
    let token: string;
    let user: string;
    const lines: string[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-log-'));

    beforeAll(async () => {
      const config = PlatformConfig.fromEnv({}, { dataDir, schedulerIntervalMs: 3_600_000, logLevel: 'info' });
      const moduleRef = await Test.createTestingModule({
        imports: [AppModule.register({ config, clock: new ManualClock('2026-03-01T10:00:00.000Z') })],
      }).compile();
      app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: ['error'] });
      const logStream = new Writable({
        write(chunk, _enc, done) {
          lines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      });
      configureHttp(app, { logStream });
      await app.listen(0, '127.0.0.1');
      baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
      const out: string[] = [];
      await runCli(['bootstrap', '--org', 'Log Org', '--email', email('log'), '--name', 'Logger'], app, (l) => out.push(l));
      ({ token, userId: user } = JSON.parse(out[0]));
    });
    afterAll(async () => {
      await app?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const logOf = (requestId: string) => lines.map((l) => JSON.parse(l)).filter((l) => l.requestId === requestId);

    it('X-Request-Id is echoed when valid, replaced when not, generated when absent', async () => {
      const given = await raw(baseUrl, 'GET', '/v1/user', { ...bearer(token), 'X-Request-Id': 'client-chosen.id_42' });
      expect(given.headers['x-request-id']).toBe('client-chosen.id_42');
      for (const bad of ['x'.repeat(129), 'tab\there', 'ünïcode']) {
        const res = await raw(baseUrl, 'GET', '/v1/user', { ...bearer(token), 'X-Request-Id': bad });
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      const a = await raw(baseUrl, 'GET', '/v1/nope', {});
      const b = await raw(baseUrl, 'GET', '/v1/nope', {});
      expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    });

    it('one JSON line per request with method, route, status, duration, request id and user id; never the token', async () => {
      const ok = await raw(baseUrl, 'GET', `/v1/users/${user}`, { ...bearer(token), 'X-Request-Id': 'log-ok' });
      expect(ok.status).toBe(200);
      await raw(baseUrl, 'GET', '/v1/user', { ...bearer(token), 'X-Request-Id': 'log-bad-token', Authorization: `Bearer ${token}x` });
      await raw(baseUrl, 'POST', '/v1/orgs/x/spaces', { ...bearer(token), 'X-Request-Id': 'log-415', 'Content-Type': 'text/plain' }, `secret ${token}`);
      await new Promise((r) => setImmediate(r));

      const [line] = logOf('log-ok');
      expect(logOf('log-ok')).toHaveLength(1);
      expect(line).toEqual(expect.objectContaining({ method: 'GET', route: '/v1/users/:userId', status: 200, requestId: 'log-ok', userId: user }));
      expect(typeof line.durationMs).toBe('number');
      expect(logOf('log-bad-token')[0]).toEqual(expect.objectContaining({ status: 401, route: '/v1/user' }));
      expect(logOf('log-bad-token')[0].userId).toBeUndefined();
      expect(logOf('log-415')[0]).toEqual(expect.objectContaining({ status: 415, method: 'POST' }));

      const all = lines.join('\n');
      expect(all).not.toContain(token);
      expect(all.toLowerCase()).not.toContain('authorization');
      expect(all).not.toContain('Bearer');
    });
  });
});
