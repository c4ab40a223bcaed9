import { GitBookAPI, OpenAPISpecVisibility, StorageUploadKind } from '@gitbook/api';
import { OPENAPI_31_YAML, petstore, SpecServer, SWAGGER_2_YAML } from '../../libs/openapi/src/testing/spec-server';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

/**
 * OpenAPI specifications through the official client, every answer validated against the
 * reference: creation by URL, text and uploaded file, processing (pending → progress →
 * complete) by the saga and its timer, versions and their content, refresh on PUT, failures
 * (invalid, slow, huge, redirecting, missing), visibility and the published link, deletes.
 * Specs are served by a local HTTP server; processing runs when the test fires due timers.
 */
describe('OpenAPI specs (e2e)', () => {
  let t: TestApp;
  const specs = new SpecServer();
  let orgId: string;
  let admin: string;
  let reader: string;
  let outsider: string;
  let api: GitBookAPI['orgs'];

  /** An official-client call whose answer must match the reference for its operation. */
  async function ok<T>(operationId: string, call: Promise<{ status: number; data: T }>, status?: number): Promise<T> {
    const res = await call;
    expectMatchesOperation(operationId, res.status, res.data ?? null);
    if (status !== undefined) expect(res.status).toBe(status);
    return res.data;
  }
  /** Runs what the saga scheduled: the processing timers that are due. */
  async function processAll() {
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
  }
  const get = (slug: string) => ok('getOpenAPISpecBySlug', api.getOpenApiSpecBySlug(orgId, slug));

  beforeAll(async () => {
    await specs.start();
    t = await startTestApp({ config: { fetchTimeoutMs: 1500, fetchMaxBytes: 300_000, fetchMaxRedirects: 3 } });
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Specs Org', email('admin')));
    [{ token: reader }] = await t.cli('user', 'create', '--email', email('reader'), '--name', 'Reader', '--org', orgId, '--role', 'read');
    ({ token: outsider } = await t.bootstrap('Other Org', email('outsider')));
    api = t.client(admin).orgs;
  });
  afterAll(async () => {
    await t?.close();
    await specs.stop();
  });

  it('creates a spec by URL: pending, then progress while fetching, then complete with its first version', async () => {
    specs.hold('/held.json');
    const created = await ok('createOpenAPISpec', api.createOpenApiSpec(orgId, { slug: 'pets', source: { url: specs.url('/held.json') } }), 201);
    expect(created).toMatchObject({
      object: 'openapi-spec',
      slug: 'pets',
      sourceURL: specs.url('/held.json'),
      processingState: 'pending',
      visibility: 'private',
    });
    expect(created.permissions).toEqual({ view: true, edit: true });
    expect(created.lastVersion).toBeUndefined();

    await t.engine.drain();
    const running = t.scheduler.runDue();
    for (let i = 0; i < 500 && specs.waiting('/held.json') === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await get('pets')).processingState).toBe('progress');
    specs.release('/held.json', petstore('1.0.0'));
    await running;
    await t.engine.drain();

    const done = await get('pets');
    expect(done).toMatchObject({ processingState: 'complete', lastProcessedAt: expect.any(String) });
    expect(done.lastProcessErrorCode).toBeUndefined();
    expect(done.lastVersion).toEqual(expect.any(String));
    const versions = await ok('listOpenAPISpecVersions', api.listOpenApiSpecVersions(orgId, 'pets'));
    expect(versions.items.map((v) => v.id)).toEqual([done.lastVersion]);
  });

  it('versions: latest, by id, their content (filesystem and a signed URL that needs no token)', async () => {
    const { lastVersion } = await get('pets');
    const latest = await ok('getLatestOpenAPISpecVersion', api.getLatestOpenApiSpecVersion(orgId, 'pets'));
    expect(latest).toMatchObject({ object: 'openapi-spec-version', id: lastVersion });
    expect(await ok('getOpenAPISpecVersionById', api.getOpenApiSpecVersionById(orgId, 'pets', lastVersion!))).toEqual(latest);
    const content = await ok('getLatestOpenAPISpecVersionContent', api.getLatestOpenApiSpecVersionContent(orgId, 'pets'));
    expect(content.filesystem).toEqual({ 'openapi.json': petstore('1.0.0') });
    expect(await ok('getOpenAPISpecVersionContentById', api.getOpenApiSpecVersionContentById(orgId, 'pets', lastVersion!))).toEqual(content);
    for (const url of [content.url, latest.url]) {
      const raw = await t.http.get(new URL(url).pathname);
      expect([raw.status, raw.headers['content-type'], JSON.parse(raw.text)]).toEqual([200, 'application/json; charset=utf-8', petstore('1.0.0')]);
      expect(raw.headers['x-content-type-options']).toBe('nosniff');
    }
    // A forged or altered link finds nothing.
    expect((await t.http.get(`${new URL(content.url).pathname}x`)).status).toBe(404);
    expect((await callOperation(t, 'getOpenAPISpecVersionById', { organizationId: orgId, specSlug: 'pets', versionId: 'nope' }, admin)).status).toBe(404);
  });

  it('PUT of the same URL fetches again: unchanged content makes no version, changed content does', async () => {
    specs.serve('/live.json', petstore('1.0.0'));
    const put = await api.createOrUpdateOpenApiSpecBySlug(orgId, 'pets', { source: { url: specs.url('/live.json') } });
    expectMatchesOperation('createOrUpdateOpenAPISpecBySlug', put.status, put.data);
    expect([put.status, put.data.processingState, put.data.sourceURL]).toEqual([200, 'pending', specs.url('/live.json')]);
    const before = (await get('pets')).lastVersion;
    await processAll();
    expect(specs.hits.get('/live.json')).toBe(1);
    expect((await get('pets')).lastVersion).toBe(before);

    await ok('createOrUpdateOpenAPISpecBySlug', api.createOrUpdateOpenApiSpecBySlug(orgId, 'pets', { source: { url: specs.url('/live.json') } }), 200);
    await processAll();
    expect(specs.hits.get('/live.json')).toBe(2);
    expect((await ok('listOpenAPISpecVersions', api.listOpenApiSpecVersions(orgId, 'pets'))).count).toBe(1);

    specs.serve('/live.json', petstore('1.1.0', '/cats'));
    await ok('createOrUpdateOpenAPISpecBySlug', api.createOrUpdateOpenApiSpecBySlug(orgId, 'pets', { source: { url: specs.url('/live.json') } }), 200);
    await processAll();
    const after = await get('pets');
    expect(after.lastVersion).not.toBe(before);
    const versions = await ok('listOpenAPISpecVersions', api.listOpenApiSpecVersions(orgId, 'pets'));
    expect(versions.items.map((v) => v.id)).toEqual([after.lastVersion, before]);
    expect((await api.getLatestOpenApiSpecVersionContent(orgId, 'pets')).data.filesystem).toEqual({ 'openapi.json': petstore('1.1.0', '/cats') });
    // Paging over versions, newest first.
    const first = await ok('listOpenAPISpecVersions', api.listOpenApiSpecVersions(orgId, 'pets', { limit: 1 }));
    const second = await ok('listOpenAPISpecVersions', api.listOpenApiSpecVersions(orgId, 'pets', { limit: 1, page: first.next!.page }));
    expect([...first.items, ...second.items].map((v) => v.id)).toEqual([after.lastVersion, before]);
    expect(second.next).toBeUndefined();
  });

  it('PUT creates (201); text and YAML, Swagger 2.0 and OpenAPI 3.1 are accepted', async () => {
    const created = await api.createOrUpdateOpenApiSpecBySlug(orgId, 'legacy', { source: { text: SWAGGER_2_YAML } });
    expectMatchesOperation('createOrUpdateOpenAPISpecBySlug', created.status, created.data);
    expect([created.status, created.data.sourceURL]).toEqual([201, undefined]);
    specs.serve('/v31.yaml', OPENAPI_31_YAML);
    // The contract's slugs take capitals; slugs are case-insensitive and answered in lower case, as the reference's.
    const v31 = await ok('createOpenAPISpec', api.createOpenApiSpec(orgId, { slug: 'Webhooks-3-1', source: { url: specs.url('/v31.yaml') } }), 201);
    expect(v31.slug).toBe('webhooks-3-1');
    await processAll();
    for (const [slug, doc] of [
      ['legacy', { swagger: '2.0' }],
      ['Webhooks-3-1', { openapi: '3.1.0' }],
    ] as const) {
      const spec = (await t.http.get(`/v1/orgs/${orgId}/openapi/${slug}`).set(bearer(admin))).body;
      expect([slug, spec.processingState, spec.lastProcessErrorCode, typeof spec.lastVersion]).toEqual([slug, 'complete', undefined, 'string']);
      const content = (await t.http.get(`/v1/orgs/${orgId}/openapi/${slug}/versions/latest/content`).set(bearer(admin))).body;
      expect(content.filesystem['openapi.yaml']).toMatchObject(doc);
      expect((await t.http.get(new URL(content.url).pathname)).headers['content-type']).toBe('application/yaml; charset=utf-8');
    }
  });

  it('a file uploaded through generateStorageUploadURL is a source (by its key), and only in its own organization', async () => {
    const bytes = Buffer.from(SWAGGER_2_YAML);
    const upload = await ok(
      'generateStorageUploadURL',
      t.client(admin).orgs.generateStorageUploadUrl(orgId, {
        kind: StorageUploadKind.ImportFile,
        file: { name: 'openapi.yaml', type: 'application/yaml', size: bytes.length },
      }),
    );
    expect((await t.http.put(new URL(upload.url).pathname).set('Content-Type', 'application/yaml').send(bytes)).status).toBeLessThan(300);
    const res = await t.http
      .post(`/v1/orgs/${orgId}/openapi`)
      .set(bearer(admin))
      .send({ slug: 'uploaded', source: { storageKey: upload.key } });
    expectMatchesOperation('createOpenAPISpec', res.status, res.body);
    await processAll();
    expect((await get('uploaded')).processingState).toBe('complete');
    expect((await t.http.get(`/v1/orgs/${orgId}/openapi/uploaded/versions/latest/content`).set(bearer(admin))).body.filesystem['openapi.yaml'].swagger).toBe(
      '2.0',
    );
    const otherOrg = (await t.http.get('/v1/orgs').set(bearer(outsider))).body.items[0].id;
    const refused = await t.http
      .post(`/v1/orgs/${otherOrg}/openapi`)
      .set(bearer(outsider))
      .send({ slug: 'stolen', source: { storageKey: upload.key } });
    expect([refused.status, refused.body.error.message]).toEqual([400, expect.stringMatching(/^source\.storageKey: no uploaded file/)]);
  });

  it('failures end complete with the error code and messages, and keep the last version', async () => {
    const invalid = { openapi: '3.0.3', info: { title: 'No version' }, paths: { '/a': { get: { responses: 'nope' } } } };
    specs.serve('/invalid.json', invalid).serve('/broken.yaml', 'openapi: 3.0.3\ninfo: [oops\n').hold('/slow.json');
    specs.serve('/huge.json', { ...petstore(), padding: 'x'.repeat(400_000) });
    specs.redirect('/r3', '/r2').redirect('/r2', '/r1').redirect('/r1', '/r0').redirect('/r0', '/ok.json').serve('/ok.json', petstore('2.0.0'));
    const cases: Array<[string, string, string, RegExp]> = [
      ['invalid', '/invalid.json', 'PARSE_ERROR', /^#\/info must have required property 'version'$/],
      ['broken', '/broken.yaml', 'PARSE_ERROR', /^not valid YAML: /],
      ['slow', '/slow.json', 'FETCH_TIMEOUT', /did not answer in full within 1500 ms$/],
      ['huge', '/huge.json', 'FETCH_ERROR', /is larger than 300000 bytes \(FETCH_MAX_BYTES\)$/],
      ['missing', '/missing.json', 'FETCH_ERROR', /answered 404 Not Found$/],
      ['redirects', '/r3', 'FETCH_ERROR', /redirected more than 3 times$/],
    ];
    for (const [slug, path] of cases) await ok('createOpenAPISpec', api.createOpenApiSpec(orgId, { slug, source: { url: specs.url(path) } }), 201);
    await processAll();
    for (const [slug, , code, message] of cases) {
      const spec = await get(slug);
      expect([slug, spec.processingState, spec.lastProcessErrorCode, spec.lastVersion]).toEqual([slug, 'complete', code, undefined]);
      expect(spec.lastProcessedErrors![0].message).toMatch(message);
      expect((await clientError(api.getLatestOpenApiSpecVersion(orgId, slug))).code).toBe(404);
    }
    expect((await get('invalid')).lastProcessedErrors).toEqual([
      { code: 'INVALID_SCHEMA', message: "#/info must have required property 'version'" },
      { code: 'INVALID_SCHEMA', message: '#/paths/~1a/get/responses must be object' },
    ]);
    // Three redirects are followed; a failure after a success keeps the version that was.
    await ok('createOrUpdateOpenAPISpecBySlug', api.createOrUpdateOpenApiSpecBySlug(orgId, 'redirects', { source: { url: specs.url('/r2') } }), 200);
    await processAll();
    const fixed = await get('redirects');
    expect([fixed.lastProcessErrorCode, fixed.lastProcessedErrors, typeof fixed.lastVersion]).toEqual([undefined, [], 'string']);
    await ok('createOrUpdateOpenAPISpecBySlug', api.createOrUpdateOpenApiSpecBySlug(orgId, 'redirects', { source: { url: specs.url('/invalid.json') } }), 200);
    await processAll();
    expect(await get('redirects')).toMatchObject({ lastProcessErrorCode: 'PARSE_ERROR', lastVersion: fixed.lastVersion });
  });

  it('visibility: public specs are readable by anyone at their published link; private ones are not', async () => {
    const pub = await ok('updateOpenAPISpecBySlug', api.updateOpenApiSpecBySlug(orgId, 'pets', { visibility: OpenAPISpecVisibility.Public }));
    expect(pub.visibility).toBe('public');
    const published = new URL(pub.urls.published!).pathname;
    const raw = await t.http.get(published);
    expect([raw.status, JSON.parse(raw.text)]).toEqual([200, petstore('1.1.0', '/cats')]);
    expect((await t.http.get(published).set('If-None-Match', raw.headers.etag)).status).toBe(304);
    const priv = await ok('updateOpenAPISpecBySlug', api.updateOpenApiSpecBySlug(orgId, 'pets', { visibility: OpenAPISpecVisibility.Private }));
    expect(priv.urls.published).toBeUndefined();
    expect((await t.http.get(published)).status).toBe(404);
    expect(
      (await callOperation(t, 'updateOpenAPISpecBySlug', { organizationId: orgId, specSlug: 'pets' }, admin, { body: { visibility: 'secret' } })).status,
    ).toBe(400);
    expect(
      (await callOperation(t, 'updateOpenAPISpecBySlug', { organizationId: orgId, specSlug: 'nope' }, admin, { body: { visibility: 'public' } })).status,
    ).toBe(404);
  });

  it('lists the organization’s specs in creation order, with paging', async () => {
    const all = await ok('listOpenAPISpecs', api.listOpenApiSpecs(orgId));
    expect(all.items.map((s) => s.slug)).toEqual(['pets', 'legacy', 'webhooks-3-1', 'uploaded', 'invalid', 'broken', 'slow', 'huge', 'missing', 'redirects']);
    const page = await ok('listOpenAPISpecs', api.listOpenApiSpecs(orgId, { limit: 4 }));
    const rest = await ok('listOpenAPISpecs', api.listOpenApiSpecs(orgId, { limit: 100, page: page.next!.page }));
    expect([...page.items, ...rest.items].map((s) => s.id)).toEqual(all.items.map((s) => s.id));
  });

  it('refuses bad slugs, taken slugs and bad sources, naming the field', async () => {
    const post = (body: unknown) => callOperation(t, 'createOpenAPISpec', { organizationId: orgId }, admin, { body });
    const cases: Array<[unknown, RegExp]> = [
      [{ slug: 'has space', source: { url: 'https://e.com/a.json' } }, /^slug: /],
      [{ slug: 'x'.repeat(101), source: { url: 'https://e.com/a.json' } }, /^slug: /],
      [{ slug: 'pets', source: { url: 'https://e.com/a.json' } }, /^slug: an OpenAPI specification "pets" already exists/],
      [{ slug: 'PETS', source: { url: 'https://e.com/a.json' } }, /^slug: an OpenAPI specification "pets" already exists/],
      [{ slug: 'new', source: {} }, /^source: must have exactly one of/],
      [{ slug: 'new', source: { url: 'https://e.com/a', text: 'x' } }, /^source: must have exactly one of/],
      [{ slug: 'new', source: { url: 'ftp://e.com/a' } }, /^source\.url: /],
      [{ slug: 'new', source: { url: 'https://me:secret@e.com/a.json' } }, /^source\.url: must not carry credentials/],
      [{ slug: 'new', source: { text: '' } }, /^source\.text: /],
      [{ slug: 'new', source: { storageKey: '../etc/passwd' } }, /^source\.storageKey: /],
      [{ slug: 'new', source: { storageKey: `orgs/${orgId}/import_file/none/x.json` } }, /^source\.storageKey: no uploaded file/],
      [{ slug: 'new', source: { file: 'x' } }, /^source\.file: unknown field/],
      [{ slug: 'new', source: { text: 'x'.repeat(300_001) } }, /^source\.text: at most 300000 bytes/],
      [{ slug: 'new' }, /^source: /],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect([res.status, res.body.error.message]).toEqual([400, expect.stringMatching(message)]);
    }
    const badPath = await callOperation(t, 'createOrUpdateOpenAPISpecBySlug', { organizationId: orgId, specSlug: 'bad--slug' }, admin, {
      body: { source: { text: 'x' } },
    });
    expect([badPath.status, badPath.body.error.message]).toEqual([400, expect.stringMatching(/^specSlug: /)]);
    expect((await callOperation(t, 'listOpenAPISpecs', { organizationId: orgId }, admin)).body.count).toBe(10);
  });

  it('members read (edit false) and cannot change; outsiders find nothing', async () => {
    const asReader = t.client(reader).orgs;
    const spec = await ok('getOpenAPISpecBySlug', asReader.getOpenApiSpecBySlug(orgId, 'pets'));
    expect(spec.permissions).toEqual({ view: true, edit: false });
    expect((await ok('listOpenAPISpecs', asReader.listOpenApiSpecs(orgId))).count).toBe(10);
    await ok('getLatestOpenAPISpecVersionContent', asReader.getLatestOpenApiSpecVersionContent(orgId, 'pets'));
    for (const call of [
      asReader.createOpenApiSpec(orgId, { slug: 'mine', source: { text: SWAGGER_2_YAML } }),
      asReader.createOrUpdateOpenApiSpecBySlug(orgId, 'pets', { source: { text: SWAGGER_2_YAML } }),
      asReader.updateOpenApiSpecBySlug(orgId, 'pets', { visibility: OpenAPISpecVisibility.Public }),
      asReader.deleteOpenApiSpecBySlug(orgId, 'pets'),
    ]) {
      const e = await clientError(call);
      expect([e.code, e.errorMessage]).toEqual([403, expect.stringContaining('createOpenAPISpec')]);
    }
    for (const [op, params] of [
      ['getOpenAPISpecBySlug', { specSlug: 'pets' }],
      ['listOpenAPISpecs', {}],
      ['listOpenAPISpecVersions', { specSlug: 'pets' }],
      ['getLatestOpenAPISpecVersionContent', { specSlug: 'pets' }],
      ['deleteOpenAPISpecBySlug', { specSlug: 'pets' }],
    ] as const)
      expect([op, (await callOperation(t, op, { organizationId: orgId, ...params }, outsider)).status]).toEqual([op, 404]);
  });

  it('deletes once (205, its versions too), then 204; the slug can be created again as a new spec', async () => {
    const before = await get('legacy');
    const del = await api.deleteOpenApiSpecBySlug(orgId, 'legacy');
    expect(del.status).toBe(205);
    expect((await clientError(api.getOpenApiSpecBySlug(orgId, 'legacy'))).code).toBe(404);
    expect((await callOperation(t, 'listOpenAPISpecVersions', { organizationId: orgId, specSlug: 'legacy' }, admin)).status).toBe(404);
    expect((await api.deleteOpenApiSpecBySlug(orgId, 'legacy')).status).toBe(204);
    const again = await ok('createOpenAPISpec', api.createOpenApiSpec(orgId, { slug: 'legacy', source: { text: SWAGGER_2_YAML } }), 201);
    expect(again.id).not.toBe(before.id);
    expect(again.lastVersion).toBeUndefined();
    expect((await ok('listOpenAPISpecVersions', api.listOpenApiSpecVersions(orgId, 'legacy'))).count).toBe(0);
  });

  it('ETags: a spec GET is tagged, If-None-Match answers 304, a stale If-Match answers 412', async () => {
    const first = await t.http.get(`/v1/orgs/${orgId}/openapi/pets`).set(bearer(admin));
    expect(first.headers.etag).toEqual(expect.any(String));
    expect((await t.http.get(`/v1/orgs/${orgId}/openapi/pets`).set(bearer(admin)).set('If-None-Match', first.headers.etag)).status).toBe(304);
    await t.http.patch(`/v1/orgs/${orgId}/openapi/pets`).set(bearer(admin)).send({ visibility: OpenAPISpecVisibility.Public }).expect(200);
    const stale = await t.http
      .patch(`/v1/orgs/${orgId}/openapi/pets`)
      .set(bearer(admin))
      .set('If-Match', first.headers.etag)
      .send({ visibility: OpenAPISpecVisibility.Private });
    expect(stale.status).toBe(412);
  });
});
