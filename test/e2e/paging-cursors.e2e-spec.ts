import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { testIdp } from '../support/saml-idp';
import { expectErrorResponse, expectMatchesOperation } from '../support/reference-schema';
import { api, flatten } from '../support/content-api';

/**
 * Every list the server serves, against forged `page` cursors and `limit` edges. The lists are
 * found, not written down: every GET route of the router whose reference operation takes the
 * `listPage` parameter (a new list is covered as soon as it is served). The fixture gives each
 * list at least two items, so `limit=1` hands out a real cursor to forge from.
 *
 *   - forged cursors (garbage, objects and arrays where keys belong, wrong arity, wrong version,
 *     another list's cursor, huge input) answer 400 with the Error body naming `page`, never 5xx;
 *   - `limit` is 0..1000 (0 answers `{items: [], count}` without `next`); 1001, -1 are 400;
 *   - unknown query parameters (`_=123`, as caches and clients add) are ignored.
 *
 * A list whose reference operation requires a filter (the search text) is walked with it in its URL.
 */
const spec = require('@gitbook/api/spec/openapi.json');
const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const unb64 = (s: string) => JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));

/** `GET /spaces/{}/links` → operationId, for reference operations taking the listPage parameter. */
function referenceLists(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [p, item] of Object.entries<any>(spec.paths)) {
    const op = item.get;
    if (op?.parameters?.some((x: any) => x.$ref === '#/components/parameters/listPage')) out.set(p.replace(/\{[^}]+\}/g, '{}'), op.operationId);
  }
  return out;
}

/** Required query parameters of lists, by operation: the fixture's pages and spaces all say "zebra". */
const REQUIRED_QUERY: Record<string, string> = { searchSpaceContent: 'query=zebra', searchOrganizationContent: 'query=zebra' };

/**
 * Where the contract overrides the reference shape of a list's items: the field is checked
 * against the contract here, and set aside for the reference validation. An issues cluster's
 * `summary` is a rich-text document by contract (the reference has a string).
 */
function asReference(operationId: string, body: any): any {
  if (operationId !== 'listConversationsIssuesClusters') return body;
  for (const c of body.items) expect(c.summary).toMatchObject({ object: 'document', nodes: expect.any(Array) });
  return { ...body, items: body.items.map((c: object) => ({ ...c, summary: 'document (contract)' })) };
}

function getRoutes(t: TestApp): string[] {
  const app = t.app.getHttpAdapter().getInstance() as { router?: { stack: any[] }; _router?: { stack: any[] } };
  return (app.router ?? app._router)!.stack.filter((l) => l.route?.methods?.get).map((l) => l.route.path as string);
}

/** Cursors that never came from this server, whatever the list. */
const GENERIC_FORGERIES: Array<[string, string]> = [
  ['not base64url', 'not a cursor !!'],
  ['base64url of non-JSON', b64('hello')],
  ['JSON null', b64(null)],
  ['JSON number', b64(42)],
  ['JSON string', b64('"x"')],
  ['an empty object', b64({})],
  ['an empty array', b64([])],
  ...[1, 2, 3, 4, 5].map((n): [string, string] => [`${n} object(s) where keys belong`, b64(Array.from({ length: n }, () => ({ a: 1 })))]),
  ...[1, 2, 3, 4, 5].map((n): [string, string] => [`${n} array(s) where keys belong`, b64(Array.from({ length: n }, () => [1]))]),
  ['a number then objects (the tree cursor shape)', b64([1, {}, [], { $gt: '' }])],
  ['a snapshot cursor with objects', b64({ p: 1, after: [{ a: 1 }, ['x']] })],
  ['a revision cursor with objects', b64({ r: 'x', after: [{ a: 1 }] })],
  // Over the codec's size bound, yet under Node's 16 KB header limit (so the app answers, not Node).
  ['huge input', b64({ v: 1, l: 'x', k: ['a'.repeat(7_000)] })],
];

