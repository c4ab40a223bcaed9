import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { upgradeSchemasTo31 } from '../../apps/api/src/openapi/schema-upgrade';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The server's own OpenAPI document (GET /v1/openapi.json, .yaml): valid OpenAPI 3.1, the routes
 * Nest serves and only those, the GitBook reference's operation ids, parameters and schemas for
 * the operations it shares with it, and the operations only this server has marked as such.
 * (Not the OpenAPI specs feature of organizations: that is openapi.e2e-spec.ts.)
 */
type Json = any;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

const readReference = (pkg: string) => {
  const spec = JSON.parse(fs.readFileSync(path.join(path.dirname(require.resolve(pkg)), '..', 'spec', 'openapi.json'), 'utf8'));
  // The 0.146 reference is OpenAPI 3.0: its schemas are compared in their 3.1 form (nullable → null type).
  return String(spec.openapi).startsWith('3.0') ? upgradeSchemasTo31(spec) : spec;
};
const REFERENCES: Array<{ version: string; spec: Json }> = [
  { version: '0.146.0', spec: readReference('@gitbook/api') },
  { version: '0.202.0', spec: readReference('gitbook-api-0-202') },
];

/** The reference operation with this method and path (`/v1/spaces/{spaceId}` = the reference's `/spaces/{spaceId}`). */
function referenceOf(method: string, docPath: string): { version: string; spec: Json; operation: Json } | undefined {
  const refPath = docPath === '/v1' ? '/' : docPath.replace(/^\/v1\//, '/');
  if (!docPath.startsWith('/v1')) return undefined;
  for (const { version, spec } of REFERENCES) if (spec.paths[refPath]?.[method]) return { version, spec, operation: spec.paths[refPath][method] };
  return undefined;
}

const resolve = (doc: Json, node: Json): Json => {
  for (let hops = 0; node?.$ref && hops < 20; hops++)
    node = node.$ref
      .split('/')
      .slice(1)
      .reduce((n: Json, k: string) => n?.[k], doc);
  return node;
};

/** Same structure, following `$ref`s on both sides (component names may differ: renamed 0.202 schemas). */
function equivalent(a: Json, docA: Json, b: Json, docB: Json, seen = new Set<string>()): boolean {
  if (a?.$ref || b?.$ref) {
    const pair = `${a?.$ref ?? JSON.stringify(a)}|${b?.$ref ?? JSON.stringify(b)}`;
    if (seen.has(pair)) return true;
    seen.add(pair);
    return equivalent(resolve(docA, a), docA, resolve(docB, b), docB, seen);
  }
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equivalent(x, docA, b[i], docB, seen));
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b;
  const keys = Object.keys(a).sort();
  return keys.join() === Object.keys(b).sort().join() && keys.every((k) => equivalent(a[k], docA, b[k], docB, seen));
}

function operationsOf(doc: Json): Array<{ method: string; path: string; op: Json }> {
  return Object.entries<Json>(doc.paths).flatMap(([p, item]) =>
    Object.entries<Json>(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ method, path: p, op })),
  );
}

/** Every route Express has registered, as `METHOD /template`. */
function routesOf(t: TestApp): string[] {
  const app = t.app.getHttpAdapter().getInstance() as { router?: { stack: any[] }; _router?: { stack: any[] } };
  return (app.router ?? app._router)!.stack
    .filter((l) => l.route)
    .flatMap((l) => Object.keys(l.route.methods).map((m) => `${m.toUpperCase()} ${String(l.route.path).replace(/[:*](\w+)/g, '{$1}')}`));
}

/**
 * @scalar/openapi-parser's verdict, from plain Node: it is ESM, and inside Jest's sandbox its
 * `structuredClone` (Node's, from another realm) makes objects its own `isObject` refuses, so
 * `$ref`'d path parameters would go unresolved and be reported missing.
 */
