import { createHmac } from 'crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * What only this server has, in its own OpenAPI document (GET /v1/openapi.json): the additions
 * the platform's decorators and service-additions.ts write (asOf, ETag/If-None-Match/304,
 * If-Match/412, Idempotency-Key/422, X-Request-Id, rate limits, NDJSON, the change feed, the
 * signed webhooks, the probes), each checked against what the server actually does. The page
 * that renders the document (GET /v1/docs) is served from the installed Swagger UI.
 */
type Json = any;
const WRITES = ['post', 'put', 'patch', 'delete'];

describe("the server's own additions in its OpenAPI document (e2e)", () => {
  let t: TestApp;
  let doc: Json;
  let orgId: string;
  let token: string;
  let spaceId: string;
  let receiver: WebhookReceiver;
  let ajv: Ajv2020;

  const op = (path: string, method: string): Json => {
    const found = doc.paths[path]?.[method];
    if (!found) throw new Error(`no ${method.toUpperCase()} ${path} in the document`);
    return found;
  };
  const resolve = (node: Json): Json =>
    node?.$ref
      ? resolve(
          node.$ref
            .split('/')
            .slice(1)
            .reduce((n: Json, k: string) => n?.[k], doc),
        )
      : node;
  const param = (o: Json, name: string, where: string) =>
    (o.parameters ?? []).map(resolve).find((p: Json) => p.in === where && (where === 'header' ? p.name.toLowerCase() === name.toLowerCase() : p.name === name));
  const own = { 'x-docs-platform': { own: true } };
  /** Validates `value` against a schema of the document (its components resolve as they would for a client). */
  const validates = (schema: Json, value: unknown) => {
    const validate = ajv.compile({ $ref: `service#${schema.$ref.slice(1)}` });
    const ok = validate(value);
    if (!ok) throw new Error(`${schema.$ref}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value).slice(0, 500)}`);
  };
  const operations = (): Array<{ path: string; method: string; o: Json }> =>
    Object.entries<Json>(doc.paths).flatMap(([path, item]) => Object.entries<Json>(item).map(([method, o]) => ({ path, method, o })));

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await startTestApp();
    ({ organizationId: orgId, token } = await t.bootstrap('Acme', email('ada')));
    spaceId = (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(token)).send({ title: 'Guide' }).expect(201)).body.id;
    const res = await t.http.get('/v1/openapi.json').expect(200);
    doc = res.body;
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema({ $id: 'service', components: doc.components }, 'service');
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('a single resource: asOf with X-As-Of, ETag with If-None-Match and 304 — as the route answers', async () => {
    const get = op('/v1/spaces/{spaceId}', 'get');
    expect(param(get, 'asOf', 'query')).toMatchObject({ schema: { type: 'string' }, ...own });
    expect(param(get, 'asOf', 'query').description).toMatch(/ISO 8601 instant not in the future.*audit event/);
    expect(param(get, 'If-None-Match', 'header')).toMatchObject(own);
    expect(Object.keys(resolve(get.responses['200']).headers)).toEqual(expect.arrayContaining(['ETag', 'X-As-Of', 'X-Request-Id', 'X-RateLimit-Remaining']));
    expect(get.responses['304']).toMatchObject(own);

    const res = await t.http.get(`/v1/spaces/${spaceId}`).set(bearer(token)).expect(200);
    await t.http.get(`/v1/spaces/${spaceId}`).set(bearer(token)).set('If-None-Match', res.headers.etag).expect(304);
    const past = await t.http.get(`/v1/spaces/${spaceId}`).query({ asOf: t.clock.now().toISOString() }).set(bearer(token)).expect(200);
    expect(past.headers['x-as-of']).toBe(t.clock.now().toISOString());
    await t.http.get(`/v1/spaces/${spaceId}`).query({ asOf: '2999-01-01T00:00:00Z' }).set(bearer(token)).expect(400);
  });

  it('writes: If-Match with 412 and Idempotency-Key with 422 — as the routes answer', async () => {
    for (const [path, method] of [
      ['/v1/spaces/{spaceId}', 'patch'],
      ['/v1/spaces/{spaceId}', 'delete'],
      // RepresentedBy: a grant compares with the space's ETag.
      ['/v1/spaces/{spaceId}/permissions/users/{userId}', 'patch'],
    ]) {
      const write = op(path, method);
      expect(param(write, 'If-Match', 'header')).toMatchObject(own);
      expect(write.responses['412']).toBeDefined();
      expect(param(write, 'Idempotency-Key', 'header')).toMatchObject({ schema: { maxLength: 255 }, ...own });
      expect(resolve(write.responses['422'])).toMatchObject(own);
    }
    const patch = (headers: Record<string, string>, title: string) =>
      t.http
        .patch(`/v1/spaces/${spaceId}`)
        .set({ ...bearer(token), ...headers })
        .send({ title });
    const stale = await patch({ 'If-Match': '"stale"' }, 'Never');
    expect([stale.status, typeof stale.headers.etag]).toEqual([412, 'string']);
    expect((await patch({ 'Idempotency-Key': 'rename-1' }, 'Guide v2')).status).toBe(200);
    expect((await patch({ 'Idempotency-Key': 'rename-1' }, 'Guide v3')).status).toBe(422);
    const replay = await patch({ 'Idempotency-Key': 'rename-1' }, 'Guide v2');
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
  });

  it('read-your-writes across instances: X-Position on a write, X-Min-Position on reads — as the routes answer', async () => {
    const patch = op('/v1/spaces/{spaceId}', 'patch');
    expect(resolve(patch.responses['200']).headers?.['X-Position']).toBeDefined();
    const get = op('/v1/spaces/{spaceId}', 'get');
    expect(param(get, 'X-Min-Position', 'header')).toMatchObject({ in: 'header', ...own });
    // Not on the routes that need no token (they read no read models).
    expect((op('/v1/openapi.json', 'get').parameters ?? []).map((p: Json) => resolve(p).name)).not.toContain('X-Min-Position');
    const written = await t.http.patch(`/v1/spaces/${spaceId}`).set(bearer(token)).send({ title: 'Positioned' }).expect(200);
    expect(written.headers['x-position']).toMatch(/^\d+$/);
    const read = await t.http
      .get(`/v1/spaces/${spaceId}`)
      .set({ ...bearer(token), 'X-Min-Position': written.headers['x-position'] })
      .expect(200);
    expect(read.body.title).toBe('Positioned');
    expect((await t.http.get(`/v1/spaces/${spaceId}`).set({ ...bearer(token), 'X-Min-Position': 'soon' })).status).toBe(400);
  });

  it('every operation: X-Request-Id; every /v1 one 429; every write with a token Idempotency-Key; every asOf described', () => {
    const asOfRoutes: string[] = [];
    for (const { path, method, o } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect([where, !!param(o, 'X-Request-Id', 'header')]).toEqual([where, true]);
      if (path.startsWith('/v1')) expect([where, !!o.responses['429']]).toEqual([where, true]);
      const needsToken = !(Array.isArray(o.security) && o.security.length === 0);
      if (path.startsWith('/v1') && WRITES.includes(method)) expect([where, !!param(o, 'Idempotency-Key', 'header')]).toEqual([where, needsToken]);
      const asOf = param(o, 'asOf', 'query');
      if (asOf) {
        asOfRoutes.push(path);
        expect([where, asOf['x-docs-platform'], asOf.description]).toEqual([where, { own: true }, expect.stringContaining('audit event')]);
      }
    }
    // The time-travel routes of README "Time travel", all of them and only them.
    expect(asOfRoutes.sort()).toEqual(
      [
        '/v1/orgs/{organizationId}',
        '/v1/orgs/{organizationId}/members',
        '/v1/orgs/{organizationId}/teams/{teamId}',
        '/v1/spaces/{spaceId}',
        '/v1/collections/{collectionId}',
        ...['spaces/{spaceId}', 'collections/{collectionId}'].flatMap((item) => ['users', 'teams', 'aggregate'].map((l) => `/v1/${item}/permissions/${l}`)),
        '/v1/spaces/{spaceId}/change-requests/{changeRequestId}',
        '/v1/spaces/{spaceId}/content',
        '/v1/spaces/{spaceId}/content/page/{pageId}',
      ].sort(),
    );
    const res = t.http.get('/v1/').set('X-Request-Id', 'trace-me-1');
    return res.expect('X-Request-Id', 'trace-me-1').expect('X-RateLimit-Limit', /^\d+$/);
  });

  it('the audit-event list also answers NDJSON, each line an AuditEvent as documented', async () => {
    const list = op('/v1/orgs/{organizationId}/audit-events', 'get');
    const ok = resolve(list.responses['200']);
    expect(Object.keys(ok.content)).toEqual(expect.arrayContaining(['application/json', 'application/x-ndjson']));
    // The resource histories answer the same way.
    for (const path of [
      '/v1/orgs/{organizationId}/audit-events',
      '/v1/spaces/{spaceId}/audit-events',
      '/v1/orgs/{organizationId}/members/{userId}/audit-events',
    ])
      expect([path, resolve(op(path, 'get').responses['200']).content['application/x-ndjson']]).toEqual([
        path,
        { schema: { $ref: '#/components/schemas/AuditEvent' }, ...own },
      ]);
    await t.engine.drain();
    const res = await t.http
      .get(`/v1/orgs/${orgId}/audit-events`)
      .set(bearer(token))
      .set('Accept', 'application/x-ndjson')
      .buffer(true)
      .parse((r: Json, cb: Json) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString()));
        r.on('end', () => cb(null, text));
      });
    const lines = (res.body as string).trim().split('\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) validates(ok.content['application/x-ndjson'].schema, JSON.parse(line));
  });

  it('the change feed: text/event-stream events with a resume token, Last-Event-ID, 406 and 429', async () => {
    const feed = op('/v1/orgs/{organizationId}/events', 'get');
    const stream = feed.responses['200'].content['text/event-stream'];
    expect(stream.schema.properties).toMatchObject({ id: { type: 'string' }, event: { type: 'string' }, data: { $ref: '#/components/schemas/AuditEvent' } });
    expect(param(feed, 'Last-Event-ID', 'header')).toBeDefined();
    expect(feed.responses['429'].description).toContain('FEED_MAX_STREAMS_PER_TOKEN');
    expect(feed.responses['406']).toBeDefined();
    await t.http.get(`/v1/orgs/${orgId}/events`).set(bearer(token)).set('Accept', 'application/json').expect(406);
  });

  it('the signed webhooks: a real delivery has the documented headers, signature and payload', async () => {
    const post = doc.webhooks.auditEvent.post;
    expect(post).toMatchObject(own);
    expect(post.parameters.map((p: Json) => [p.name, p.in, p.required])).toEqual([
      ['webhook-id', 'header', true],
      ['webhook-timestamp', 'header', true],
      ['webhook-signature', 'header', true],
    ]);
    expect(post.description).toContain('at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h');
    expect(Object.keys(post.responses)).toContain('2XX');

    const hook = (
      await t.http
        .post(`/v1/orgs/${orgId}/webhooks`)
        .set(bearer(token))
        .send({ url: receiver.url('/doc'), events: ['space.*'] })
        .expect(201)
    ).body;
    await t.http.patch(`/v1/spaces/${spaceId}`).set(bearer(token)).send({ title: 'Delivered' }).expect(200);
    await receiver.waitFor((r) => r.some((d) => d.path === '/doc'));
    const [got] = receiver.on('/doc');
    validates(post.requestBody.content['application/json'].schema, got.body);
    expect(got.body).toMatchObject({ type: 'space.updated', data: { object: { id: spaceId, title: 'Delivered' } } });
    // The recipe the description gives: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">.
    const key = Buffer.from(hook.secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(`${got.id}.${got.timestamp}.${got.raw}`).digest('base64');
    expect(got.signature.split(' ')).toContain(`v1,${expected}`);
  });

  it('the probes: their bodies validate against the documented schemas', async () => {
    const live = op('/health/live', 'get');
    const ready = op('/health/ready', 'get');
    expect(Object.keys(ready.responses)).toEqual(expect.arrayContaining(['200', '503']));
    validates(live.responses['200'].content['application/json'].schema, (await t.http.get('/health/live').expect(200)).body);
    validates(ready.responses['200'].content['application/json'].schema, (await t.http.get('/health/ready').expect(200)).body);
  });
});