/** Forgeries derived from a real cursor of the list: its format, with one thing wrong. */
function derivedForgeries(real: string): Array<[string, string]> {
  const c = unb64(real);
  const k: unknown[] = c.k;
  const at = (i: number, v: unknown) => b64({ ...c, k: k.map((x, j) => (j === i ? v : x)) });
  return [
    ['version 2', b64({ ...c, v: 2 })],
    ['no version', b64({ l: c.l, k })],
    ['another list', b64({ ...c, l: 'AAAAAAAAAAAAAAAAAAAAAA' })],
    ['an extra field', b64({ ...c, x: 1 })],
    ['one key too many', b64({ ...c, k: [...k, 'x'] })],
    ['one key too few', b64({ ...c, k: k.slice(1) })],
    ['keys as an object', b64({ ...c, k: { 0: k[0] } })],
    // Every list ends on an id (a string): a number there is a type the list never wrote.
    ['the last key (the id) a number', at(k.length - 1, 12)],
    ...k.flatMap((_, i): Array<[string, string]> => [
      [`key ${i} an object`, at(i, { $gt: '' })],
      [`key ${i} an array`, at(i, [k[i]])],
      [`key ${i} nested`, at(i, [[{ a: [1] }]])],
      [
        `key ${i} not finite`,
        Buffer.from(JSON.stringify({ ...c, k: k.map((x, j) => (j === i ? '__INF__' : x)) }).replace('"__INF__"', '1e999')).toString('base64url'),
      ],
    ]),
  ];
}

