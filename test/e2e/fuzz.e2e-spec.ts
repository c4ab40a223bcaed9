import * as fc from 'fast-check';
import * as path from 'path';
import { EventStore } from '@app/platform';
import { dejaVu, ttfToWoff2 } from '../../libs/fonts/src/testing/woff-encoder';
import { bearer, email, startTestApp, stateEventsAfter, TestApp } from '../support/test-app';
import { testIdp } from '../support/saml-idp';

/**
 * An attacker's walk over every route the router knows, with a valid admin token and real ids,
 * so the input is what gets tested: wrong types for every body field the reference documents,
 * huge strings and arrays, deep nesting, `__proto__` keys, NUL and lone surrogates, invalid
 * UTF-8, bodies that are not JSON, forged cursors and junk query values, junk path ids.
 *
 * For every answer: never a 5xx, an error body on every rejection, and a rejected request
 * changes nothing (the event store's head does not move: read models only follow events).
 */
type Json = any;
const spec: Json = require(path.join(path.dirname(require.resolve('@gitbook/api')), '..', 'spec', 'openapi.json'));
const spec202: Json = require(path.join(path.dirname(require.resolve('gitbook-api-0-202')), '..', 'spec', 'openapi.json'));

function resolve(doc: Json, node: Json, depth = 0): Json {
  if (!node || depth > 20) return node;
  if (node.$ref)
    return resolve(
      doc,
      node.$ref
        .slice(2)
        .split('/')
        .reduce((o: Json, k: string) => o?.[k], doc),
      depth + 1,
    );
  return node;
}

/** Top-level body fields the reference documents for this route (allOf/oneOf merged). */
function bodyFields(route: string): string[] {
  const [method, p] = route.split(' ');
  const refPath = p.replace(/^\/v1/, '').replace(/[:*](\w+)/g, '{$1}') || '/';
  const fields = new Set<string>();
  for (const doc of [spec, spec202]) {
    const op = doc.paths?.[refPath]?.[method.toLowerCase()];
    const schema = resolve(doc, resolve(doc, op?.requestBody)?.content?.['application/json']?.schema);
    const walk = (s: Json, d = 0) => {
      s = resolve(doc, s);
      if (!s || d > 5) return;
      Object.keys(s.properties ?? {}).forEach((k) => fields.add(k));
      for (const k of ['allOf', 'oneOf', 'anyOf']) (s[k] ?? []).forEach((x: Json) => walk(x, d + 1));
    };
    walk(schema);
  }
  return [...fields];
}

const deep = (n: number): Json => (n === 0 ? 'leaf' : { a: deep(n - 1) });
const WRONG: Array<[string, unknown]> = [
  ['number', 12345],
  ['boolean', true],
  ['object', { nested: { x: 1 } }],
  ['array', [1, 'two', { three: 3 }]],
  ['null', null],
  ['huge string', 'x'.repeat(200_000)],
  ['huge array', Array.from({ length: 20_000 }, (_, i) => `item-${i}`)],
  ['deep nesting', deep(200)],
  ['NUL', 'before\u0000after'],
  ['lone surrogate', 'broken \ud800 text'],
  ['__proto__ object', JSON.parse('{"__proto__":{"polluted":true}}')],
];
const FORGED_CURSORS = [
  'x',
  '!!!',
  Buffer.from('{"a":1}').toString('base64url'),
  Buffer.from('[{"$gt":""},{}]').toString('base64url'),
  Buffer.from('[[1],[2]]').toString('base64url'),
  Buffer.from('null').toString('base64url'),
  'A'.repeat(10_000),
  Buffer.from(JSON.stringify({ v: 99, k: [{}], l: 'x' })).toString('base64url'),
];

function routesOf(t: TestApp): string[] {
  const app = t.app.getHttpAdapter().getInstance() as { router?: { stack: any[] }; _router?: { stack: any[] } };
  const stack = (app.router ?? app._router)!.stack;
  return stack.filter((l) => l.route).flatMap((l) => Object.keys(l.route.methods).map((m) => `${m.toUpperCase()} ${l.route.path}`));
}

