import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EventStore, ManualClock } from '@app/platform';
import { dejaVu, ttfToWoff2 } from '../../libs/fonts/src/testing/woff-encoder';
import { testIdp } from '../support/saml-idp';
import { bearer, email, startTestApp, stateEventsAfter, TestApp } from '../support/test-app';

/**
 * No lost updates over HTTP: strong ETags on every single resource, 304 for If-None-Match,
 * 412 for a stale If-Match (changing nothing), and Idempotency-Key replays — across restarts.
 */
type Ids = Record<string, string>;
const RANDOM = 'does-not-exist-123';
const HOUR = 3_600_000;
const FONT = ttfToWoff2(dejaVu('DejaVuSansMono'));

/**
 * GET routes under /v1 whose last segment is an id (or slug) parameter answer one object: each
 * must carry an ETag (the published link of a public spec too: it serves the spec's bytes). A route listed here is excused, with the reason (none today).
 */
const NO_ETAG: Record<string, string> = {};
/**
 * Single resources at a path that ends in a name rather than an id (one per organization, site or
 * specification): walked with the others. Font files, SAML metadata (XML) and links signed with a
 * token end in neither: they are not walked.
 */
const SINGLE_AT_NAMED_PATHS = [
  'GET /v1/orgs/:organizationId/agent-instructions',
  'GET /v1/orgs/:organizationId/openapi/:specSlug/versions/latest',
  'GET /v1/orgs/:organizationId/openapi/:specSlug/versions/latest/content',
  'GET /v1/orgs/:organizationId/sites/:siteId/customization',
  'GET /v1/orgs/:organizationId/sites/:siteId/publishing/auth',
];

function routesOf(t: TestApp): string[] {
  const app = t.app.getHttpAdapter().getInstance() as { router: { stack: any[] } };
  return app.router.stack.filter((l) => l.route).flatMap((l) => Object.keys(l.route.methods).map((m) => `${m.toUpperCase()} ${l.route.path}`));
}
/** Under a change request, a comment's ids are those of its own comment (`cr:commentId`). */
const fill = (route: string, ids: Ids) =>
  route
    .split(' ')[1]
    .replace(/[:*](\w+)/g, (_, name) => encodeURIComponent((route.includes('/change-requests/') ? ids[`cr:${name}`] : undefined) ?? ids[name] ?? RANDOM));
const STRONG_TAG = /^"[\x21\x23-\x7e]+"$/;