describe('the API reference page GET /v1/docs (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t?.close());

  it('is open without a token, allows only its own origin, and every asset it names is served from here', async () => {
    const page = await t.http
      .get('/v1/docs')
      .expect(200)
      .expect('Content-Type', /text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/https?:|unsafe-inline|unsafe-eval|\*/);
    expect(page.text).not.toMatch(/<script>|https?:\/\//);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(expect.arrayContaining(['/v1/docs/assets/swagger-ui-bundle.js', '/v1/docs/assets/swagger-ui.css', '/v1/docs/assets/start.js']));
    for (const asset of assets) {
      const res = await t.http.get(asset).expect(200);
      expect([asset, res.headers['content-security-policy']]).toEqual([asset, csp]);
    }
    const start = await t.http.get('/v1/docs/assets/start.js').expect('Content-Type', /javascript/);
    expect(start.text).toContain("url: '/v1/openapi.json'");
    expect(start.text).toContain('validatorUrl: null');
  });

  it('serves only the files the page uses', async () => {
    for (const name of ['index.html', 'package.json', '..%2F..%2Fpackage.json', 'swagger-initializer.js']) {
      const res = await t.http.get(`/v1/docs/assets/${name}`).expect(404);
      expect(res.body).toEqual({ error: { code: 404, message: expect.stringContaining('file:') } });
    }
  });
});