describe('fuzzer over every route (e2e)', () => {
  let t: TestApp;
  let token: string;
  let store: EventStore;
  const ids: Record<string, string> = {};
  const failures: string[] = [];
  let requests = 0;

  beforeAll(async () => {
    t = await startTestApp({ config: { rateLimitEnabled: false } });
    store = t.app.get(EventStore);
    const boot = await t.bootstrap('Fuzz Org', email('fuzz'));
    token = boot.token;
    const as = (p: string) => ({
      post: (body: unknown) => t.http.post(p).set(bearer(token)).send(body),
      put: (body: unknown) => t.http.put(p).set(bearer(token)).send(body),
    });
    const [member] = await t.cli('user', 'create', '--email', email('member'), '--name', 'Member', '--org', boot.organizationId, '--role', 'edit');
    ids.organizationId = boot.organizationId;
    ids.userId = member.userId;
    ids.teamId = (await as(`/v1/orgs/${ids.organizationId}/teams`).put({ title: 'Team', members: [member.userId] })).body.id;
    ids.collectionId = (await as(`/v1/orgs/${ids.organizationId}/collections`).post({ title: 'Collection' })).body.id;
    const space = (await as(`/v1/orgs/${ids.organizationId}/spaces`).post({ title: 'Space', parent: ids.collectionId })).body;
    ids.spaceId = space.id;
    ids.revisionId = space.revision;
    ids.changeRequestId = (await as(`/v1/spaces/${ids.spaceId}/change-requests`).post({ subject: 'Change' })).body.id;
    const written = await as(`/v1/spaces/${ids.spaceId}/change-requests/${ids.changeRequestId}/content`).post({
      changes: [{ operation: 'insert_page', title: 'Intro', document: { markdown: '# Intro\n\nHello' } }],
    });
    expect(written.status).toBeLessThan(300);
    const pages = (await t.http.get(`/v1/spaces/${ids.spaceId}/change-requests/${ids.changeRequestId}/content/pages`).set(bearer(token))).body;
    ids.pageId = pages.pages?.[0]?.id ?? 'no-page';
    await t.http.patch(`/v1/orgs/${ids.organizationId}`).set(bearer(token)).send({ inviteLinks: true });
    ids.inviteId = (await as(`/v1/orgs/${ids.organizationId}/link-invites`).post({ role: 'read' })).body.id;
    // A site with a section and a group, so that site routes reach their handlers.
    const sites = `/v1/orgs/${ids.organizationId}/sites`;
    ids.siteId = (await as(sites).post({ title: 'Site', spaces: [ids.spaceId] })).body.id;
    ids.siteSectionId = (await as(`${sites}/${ids.siteId}/sections`).post({ spaceId: ids.spaceId })).body.id;
    ids.siteSpaceId = (await t.http.get(`${sites}/${ids.siteId}/site-spaces`).set(bearer(token))).body.items[0].id;
    ids.siteSectionGroupId = (await as(`${sites}/${ids.siteId}/section-groups`).post({ title: 'Group' })).body.id;
    // A custom font, so the font routes reach their handlers (its file uploaded through a signed URL).
    const font = ttfToWoff2(dejaVu('DejaVuSansMono'));
    const upload = (
      await as(`/v1/orgs/${ids.organizationId}/storage/upload`).post({
        kind: 'customization_font',
        file: { name: 'f.woff2', type: 'font/woff2', size: font.length },
      })
    ).body;
    await t.http.put(new URL(upload.url).pathname).set('Content-Type', 'font/woff2').send(font);
    ids.fontId = (
      await as(`/v1/orgs/${ids.organizationId}/fonts`).put({ fontFamily: 'Fuzz Sans', fontFaces: [{ weight: 400, storageKey: upload.key }] })
    ).body.id;
    ids.specSlug = (await as(`/v1/orgs/${ids.organizationId}/openapi`).post({ slug: 'fuzz-api', source: { text: 'openapi: 3.0.3' } })).body.slug;
    // An active SAML provider, so its routes (the public sign-in ones included) reach their handlers.
    const idp = testIdp(t.clock.now());
    const saml = { label: 'Fuzz IdP', entityID: idp.entityID, ssoURL: idp.ssoURL, certificate: idp.certificate };
    ids.samlProviderId = (await as(`/v1/orgs/${ids.organizationId}/saml`).post(saml)).body.id;
    // An inactive webhook (nothing is sent in the background), so its routes reach their handlers.
    ids.webhookId = (await as(`/v1/orgs/${ids.organizationId}/webhooks`).post({ url: 'http://127.0.0.1:9/hook', events: ['*'], active: false })).body.id;
    // A translation and a glossary entry, so their routes reach their handlers with real ids.
    ids.translationId = (
      await as(`/v1/orgs/${ids.organizationId}/translations`).post({ source: { space: ids.spaceId, language: 'en' }, language: 'fr' })
    ).body.id;
    await t.http
      .put(`/v1/orgs/${ids.organizationId}/translations-glossary`)
      .set(bearer(token))
      .send({ operations: [{ type: 'insert', translations: { en: 'Space', fr: 'Espace' } }] });
    ids.glossaryEntryId = (await t.http.get(`/v1/orgs/${ids.organizationId}/translations-glossary`).set(bearer(token))).body.items[0].id;
    // An import run, cancelled at once (its timer then does nothing), so the imports routes reach a real id.
    ids.importRunId = (
      await as(`/v1/org/${ids.organizationId}/imports`).post({ source: { type: 'website', url: 'https://93.184.215.14/' }, target: { space: ids.spaceId } })
    ).body.id;
    await as(`/v1/org/${ids.organizationId}/imports/${ids.importRunId}/cancel`).post({});
    // A processed conversation with an issue in a cluster, so the conversations routes reach real ids.
    ids.conversationId = 'fuzz-ticket';
    await as(`/v1/orgs/${ids.organizationId}/conversations`).post({
      id: ids.conversationId,
      parts: [{ type: 'message', role: 'user', body: 'The fuzz guide does not explain the export format.' }],
    });
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
    const fuzzIssue = (await t.http.get(`/v1/orgs/${ids.organizationId}/conversations-issues`).set(bearer(token))).body.items[0].issue;
    [ids.issueId, ids.clusterId] = [fuzzIssue.id, fuzzIssue.cluster];
    ids.auditEventId = (await t.http.get(`/v1/orgs/${ids.organizationId}/audit-events`).set(bearer(token))).body.items[0].id;
    Object.assign(ids, { versionId: 'no-version', reviewId: 'no-review', fileId: 'no-file', token: 'no-token', pagePath: 'intro', emailDomain: 'example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const fill = (route: string, over: Record<string, string> = {}) =>
    route.split(' ')[1].replace(/[:*](\w+)/g, (_, name) => encodeURIComponent(over[name] ?? ids[name] ?? 'unknown-id'));

  /** Sends one request; records a failure when the answer breaks a rule. */
  async function probe(label: string, route: string, build: (req: any) => any, url = fill(route), mustReject = false) {
    const method = route.split(' ')[0].toLowerCase();
    // Sagas of earlier accepted requests settle first, so the head moves only for this request.
    await t.engine.drain();
    const before = await store.headPosition();
    let res;
    try {
      res = await build(t.http[method](url).set(bearer(token)));
    } catch (e) {
      failures.push(`${route} [${label}]: request failed: ${(e as Error).message}`);
      return;
    }
    requests++;
    if (mustReject && res.status < 400) failures.push(`${route} [${label}]: accepted with ${res.status}`);
    if (res.status >= 500) failures.push(`${route} [${label}]: ${res.status} ${res.text.slice(0, 200)}`);
    else if (res.status >= 400) {
      const b = res.body;
      if (!(b?.error?.code === res.status && typeof b.error.message === 'string' && Object.keys(b).length === 1))
        failures.push(`${route} [${label}]: ${res.status} without the error body: ${res.text.slice(0, 200)}`);
      const written = await stateEventsAfter(store, before);
      if (written.length) failures.push(`${route} [${label}]: rejected with ${res.status} but events were written: ${written.join(', ')}`);
    }
  }

  it('no 5xx, an error body on every rejection, and no state change on a rejected request', async () => {
    const routes = routesOf(t);
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const method = route.split(' ')[0];
      const takesBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
      // Junk ids in every path parameter.
      if (/[:*]/.test(route)) {
        for (const junk of ['%00', 'a'.repeat(5_000), '..%2F..%2Fetc', '%F0%9F%92%A9', '%ED%A0%80']) {
          const over = Object.fromEntries([...route.matchAll(/[:*](\w+)/g)].map((m) => [m[1], decodeURIComponentSafe(junk)]));
          await probe(`path ${junk.slice(0, 12)}`, route, (r) => (takesBody ? r.send({}) : r), fill(route, over));
        }
      }
      // Forged cursors and junk query values.
      if (method === 'GET') {
        for (const page of FORGED_CURSORS) await probe(`cursor ${page.slice(0, 12)}`, route, (r) => r.query({ page }));
        for (const limit of ['-1', '1001', 'abc', '1e3', '0x10', '99999999999999999999']) await probe(`limit ${limit}`, route, (r) => r.query({ limit }));
        await probe('array query', route, (r) => r.query('page[]=a&page[]=b&limit[x]=1'));
        // Time travel's parameter (ignored by routes without it): far future and past, junk ids, arrays.
        for (const asOf of ['9999-12-31T23:59:59Z', '1970-01-01T00:00:00Z', '2026-02-30T25:61:00Z', '00000000-0000-0000-0000-000000000000', 'x'.repeat(3_000)])
          await probe(`asOf ${asOf.slice(0, 12)}`, route, (r) => r.query({ asOf }));
        await probe('array asOf', route, (r) => r.query('asOf[]=2026-01-01T00:00:00Z&asOf[]=b'));
      }
      if (!takesBody) continue;
      // Wrong types for every documented body field.
      for (const field of bodyFields(route)) {
        for (const [kind, value] of WRONG) {
          // Text that cannot be stored faithfully and prototype keys are refused wherever they appear.
          const mustReject = kind === 'NUL' || kind === 'lone surrogate' || kind === '__proto__ object' || kind === 'deep nesting';
          await probe(`${field}: ${kind}`, route, (r) => r.send({ [field]: value }), fill(route), mustReject);
        }
      }
      // Whole bodies that are not what a JSON route takes.
      await probe('text/plain', route, (r) => r.set('Content-Type', 'text/plain').send('title=hello'), fill(route), true);
      await probe('invalid JSON', route, (r) => r.set('Content-Type', 'application/json').send('{"title": '), fill(route), true);
      await probe('invalid UTF-8', route, (r) =>
        r.set('Content-Type', 'application/json').send(Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
      );
      await probe('top-level array', route, (r) => r.send([1, 2, 3]));
      await probe('top-level string', route, (r) => r.set('Content-Type', 'application/json').send('"just a string"'));
      await probe('deep nesting', route, (r) => r.send(deep(5_000)), fill(route), true);
      await probe(
        '__proto__',
        route,
        (r) => r.set('Content-Type', 'application/json').send('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'),
        fill(route),
        true,
      );
      // Random JSON documents (seeded, so a failure reproduces).
      const samples = fc.sample(fc.dictionary(fc.constantFrom(...bodyFields(route), 'extra'), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }), {
        numRuns: 8,
        seed: 20261123,
      });
      for (const [i, body] of samples.entries()) await probe(`random #${i}`, route, (r) => r.send(body));
    }
    expect(Object.keys({} as Record<string, unknown>)).not.toContain('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);
});

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