describe('concurrency control over HTTP: ETag, If-Match, If-None-Match, Idempotency-Key (e2e)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'concurrency-control-'));
  const clock = new ManualClock('2026-03-01T10:00:00.000Z');
  let t: TestApp;
  let admin: string;
  let other: string;
  let member: string;
  const ids: Ids = {};

  const as = (token: string) => ({
    get: (url: string) => t.http.get(url).set(bearer(token)),
    post: (url: string, body?: object) =>
      t.http
        .post(url)
        .set(bearer(token))
        .send(body ?? {}),
    put: (url: string, body?: object) =>
      t.http
        .put(url)
        .set(bearer(token))
        .send(body ?? {}),
    patch: (url: string, body?: object) =>
      t.http
        .patch(url)
        .set(bearer(token))
        .send(body ?? {}),
    delete: (url: string) => t.http.delete(url).set(bearer(token)),
  });
  const head = () => t.app.get(EventStore).headPosition();
  const changesSince = async (position: number) => stateEventsAfter(t.app.get(EventStore), position);
  /** Runs what sagas scheduled (spec processing, conversation analysis): the timers that are due. */
  const processTimers = async () => {
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
  };
  const etagOf = async (url: string, token = admin) => {
    const res = await as(token).get(url).expect(200);
    return res.headers.etag as string;
  };

  beforeAll(async () => {
    t = await startTestApp({ dataDir, clock });
    const boot = await t.bootstrap('Acme', email('admin'));
    admin = boot.token;
    ids.organizationId = boot.organizationId;
    const [m] = await t.cli('user', 'create', '--email', email('rev'), '--name', 'Rita Reviewer', '--org', ids.organizationId, '--role', 'review');
    member = m.token;
    ids.userId = m.userId;
    [{ token: other }] = await t.cli('user', 'create', '--email', email('other'), '--name', 'Olga Admin', '--org', ids.organizationId, '--role', 'admin');
    const a = as(admin);
    const org = `/v1/orgs/${ids.organizationId}`;
    ids.teamId = (await a.put(`${org}/teams`, { title: 'Writers', members: [ids.userId] }).expect(201)).body.id;
    ids.collectionId = (await a.post(`${org}/collections`, { title: 'Guides' }).expect(201)).body.id;
    ids.spaceId = (await a.post(`${org}/spaces`, { title: 'Handbook', parent: ids.collectionId }).expect(201)).body.id;
    await a.post(`/v1/spaces/${ids.spaceId}/permissions`, { role: 'read', teams: [ids.teamId] }).expect(204);
    const crs = `/v1/spaces/${ids.spaceId}/change-requests`;
    const first = (await a.post(crs, { subject: 'First' }).expect(201)).body.id;
    await a
      .post(`${crs}/${first}/content`, {
        changes: [
          { operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello' } },
          { operation: 'insert_files', files: [{ name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from('hi').toString('base64') }] },
          { operation: 'insert_reusable_content', title: 'Shared', document: { markdown: 'Shared words' } },
        ],
      })
      .expect(200);
    await a.post(`${crs}/${first}/merge`).expect(200);
    ids.revisionId = (await a.get(`/v1/spaces/${ids.spaceId}/content`).expect(200)).body.id;
    const intro = (await a.get(`/v1/spaces/${ids.spaceId}/content/pages`).expect(200)).body.pages[0];
    ids.pageId = intro.id;
    ids.documentId = intro.documentId;
    ids.reusableContentId = (await a.get(`/v1/spaces/${ids.spaceId}/content`).expect(200)).body.reusableContents[0].id;
    ids.fileId = (await a.get(`/v1/spaces/${ids.spaceId}/content/files`).expect(200)).body.items[0].id;
    ids.changeRequestId = (await a.post(crs, { subject: 'Second' }).expect(201)).body.id;
    ids.reviewId = (await as(member).post(`${crs}/${ids.changeRequestId}/reviews`, { status: 'approved' }).expect(201)).body.id;
    await a.patch(org, { inviteLinks: true }).expect(200);
    ids.inviteId = (await a.post(`${org}/link-invites`, { role: 'read' }).expect(201)).body.id;
    // A site with a section, a group and an MCP server.
    ids.siteId = (await a.post(`${org}/sites`, { title: 'Site', spaces: [ids.spaceId] }).expect(201)).body.id;
    const site = `${org}/sites/${ids.siteId}`;
    ids.siteSectionId = (await a.post(`${site}/sections`, { spaceId: ids.spaceId }).expect(201)).body.id;
    ids.siteSpaceId = (await a.get(`${site}/site-spaces`).expect(200)).body.items[0].id;
    ids.siteSectionGroupId = (await a.post(`${site}/section-groups`, { title: 'Group', sections: [ids.siteSectionId] }).expect(201)).body.id;
    ids.siteMcpServerId = (await a.post(`${site}/mcp-servers`, { name: 'Tools', url: 'https://mcp.example.com' }).expect(201)).body.id;
    // A comment with a reply in the space, and one in the change request (each is found only where it was posted).
    for (const [prefix, scope] of [
      [`/v1/spaces/${ids.spaceId}`, ''],
      [`${crs}/${ids.changeRequestId}`, 'cr:'],
    ] as const) {
      const comment = (await a.post(`${prefix}/comments`, { body: { markdown: 'Note' } }).expect(200)).body.id;
      const reply = (await a.post(`${prefix}/comments/${comment}/replies`, { body: { markdown: 'Reply' } }).expect(200)).body.id;
      Object.assign(ids, { [`${scope}commentId`]: comment, [`${scope}commentReplyId`]: reply });
    }
    // An OpenAPI spec with its first version (processing runs on a timer), a custom font uploaded
    // through a signed URL, a SAML provider.
    ids.specSlug = (
      await a.post(`${org}/openapi`, { slug: 'pets', source: { text: 'openapi: 3.0.3\ninfo: {title: Pets, version: "1"}\npaths: {}\n' } }).expect(201)
    ).body.slug;
    await processTimers();
    ids.versionId = (await a.get(`${org}/openapi/${ids.specSlug}`).expect(200)).body.lastVersion;
    // Public, so its published link (GET /v1/openapi/public/…) answers too.
    await a.patch(`${org}/openapi/${ids.specSlug}`, { visibility: 'public' }).expect(200);
    const upload = (
      await a.post(`${org}/storage/upload`, { kind: 'customization_font', file: { name: 'f.woff2', type: 'font/woff2', size: FONT.length } }).expect(201)
    ).body;
    await t.http.put(new URL(upload.url).pathname).set('Content-Type', 'font/woff2').send(FONT).expect(201);
    ids.fontId = (await a.put(`${org}/fonts`, { fontFamily: 'Mono', fontFaces: [{ weight: 400, storageKey: upload.key }] }).expect(201)).body.id;
    const idp = testIdp(t.clock.now());
    ids.samlProviderId = (
      await a.post(`${org}/saml`, { label: 'IdP', entityID: idp.entityID, ssoURL: idp.ssoURL, certificate: idp.certificate }).expect(201)
    ).body.id;
    // A translation and a glossary entry; a conversation, analysed into an issue in a cluster.
    ids.translationId = (await a.post(`${org}/translations`, { source: { space: ids.spaceId, language: 'en' }, language: 'fr' }).expect(201)).body.id;
    await a.put(`${org}/translations-glossary`, { operations: [{ type: 'insert', translations: { en: 'Space', fr: 'Espace' } }] }).expect(204);
    ids.glossaryEntryId = (await a.get(`${org}/translations-glossary`).expect(200)).body.items[0]?.id;
    ids.conversationId = 'ticket-1';
    await a
      .post(`${org}/conversations`, {
        id: ids.conversationId,
        parts: [{ type: 'message', role: 'user', body: 'The guide does not explain the export format.' }],
      })
      .expect(204);
    await processTimers();
    const issue = (await a.get(`${org}/conversations-issues`).expect(200)).body.items[0]?.issue;
    [ids.issueId, ids.clusterId] = [issue?.id, issue?.cluster];
    // An import run (cancelled at once: its timer then does nothing), a webhook (inactive: nothing is
    // delivered), and the newest audit event.
    ids.importRunId = (
      await a
        .post(`/v1/org/${ids.organizationId}/imports`, { source: { type: 'website', url: 'https://93.184.215.14/' }, target: { space: ids.spaceId } })
        .expect(201)
    ).body.id;
    await a.post(`/v1/org/${ids.organizationId}/imports/${ids.importRunId}/cancel`, {}).expect(201);
    ids.webhookId = (await a.post(`${org}/webhooks`, { url: 'https://hooks.example.com/', events: ['*'], active: false }).expect(201)).body.id;
    ids.auditEventId = (await a.get(`${org}/audit-events`).expect(200)).body.items[0]?.id;
    for (const [k, v] of Object.entries(ids)) if (!v) throw new Error(`fixture ${k} was not created`);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('ETag and If-None-Match', () => {
    const singleResourceGets = () => routesOf(t).filter((r) => /^GET \/v1\/.*\/:\w*(Id|Slug)$/.test(r) || SINGLE_AT_NAMED_PATHS.includes(r));

    it('the walk finds the single-resource routes, and every exception is a route', () => {
      const routes = singleResourceGets();
      expect(routes).toEqual(
        expect.arrayContaining([
          'GET /v1/spaces/:spaceId',
          'GET /v1/orgs/:organizationId/teams/:teamId',
          'GET /v1/spaces/:spaceId/revisions/:revisionId/page/:pageId',
          'GET /v1/orgs/:organizationId/openapi/:specSlug',
          ...SINGLE_AT_NAMED_PATHS,
        ]),
      );
      expect(routes.length).toBeGreaterThanOrEqual(16);
      expect(Object.keys(NO_ETAG).filter((r) => !routesOf(t).includes(r))).toEqual([]);
    });

    it('every single-resource GET answers a strong ETag; If-None-Match with it answers 304 without a body', async () => {
      for (const route of singleResourceGets().filter((r) => !(r in NO_ETAG))) {
        const url = fill(route, ids);
        const res = await as(admin).get(url);
        expect([route, res.status, typeof res.body]).toEqual([route, 200, 'object']);
        expect([route, res.headers.etag]).toEqual([route, expect.stringMatching(STRONG_TAG)]);
        const again = await as(admin).get(url).set('If-None-Match', res.headers.etag);
        expect([route, again.status, again.text ?? '', again.headers.etag]).toEqual([route, 304, '', res.headers.etag]);
        // If-None-Match compares weakly; another tag is a full answer.
        expect([route, (await as(admin).get(url).set('If-None-Match', `"other", W/${res.headers.etag}`)).status]).toEqual([route, 304]);
        expect([route, (await as(admin).get(url).set('If-None-Match', '"other"')).status]).toEqual([route, 200]);
      }
    });

    it('the GET after a write shows its new ETag; a value written back is still a new ETag (the revision moved)', async () => {
      const url = `/v1/collections/${ids.collectionId}`;
      const before = await as(admin).get(url).expect(200);
      expect(await etagOf(url)).toBe(before.headers.etag);
      await as(admin).patch(url, { title: 'Renamed' }).expect(200);
      const renamed = await etagOf(url);
      expect(renamed).not.toBe(before.headers.etag);
      await as(admin).patch(url, { title: 'Guides' }).expect(200);
      const back = await as(admin).get(url).expect(200);
      expect(back.body).toEqual(before.body);
      expect(back.headers.etag).not.toBe(before.headers.etag);
      expect(back.headers.etag).not.toBe(renamed);
    });

    it("changes fed by other streams change the ETag too (a space's change-request counters)", async () => {
      const url = `/v1/spaces/${ids.spaceId}`;
      const before = await as(admin).get(url).expect(200);
      await as(admin).post(`${url}/change-requests`, { subject: 'Counted' }).expect(201);
      const after = await as(admin).get(url).expect(200);
      expect(after.body.changeRequests).toBe(before.body.changeRequests + 1);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      // And If-Match with the tag of the earlier representation is stale.
      expect((await as(admin).patch(url, { title: 'X' }).set('If-Match', before.headers.etag)).status).toBe(412);
    });

    it('a malformed If-None-Match is 400, naming the header', async () => {
      const res = await as(admin).get(`/v1/spaces/${ids.spaceId}`).set('If-None-Match', 'not-a-tag');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 400, message: expect.stringContaining('If-None-Match') } });
    });
  });

  describe('If-Match', () => {
    it('every PATCH, PUT and DELETE with a stale If-Match answers 412 and changes nothing', async () => {
      const writes = routesOf(t).filter((r) => /^(PATCH|PUT|DELETE) \/v1\//.test(r));
      expect(writes.length).toBeGreaterThanOrEqual(20);
      for (const route of writes) {
        const position = await head();
        const [method] = route.split(' ');
        const res = await (as(admin) as any)[method.toLowerCase()](fill(route, ids)).set('If-Match', '"stale"');
        expect([route, res.status, res.body]).toEqual([route, 412, { error: { code: 412, message: expect.stringMatching(/^If-Match: /) } }]);
        expect([route, await changesSince(position)]).toEqual([route, []]);
      }
    });

    it('PATCH and DELETE with the current ETag succeed; a stale one is 412 and the resource keeps the other write', async () => {
      const org = `/v1/orgs/${ids.organizationId}`;
      const space = (await as(admin).post(`${org}/spaces`, { title: 'Draft' }).expect(201)).body.id;
      const url = `/v1/spaces/${space}`;
      const seen = await etagOf(url);
      // Another client writes in between: last writer wins without If-Match.
      await as(other).patch(url, { title: 'Theirs' }).expect(200);
      const position = await head();
      const stale = await as(admin).patch(url, { title: 'Mine' }).set('If-Match', seen);
      expect(stale.status).toBe(412);
      expect(stale.body).toEqual({ error: { code: 412, message: expect.stringContaining('If-Match') } });
      expect(stale.headers.etag).toBe(await etagOf(url));
      expect(await changesSince(position)).toEqual([]);
      expect((await as(admin).get(url)).body.title).toBe('Theirs');
      const current = await etagOf(url);
      expect((await as(admin).patch(url, { title: 'Mine' }).set('If-Match', current).expect(200)).body.title).toBe('Mine');
      // Weak tags never match If-Match (strong comparison); a list matches by any member.
      const now = await etagOf(url);
      expect((await as(admin).delete(url).set('If-Match', `W/${now}`)).status).toBe(412);
      expect((await as(admin).delete(url).set('If-Match', `"x", ${now}`)).status).toBe(205);
      // Gone: no representation, so If-Match: * fails too.
      expect((await as(admin).delete(url).set('If-Match', '*')).status).toBe(412);
    });

    it('writes to things without a GET of their own compare with the resource that holds them', async () => {
      const team = `/v1/orgs/${ids.organizationId}/teams/${ids.teamId}`;
      const teamTag = await etagOf(team);
      await as(admin).put(`${team}/members/${ids.userId}`, { role: 'owner' }).set('If-Match', teamTag).expect(204);
      expect((await as(admin).put(`${team}/members/${ids.userId}`, { role: 'member' }).set('If-Match', teamTag)).status).toBe(412);
      await as(admin)
        .put(`${team}/members/${ids.userId}`, { role: 'member' })
        .set('If-Match', await etagOf(team))
        .expect(204);

      const space = `/v1/spaces/${ids.spaceId}`;
      const spaceTag = await etagOf(space);
      await as(admin).patch(`${space}/permissions/teams/${ids.teamId}`, { role: 'comment' }).set('If-Match', spaceTag).expect(204);
      expect((await as(admin).patch(`${space}/permissions/teams/${ids.teamId}`, { role: 'edit' }).set('If-Match', spaceTag)).status).toBe(412);
      expect((await as(admin).get(`${space}/permissions/teams`)).body.items[0].permission).toBe('comment');
      // If-Match: * only asks that the resource exists.
      await as(admin).patch(`${space}/permissions/teams/${ids.teamId}`, { role: 'read' }).set('If-Match', '*').expect(204);
    });

    it('a malformed If-Match is 400, naming the header, and changes nothing', async () => {
      const position = await head();
      const res = await as(admin).patch(`/v1/spaces/${ids.spaceId}`, { title: 'X' }).set('If-Match', 'abc');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 400, message: expect.stringContaining('If-Match') } });
      expect(await changesSince(position)).toEqual([]);
    });
  });

  describe('Idempotency-Key', () => {
    const spaces = () => `/v1/orgs/${ids.organizationId}/spaces`;

    it('the same key and body answer the first response again (status, body, Location) without a second effect', async () => {
      const first = await as(admin).post(spaces(), { title: 'Once' }).set('Idempotency-Key', 'create-once').expect(201);
      expect(first.headers.location).toMatch(new RegExp(`/v1/spaces/${first.body.id}$`));
      const position = await head();
      const again = await as(admin).post(spaces(), { title: 'Once' }).set('Idempotency-Key', 'create-once');
      expect([again.status, again.body, again.headers.location, again.headers['idempotent-replayed']]).toEqual([
        201,
        first.body,
        first.headers.location,
        'true',
      ]);
      expect(await changesSince(position)).toEqual([]);
      expect((await as(admin).get(spaces())).body.items.filter((s: { title: string }) => s.title === 'Once')).toHaveLength(1);
    });

    it('the same key with another body (or path) is 422 and does nothing; keys belong to their caller', async () => {
      await as(admin).post(spaces(), { title: 'Mine' }).set('Idempotency-Key', 'k-422').expect(201);
      const position = await head();
      for (const res of [
        await as(admin).post(spaces(), { title: 'Other' }).set('Idempotency-Key', 'k-422'),
        await as(admin).post(`/v1/orgs/${ids.organizationId}/collections`, { title: 'Mine' }).set('Idempotency-Key', 'k-422'),
      ]) {
        expect([res.status, res.body]).toEqual([422, { error: { code: 422, message: expect.stringContaining('Idempotency-Key') } }]);
      }
      expect(await changesSince(position)).toEqual([]);
      // Another user's equal key is another record.
      const theirs = await as(other).post(spaces(), { title: 'Other' }).set('Idempotency-Key', 'k-422').expect(201);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    });

    it('a request that failed records nothing: the key can be used again', async () => {
      expect((await as(admin).post(spaces(), { title: 5 }).set('Idempotency-Key', 'k-failed')).status).toBe(400);
      const ok = await as(admin).post(spaces(), { title: 'Fixed' }).set('Idempotency-Key', 'k-failed').expect(201);
      expect(ok.headers['idempotent-replayed']).toBeUndefined();
    });

    it('a bad key is 400', async () => {
      const res = await as(admin).post(spaces(), { title: 'X' }).set('Idempotency-Key', 'x'.repeat(256));
      expect([res.status, res.body]).toEqual([400, { error: { code: 400, message: expect.stringContaining('Idempotency-Key') } }]);
    });

    it('a retried conditional write answers its first answer, not 412 for its own change', async () => {
      const url = `/v1/collections/${ids.collectionId}`;
      const tag = await etagOf(url);
      const first = await as(admin).patch(url, { title: 'Retried' }).set('If-Match', tag).set('Idempotency-Key', 'k-patch').expect(200);
      const retry = await as(admin).patch(url, { title: 'Retried' }).set('If-Match', tag).set('Idempotency-Key', 'k-patch');
      expect([retry.status, retry.body]).toEqual([200, first.body]);
    });

    it('answers carrying a secret are not stored in clear (an invite link id)', async () => {
      const url = `/v1/orgs/${ids.organizationId}/link-invites`;
      const first = await as(admin).post(url, { role: 'read' }).set('Idempotency-Key', 'k-secret-invite').expect(201);
      expect((await as(admin).post(url, { role: 'read' }).set('Idempotency-Key', 'k-secret-invite')).body).toEqual(first.body);
      const records = await t.app.get(EventStore).readAll({ streamPrefix: 'platform.idempotency-' });
      expect(records.length).toBeGreaterThan(0);
      const text = JSON.stringify(records);
      expect(text).not.toContain(first.body.id);
      expect(text).not.toContain('k-secret-invite');
      expect(text).not.toContain('Once');
    });
  });

  describe('across a restart, and after 24 hours', () => {
    it('ETags, If-Match and Idempotency-Key records survive a restart; records expire after 24 hours', async () => {
      // A body without absolute URLs: the test server listens on another port after the restart.
      const url = `/v1/orgs/${ids.organizationId}/teams/${ids.teamId}`;
      const tag = await etagOf(url);
      const first = await as(admin).post(`/v1/orgs/${ids.organizationId}/spaces`, { title: 'Durable' }).set('Idempotency-Key', 'k-durable').expect(201);

      await t.close();
      t = await startTestApp({ dataDir, clock });
      expect(await etagOf(url)).toBe(tag);
      const replay = await as(admin).post(`/v1/orgs/${ids.organizationId}/spaces`, { title: 'Durable' }).set('Idempotency-Key', 'k-durable');
      expect([replay.status, replay.body, replay.headers.location]).toEqual([201, first.body, first.headers.location]);
      await as(admin).patch(url, { title: 'After restart' }).set('If-Match', tag).expect(200);
      expect((await as(admin).patch(url, { title: 'Stale' }).set('If-Match', tag)).status).toBe(412);

      clock.advance(24 * HOUR - 1);
      expect((await as(admin).post(`/v1/orgs/${ids.organizationId}/spaces`, { title: 'Durable' }).set('Idempotency-Key', 'k-durable')).body).toEqual(
        first.body,
      );
      clock.advance(1);
      const fresh = await as(admin).post(`/v1/orgs/${ids.organizationId}/spaces`, { title: 'Durable' }).set('Idempotency-Key', 'k-durable').expect(201);
      expect(fresh.body.id).not.toBe(first.body.id);
      expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    });
  });
});