describe('paging cursors and limits on every list (e2e)', () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  let lists: Array<{ route: string; operationId: string; url: string }>;

  /** Runs what sagas scheduled (spec processing, conversation analysis): the timers that are due. */
  async function processTimers() {
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
  }

  beforeAll(async () => {
    // About paging, not overload: a busy test machine must not shed this suite's requests.
    t = await startTestApp({ config: { shedEventLoopDelayMs: 60_000 } });
    const a = api(t);
    const adminEmail = email('pager');
    const boot = await t.bootstrap('Cursor Org', adminEmail);
    await t.bootstrap('Cursor Org Two', adminEmail); // the same user: two organizations to list
    admin = boot.token;
    const org = boot.organizationId;
    const as = (method: 'post' | 'put' | 'patch', path: string, body: unknown, token = admin) =>
      t.http[method](path)
        .set(bearer(token))
        .send(body as object);
    const [r1] = await t.cli('user', 'create', '--email', email('rev1'), '--name', 'Rev One', '--org', org, '--role', 'review');
    const [r2] = await t.cli('user', 'create', '--email', email('rev2'), '--name', 'Rev Two', '--org', org, '--role', 'review');
    const team1 = (await as('put', `/v1/orgs/${org}/teams`, { title: 'Team one', members: [r1.userId, r2.userId] })).body.id;
    const team2 = (await as('put', `/v1/orgs/${org}/teams`, { title: 'Team two', members: [r1.userId] })).body.id;
    expect((await as('patch', `/v1/orgs/${org}`, { inviteLinks: true })).status).toBe(200);
    for (const role of ['read', 'edit']) expect((await as('post', `/v1/orgs/${org}/link-invites`, { role })).status).toBe(201);
    const coll1 = (await as('post', `/v1/orgs/${org}/collections`, { title: 'C1' })).body.id;
    await as('post', `/v1/orgs/${org}/collections`, { title: 'C2' });
    const space = (await as('post', `/v1/orgs/${org}/spaces`, { title: 'S1', parent: coll1 })).body.id;
    const space2 = (await as('post', `/v1/orgs/${org}/spaces`, { title: 'S2', parent: coll1 })).body.id;
    for (const target of [`/v1/spaces/${space}`, `/v1/collections/${coll1}`]) {
      expect((await as('post', `${target}/permissions`, { role: 'read', users: [r1.userId, r2.userId], teams: [team1, team2] })).status).toBe(204);
    }
    // Content: B links out twice and is linked from A and C, as is the file.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex').toString('base64');
    const cr1 = (await a.createCR(space, admin, { subject: 'Content', status: 'open' })).body.id;
    const written = await a.write(space, cr1, admin, [
      {
        operation: 'insert_files',
        files: [
          { ref: 'f.png', name: 'f.png', contentType: 'image/png', base64: png },
          { ref: 'g.txt', name: 'g.txt', contentType: 'text/plain', base64: b64('g') },
        ],
      },
      { operation: 'insert_page', title: 'B', ref: 'b', document: { markdown: 'Zebra. [web](https://example.com) [docs](https://docs.example.com)' } },
      { operation: 'insert_page', title: 'A', document: { markdown: 'Zebra. [b](./b.md) ![f](./f.png)' } },
      { operation: 'insert_page', title: 'C', document: { markdown: '[b again](./b.md) ![f again](./f.png)' } },
    ]);
    if (written.status !== 200) throw new Error(`content write: ${written.status} ${JSON.stringify(written.body)}`);
    const merged = await a.merge(space, cr1, admin);
    if (merged.status !== 200) throw new Error(`merge: ${merged.status} ${JSON.stringify(merged.body)}`);
    // A second space with a zebra page, so both searches find two things.
    const cr3 = (await a.createCR(space2, admin, { subject: 'Zebra' })).body.id;
    expect((await a.write(space2, cr3, admin, [{ operation: 'insert_page', title: 'Zebra', document: { markdown: 'Zebra crossing.' } }])).status).toBe(200);
    expect((await a.merge(space2, cr3, admin)).status).toBe(200);
    const pages = Object.fromEntries(flatten((await a.mainPages(space, admin)).body.pages).map((p) => [p.title, p.id]));
    const filesRes = await t.http.get(`/v1/spaces/${space}/content/files`).set(bearer(admin));
    if (filesRes.status !== 200) throw new Error(`listing files: ${filesRes.status} ${JSON.stringify(filesRes.body)}`);
    const files = filesRes.body.items;
    const cr2 = (await a.createCR(space, admin, { subject: 'Under review', status: 'open' })).body.id;
    await a.createCR(space, admin, { subject: 'Another', status: 'open' });
    await a.write(space, cr2, admin, [{ operation: 'insert_page', title: 'D', document: { markdown: 'd' } }]);
    expect((await as('post', `/v1/spaces/${space}/change-requests/${cr2}/requested-reviewers`, { users: [r1.userId, r2.userId] })).status).toBe(200);
    for (const r of [r1, r2])
      expect((await as('post', `/v1/spaces/${space}/change-requests/${cr2}/reviews`, { status: 'approved' }, r.token)).status).toBe(201);
    Object.assign(ids, {
      organizationId: org,
      userId: r1.userId,
      teamId: team1,
      collectionId: coll1,
      spaceId: space,
      changeRequestId: cr2,
      pageId: pages.B,
      fileId: files.find((f: { name: string }) => f.name === 'f.png').id,
      revisionId: (await t.http.get(`/v1/spaces/${space}`).set(bearer(admin))).body.revision,
    });
    // Sites: two sites; the first with two sections (four site spaces) and two section groups.
    const sites = `/v1/orgs/${org}/sites`;
    const site = (await as('post', sites, { title: 'Site one', spaces: [space] })).body.id;
    await as('post', sites, { title: 'Site two' });
    for (const title of ['Section one', 'Section two']) expect((await as('post', `${sites}/${site}/sections`, { spaceId: space, title })).status).toBe(201);
    for (const title of ['Group one', 'Group two']) expect((await as('post', `${sites}/${site}/section-groups`, { title })).status).toBe(201);
    ids.siteId = site;
    // Site services: two of each listed resource.
    const siteSpace = (await t.http.get(`${sites}/${site}/site-spaces`).set(bearer(admin))).body.items[0].id;
    for (const n of [1, 2]) {
      expect((await as('post', `${sites}/${site}/share-links`, { name: `Link ${n}` })).status).toBe(201);
      expect((await as('post', `${sites}/${site}/mcp-servers`, { name: `Server ${n}`, url: `https://mcp${n}.example.com` })).status).toBe(201);
      expect(
        (await as('post', `${sites}/${site}/redirects`, { source: `/old-${n}`, destination: { kind: 'site-space', siteSpaceId: siteSpace } })).status,
      ).toBe(201);
    }
    // Comments: two in the space and two in the change request, by two people, each first one with two replies.
    const crCommentIds: string[] = [];
    for (const base of [`/v1/spaces/${space}`, `/v1/spaces/${space}/change-requests/${cr2}`]) {
      const posted: string[] = [];
      for (const token of [admin, r1.token]) {
        const c = await as('post', `${base}/comments`, { body: { markdown: 'A remark' } }, token);
        if (c.status !== 200) throw new Error(`comment: ${c.status} ${JSON.stringify(c.body)}`);
        posted.push(c.body.id);
      }
      for (const token of [admin, r2.token])
        expect((await as('post', `${base}/comments/${posted[0]}/replies`, { body: { markdown: 'Agreed' } }, token)).status).toBe(200);
      if (base.includes('/change-requests/')) crCommentIds.push(posted[0]);
      else ids.commentId = posted[0];
    }
    // OpenAPI specs: two, the first with two versions (each source processed on a timer).
    const specText = (version: string) => `openapi: 3.0.3\ninfo: {title: Pets, version: "${version}"}\npaths: {}\n`;
    expect((await as('post', `/v1/orgs/${org}/openapi`, { slug: 'pets', source: { text: specText('1') } })).status).toBe(201);
    expect((await as('post', `/v1/orgs/${org}/openapi`, { slug: 'store', source: { text: specText('1') } })).status).toBe(201);
    await processTimers();
    expect((await as('put', `/v1/orgs/${org}/openapi/pets`, { source: { text: specText('2') } })).status).toBe(200);
    await processTimers();
    ids.specSlug = 'pets';
    // SAML providers: a configured one and a pending one.
    const idp = testIdp(t.clock.now());
    const saml = `/v1/orgs/${org}/saml`;
    expect((await as('post', saml, { label: 'IdP', entityID: idp.entityID, ssoURL: idp.ssoURL, certificate: idp.certificate })).status).toBe(201);
    expect((await as('post', saml, { label: 'Pending IdP' })).status).toBe(201);
    // Translations: two of the space and two glossary entries.
    for (const language of ['fr', 'de'])
      expect((await as('post', `/v1/orgs/${org}/translations`, { source: { space, language: 'en' }, language })).status).toBe(201);
    const glossary = [
      { type: 'insert', translations: { en: 'Space', fr: 'Espace' } },
      { type: 'insert', translations: { en: 'Page', fr: 'Page' } },
    ];
    expect((await as('put', `/v1/orgs/${org}/translations-glossary`, { operations: glossary })).status).toBe(204);
    // Conversations: two, about unrelated documentation problems (two issues in two clusters).
    const conversations = [
      { id: 'c-1', parts: [{ type: 'message', role: 'user', body: "The webhook guide doesn't explain how to verify the signature header." }] },
      { id: 'c-2', parts: [{ type: 'message', role: 'user', body: 'The SSO setup guide is outdated: the SAML certificate screen no longer exists.' }] },
    ];
    expect((await as('post', `/v1/orgs/${org}/conversations`, conversations)).status).toBe(204);
    await processTimers();
    for (const [k, v] of Object.entries(ids)) if (!v) throw new Error(`fixture ${k} was not created`);

    const reference = referenceLists();
    lists = getRoutes(t).flatMap((route) => {
      const operationId = reference.get(route.replace(/^\/v1/, '').replace(/[:*]\w+/g, '{}'));
      if (!operationId) return [];
      // A comment is found only where it was posted: the change request's routes take its own.
      const routeIds = route.includes('/change-requests/') ? { ...ids, commentId: crCommentIds[0] } : ids;
      const path = route.replace(/[:*](\w+)/g, (_, name) => {
        if (!routeIds[name]) throw new Error(`no fixture for :${name} of ${route}`);
        return encodeURIComponent(routeIds[name]);
      });
      const url = REQUIRED_QUERY[operationId] ? `${path}?${REQUIRED_QUERY[operationId]}` : path;
      return [{ route, operationId, url }];
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, query: Record<string, unknown> = {}) => t.http.get(url).query(query).set(bearer(admin));

  it('finds the lists: every served reference operation with a page parameter', () => {
    expect(lists.map((l) => l.operationId).sort()).toEqual(
      expect.arrayContaining([
        'listOrganizationsForAuthenticatedUser',
        'listMembersInOrganizationById',
        'listTeamsInOrganizationById',
        'listTeamMembersInOrganizationById',
        'listUserPermissionsInSpace',
        'listPermissionsAggregateInSpace',
        'listSpacesInOrganizationById',
        'listChangeRequestsForSpace',
        'listFiles',
        'listSpaceLinks',
        'getReviewsByChangeRequestId',
        'listOpenAPISpecVersions',
        'listSAMLProvidersInOrganizationById',
        'searchSpaceContent',
        'searchOrganizationContent',
        'listTranslations',
        'listGlossaryEntries',
        'listConversations',
        'listConversationsIssues',
        'listConversationsIssuesClusters',
      ]),
    );
    expect(lists.length).toBeGreaterThanOrEqual(54);
  });

  it('every list has at least two items, so limit=1 hands out a cursor (the fixture reaches each list)', async () => {
    for (const l of lists) {
      const res = await get(l.url, { limit: 1 });
      expect([l.route, res.status, res.body.items?.length, typeof res.body.next?.page]).toEqual([l.route, 200, 1, 'string']);
      expectMatchesOperation(l.operationId, 200, asReference(l.operationId, res.body));
    }
  });

  it('forged cursors answer 400 naming page on every list, never 5xx', async () => {
    const failures: string[] = [];
    for (const l of lists) {
      const real = (await get(l.url, { limit: 1 })).body.next.page as string;
      const decoded = (() => {
        try {
          return unb64(real);
        } catch {
          return null;
        }
      })();
      const isCodecCursor = decoded && typeof decoded === 'object' && decoded.v === 1 && typeof decoded.l === 'string' && Array.isArray(decoded.k);
      if (!isCodecCursor)
        failures.push(`${l.route}: its cursor is not one of the shared codec (${Buffer.from(real, 'base64url').toString('utf8').slice(0, 80)})`);
      for (const [label, page] of [...GENERIC_FORGERIES, ...(isCodecCursor ? derivedForgeries(real) : [])]) {
        const res = await get(l.url, { page, limit: 1 });
        if (res.status !== 400 || !/^page: /.test(res.body?.error?.message ?? ''))
          failures.push(`${l.route} ${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        else expectErrorResponse(l.operationId, 400, res.body);
      }
    }
    expect(failures).toEqual([]);
  });

  it("a cursor of one list is refused on every other list (and with other filters), a list's own cursor accepted", async () => {
    const cursors = new Map<string, string>();
    for (const l of lists) cursors.set(l.route, (await get(l.url, { limit: 1 })).body.next.page);
    const failures: string[] = [];
    for (const l of lists) {
      const own = await get(l.url, { limit: 1, page: cursors.get(l.route) });
      if (own.status !== 200) failures.push(`${l.route} own cursor: ${own.status}`);
      for (const other of lists) {
        if (other.route === l.route) continue;
        const res = await get(l.url, { limit: 1, page: cursors.get(other.route) });
        if (res.status !== 400 || !/^page: /.test(res.body?.error?.message ?? '')) failures.push(`${l.route} with the cursor of ${other.route}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    const members = `/v1/orgs/${ids.organizationId}/members`;
    const page = (await get(members, { limit: 1 })).body.next.page;
    const filtered = await get(members, { limit: 1, page, role: 'review' });
    expect([filtered.status, filtered.body.error?.message]).toEqual([400, expect.stringMatching(/^page: /)]);
  });

  it('limit 0 answers {items: [], count} without next; 1000 is accepted; 1001 and -1 answer 400 naming limit', async () => {
    for (const l of lists) {
      const all = await get(l.url, { limit: 1000 });
      expect([l.route, all.status]).toEqual([l.route, 200]);
      expectMatchesOperation(l.operationId, 200, asReference(l.operationId, all.body));
      const none = await get(l.url, { limit: 0 });
      expect([l.route, none.status, none.body.items, none.body.count, 'next' in none.body]).toEqual([l.route, 200, [], all.body.count, false]);
      expectMatchesOperation(l.operationId, 200, asReference(l.operationId, none.body));
      // A cursor still has to be valid with limit 0.
      expect([l.route, (await get(l.url, { limit: 0, page: b64([{ a: 1 }]) })).status]).toEqual([l.route, 400]);
      for (const limit of ['1001', '-1']) {
        const res = await get(l.url, { limit });
        expect([l.route, limit, res.status, res.body.error?.message]).toEqual([l.route, limit, 400, expect.stringMatching(/^limit: /)]);
        expectErrorResponse(l.operationId, 400, res.body);
      }
    }
  });

  it('unknown query parameters are ignored on every list (?_=123), known ones still apply', async () => {
    for (const l of lists) {
      const plain = await get(l.url, { limit: 1 });
      const busted = await get(l.url, { limit: 1, _: '123', utm_source: 'x' });
      expect([l.route, busted.status, busted.body.items]).toEqual([l.route, 200, plain.body.items]);
      expect(busted.body.count).toBe(plain.body.count);
    }
  });

  it('unknown body fields still answer 400 (bodies stay strict); unknown query parameters on a write are ignored', async () => {
    const res = await t.http.post(`/v1/orgs/${ids.organizationId}/spaces`).query({ _: '1' }).set(bearer(admin)).send({ title: 'ok', colour: 'red' });
    expect([res.status, res.body.error?.message]).toEqual([400, expect.stringContaining('colour')]);
    const ok = await t.http.post(`/v1/orgs/${ids.organizationId}/spaces`).query({ _: '1' }).set(bearer(admin)).send({ title: 'ok' });
    expect(ok.status).toBe(201);
  });
});