function scalarValidate(text: string): { valid: boolean; errors: unknown[] } {
  const script = `import { validate } from '@scalar/openapi-parser';
    const chunks = []; for await (const c of process.stdin) chunks.push(c);
    const r = await validate(Buffer.concat(chunks).toString('utf8'));
    process.stdout.write(JSON.stringify({ valid: r.valid, errors: r.errors ?? [] }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: text,
    cwd: path.join(__dirname, '..', '..'),
    maxBuffer: 64 << 20,
  });
  return JSON.parse(out.toString('utf8'));
}

describe('the service OpenAPI document (e2e)', () => {
  let t: TestApp;
  let doc: Json;
  let json: { text: string; etag: string };

  beforeAll(async () => {
    t = await startTestApp();
    // No token: integrators read the document before they have one.
    const res = await t.http.get('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    doc = res.body;
    json = { text: res.text, etag: res.headers.etag };
  });
  afterAll(() => t?.close());

  it('is a valid OpenAPI 3.1 document (@scalar/openapi-parser)', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(scalarValidate(json.text)).toEqual({ valid: true, errors: [] });
  });

  it('lists every route Nest registered, and only those', () => {
    const registered = new Set(routesOf(t));
    const documented = new Set(operationsOf(doc).map(({ method, path: p }) => `${method.toUpperCase()} ${p}`));
    expect(registered.size).toBeGreaterThan(250);
    const undocumented = [...registered].filter((r) => !documented.has(r));
    const unregistered = [...documented].filter((d) => !registered.has(d));
    expect({ undocumented, unregistered }).toEqual({ undocumented: [], unregistered: [] });
    // The probes outside /v1 and the document's own routes are among them.
    for (const r of ['GET /health/live', 'GET /health/ready', 'GET /v1/openapi.json', 'GET /v1/openapi.yaml']) expect(documented).toContain(r);
  });

  it("gives shared operations the reference's operation id and at least its parameters", () => {
    const problems: string[] = [];
    let shared = 0;
    for (const { method, path: p, op } of operationsOf(doc)) {
      const ref = referenceOf(method, p);
      if (!ref) continue;
      shared++;
      const where = `${method.toUpperCase()} ${p}`;
      if (op.operationId !== ref.operation.operationId) problems.push(`${where}: operationId ${op.operationId}, reference ${ref.operation.operationId}`);
      if (op['x-gitbook-reference'] !== ref.version) problems.push(`${where}: x-gitbook-reference ${op['x-gitbook-reference']}, expected ${ref.version}`);
      if (op['x-docs-platform']) problems.push(`${where}: shared, but marked as this server's own`);
      const names = new Set((op.parameters ?? []).map((x: Json) => `${resolve(doc, x).in} ${resolve(doc, x).name}`));
      for (const x of ref.operation.parameters ?? []) {
        const param = resolve(ref.spec, x);
        if (!names.has(`${param.in} ${param.name}`)) problems.push(`${where}: parameter ${param.in} ${param.name} of the reference missing`);
      }
    }
    expect(shared).toBeGreaterThan(250);
    expect(problems).toEqual([]);
  });

  it.each([
    ['get', '/v1/spaces/{spaceId}', 'getSpaceById', '0.146.0'],
    ['post', '/v1/orgs/{organizationId}/spaces', 'createSpace', '0.146.0'],
    ['get', '/v1/orgs/{organizationId}/audit-events', 'listOrganizationAuditEvents', '0.202.0'],
    ['post', '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content', 'updateChangeRequestContent', '0.202.0'],
  ])("%s %s (%s) has the %s reference's request and response schemas", (method, p, operationId, version) => {
    const op = doc.paths[p][method];
    const ref = referenceOf(method, p)!;
    expect([op.operationId, ref.version]).toEqual([operationId, version]);
    // Per media type of the reference's (this server may offer more, e.g. NDJSON beside JSON).
    const sameContent = (mine: Json, theirs: Json) =>
      Object.entries<Json>(theirs ?? {}).every(([type, media]) => equivalent(mine?.[type]?.schema, doc, media.schema, ref.spec));
    if (ref.operation.requestBody) expect(sameContent(resolve(doc, op.requestBody).content, resolve(ref.spec, ref.operation.requestBody).content)).toBe(true);
    for (const [status, response] of Object.entries<Json>(ref.operation.responses)) {
      expect([status, sameContent(resolve(doc, op.responses[status])?.content, resolve(ref.spec, response).content)]).toEqual([status, true]);
    }
  });

  it("marks operations only this server has, with unique ids in the reference's style and their context's tag", () => {
    const own = operationsOf(doc).filter(({ method, path: p }) => !referenceOf(method, p));
    expect(own.length).toBeGreaterThan(20);
    for (const { method, path: p, op } of own) {
      expect([method, p, op['x-docs-platform'], op['x-gitbook-reference']]).toEqual([method, p, { own: true }, undefined]);
      expect([p, op.operationId]).toEqual([p, expect.stringMatching(/^[a-z]+[A-Z][A-Za-z0-9]*$/)]);
      expect([p, op.tags?.length]).toEqual([p, 1]);
      for (const r of Object.values<Json>(op.responses)) expect(resolve(doc, r).description).toBeTruthy();
    }
    const ids = operationsOf(doc).map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(doc.paths['/v1/orgs/{organizationId}/webhooks'].get).toMatchObject({ operationId: 'listOrganizationWebhooks', tags: ['audit'] });
    expect(doc.paths['/health/ready'].get).toMatchObject({ operationId: 'getHealthReady', tags: ['system'] });
  });

  it('describes request bodies and query parameters from the DTOs', () => {
    const create = doc.paths['/v1/orgs/{organizationId}/webhooks'].post;
    const body = resolve(doc, create.requestBody.content['application/json'].schema);
    expect(body).toMatchObject({ type: 'object', required: ['url', 'events'], additionalProperties: false });
    expect(body.properties.url).toEqual({ type: 'string', format: 'uri', maxLength: 2048 });
    const list = doc.paths['/v1/orgs/{organizationId}/webhooks'].get;
    const query = Object.fromEntries(
      list.parameters
        .map((x: Json) => resolve(doc, x))
        .filter((x: Json) => x.in === 'query')
        .map((x: Json) => [x.name, x]),
    );
    expect(query.limit).toEqual({ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 1000 } });
    expect(query.page).toEqual({ name: 'page', in: 'query', schema: { type: 'string' } });
  });

  it('asks for a bearer token except where no token is needed', () => {
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/v1/openapi.json'].get.security).toEqual([]);
    expect(doc.paths['/health/live'].get.security).toEqual([]);
    expect(doc.paths['/v1'].get.security).toEqual([]);
    expect(doc.paths['/v1/spaces/{spaceId}'].get.security).toBeUndefined();
  });

  it('answers the same document in YAML, each with an ETag that a revalidation matches (304)', async () => {
    const yaml = await t.http.get('/v1/openapi.yaml');
    expect(yaml.status).toBe(200);
    expect(yaml.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(parse(yaml.text)).toEqual(JSON.parse(json.text));
    for (const [url, etag] of [
      ['/v1/openapi.json', json.etag],
      ['/v1/openapi.yaml', yaml.headers.etag],
    ]) {
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await t.http.get(url);
      expect(again.headers.etag).toBe(etag);
      const revalidated = await t.http.get(url).set('If-None-Match', etag);
      expect([revalidated.status, revalidated.text ?? '']).toEqual([304, '']);
      expect((await t.http.get(url).set('If-None-Match', '"other"')).status).toBe(200);
    }
    expect(yaml.headers.etag).not.toBe(json.etag);
  });
});
