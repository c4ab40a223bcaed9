import Database from 'better-sqlite3';
import { execFile } from 'child_process';
import { createHmac } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import { INestApplicationContext } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ExplorerService } from '@nestjs/cqrs/dist/services/explorer.service';
import { ManualClock, newEventId, PlatformConfig, SEALING_KEY_FILE, SIGNING_KEY_FILE, SqliteEventStore, upcast } from '@app/platform';
import { openContext, runCli } from '../../apps/cli/src/cli';
import { HostnameResolver } from '../../libs/sites/src/application/hostname-resolver';
import { dejaVu, ttfToWoff2 } from '../../libs/fonts/src/testing/woff-encoder';
import { FakeTranslator } from '../../libs/translations/src/testing/fake-translator';
import { FakeChatServer } from '../../libs/conversations/src/testing/fake-chat-server';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { testIdp } from '../support/saml-idp';
import { startGitServer } from '../support/git-server';
import { WebhookReceiver } from '../support/webhook-receiver';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const root = path.resolve(__dirname, '..', '..');

const keyFile = (dataDir: string) => path.join(dataDir, SIGNING_KEY_FILE);
const keySecrets = (dataDir: string): string[] => JSON.parse(fs.readFileSync(keyFile(dataDir), 'utf8')).keys.map((k: { secret: string }) => k.secret);
const pathOf = (url: string) => new URL(url).pathname;
const bytes = (res: any, cb: (e: Error | null, b: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** The CLI as a second process on the same DATA_DIR would be: its own Nest context, same clock. */
async function cliContext(dataDir: string, clock: ManualClock, overrides: Partial<PlatformConfig> = {}) {
  const app = await openContext({ config: PlatformConfig.fromEnv({}, { dataDir, runWorkers: false, ...overrides }), clock });
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runCli(argv, app, (l) => lines.push(l));
    return lines.map((l) => JSON.parse(l));
  };
  return { app, run };
}

/** A change request with a page and a file in it, in a fresh space; answers its PDF URL and the file's downloadURL. */
async function contentWithLinks(t: TestApp, orgId: string, token: string) {
  const space = (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(token)).send({ title: 'Docs' }).expect(201)).body;
  const cr = (await t.http.post(`/v1/spaces/${space.id}/change-requests`).set(bearer(token)).send({ subject: 'Draft' }).expect(201)).body;
  const write = await t.http
    .post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`)
    .query({ compat: 'false' })
    .set(bearer(token))
    .send({
      changes: [
        { operation: 'insert_files', files: [{ name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from('hello').toString('base64') }] },
        { operation: 'insert_page', title: 'Intro', document: { markdown: 'Hi' } },
      ],
    })
    .expect(200);
  const fileId = write.body.insertedFiles[0].id;
  const file = (await t.http.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/files/${fileId}`).set(bearer(token)).expect(200)).body;
  const pdf = (await t.http.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/pdf`).set(bearer(token)).expect(200)).body;
  return { space, cr, pdfUrl: pdf.url as string, downloadUrl: file.downloadURL as string };
}

describe('signed URLs and their keys (e2e)', () => {
  let t: TestApp;
  let org: { organizationId: string; userId: string; token: string };
  beforeAll(async () => {
    t = await startTestApp();
    org = await t.bootstrap('Acme', email('admin'));
  });
  afterAll(async () => t?.close());

  it('the key is in a 0600 file in DATA_DIR, not in any event; a link forged from what the events hold is refused', async () => {
    expect(fs.statSync(keyFile(t.dataDir)).mode & 0o777).toBe(0o600);
    const { space, cr, pdfUrl } = await contentWithLinks(t, org.organizationId, org.token);
    expect((await t.http.get(pathOf(pdfUrl))).status).toBe(200);
    const events = await t.cli('events');
    const printed = JSON.stringify(events);
    for (const secret of keySecrets(t.dataDir)) expect(printed).not.toContain(secret);
    expect(events.map((e) => e.type)).not.toContain('ContentSigningKeyCreated');
    // The pre-issue-8 forgery: any key-like value from the events, used as the old HMAC key.
    const body = Buffer.from(JSON.stringify({ k: 'pdf', s: space.id, r: cr.revision, t: 'Forged' })).toString('base64url');
    const candidates = events.flatMap((e) => Object.values(e.data ?? {})).filter((v): v is string => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v));
    for (const key of candidates) {
      const mac = createHmac('sha256', Buffer.from(key, 'hex')).update(body).digest('base64url');
      expect((await t.http.get(`/v1/content/pdf/${body}.${mac}`)).status).toBe(404);
    }
  });

  it('links expire after SIGNED_URL_TTL_SECONDS (an hour), file downloads included', async () => {
    const { pdfUrl, downloadUrl } = await contentWithLinks(t, org.organizationId, org.token);
    const download = await t.http.get(pathOf(downloadUrl)).buffer(true).parse(bytes);
    expect(download.status).toBe(200);
    expect(download.body.toString()).toBe('hello');
    t.clock.advance(HOUR);
    expect((await t.http.get(pathOf(downloadUrl))).status).toBe(200);
    t.clock.advance(1000);
    for (const url of [pdfUrl, downloadUrl]) {
      const res = await t.http.get(pathOf(url));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 404, message: expect.stringMatching(/expired/) } });
    }
  });

  it('the signature covers the path and the expiry: extending a link, or moving it to another route, is refused', async () => {
    const { pdfUrl, downloadUrl } = await contentWithLinks(t, org.organizationId, org.token);
    const p = pathOf(pdfUrl);
    const exp = /\.(\d+)\.[0-9a-f]{16}\.[^.]+$/.exec(p)![1];
    const extended = p.replace(`.${exp}.`, `.${Number(exp) + 365 * 24 * 3600}.`);
    const moved = p.replace('/content/pdf/', '/content/files/');
    for (const bad of [extended, moved, pathOf(downloadUrl).replace('/content/files/', '/content/pdf/')]) {
      const res = await t.http.get(bad);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/invalid/);
    }
    expect((await t.http.get(p)).status).toBe(200);
  });

  it('`keys rotate` in another process: new links use the new key at once, old links verify until the grace ends', async () => {
    const cli = await cliContext(t.dataDir, t.clock);
    try {
      const before = await contentWithLinks(t, org.organizationId, org.token);
      const [rotation] = await cli.run('keys', 'rotate', '--grace', '600');
      expect(rotation).toEqual({
        keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
        previousKeyId: expect.stringMatching(/^[0-9a-f]{16}$/),
        graceUntil: new Date(t.clock.now().getTime() + 600_000).toISOString(),
      });
      const after = await contentWithLinks(t, org.organizationId, org.token);
      expect(pathOf(after.pdfUrl)).toContain(`.${rotation.keyId}.`);
      expect(pathOf(before.pdfUrl)).toContain(`.${rotation.previousKeyId}.`);
      t.clock.advance(599_000);
      expect((await t.http.get(pathOf(before.pdfUrl))).status).toBe(200);
      t.clock.advance(1000);
      expect((await t.http.get(pathOf(before.pdfUrl))).status).toBe(404);
      expect((await t.http.get(pathOf(after.pdfUrl))).status).toBe(200);

      // Grace 0: links of the previous key stop working immediately, in the running API too.
      const [now] = await cli.run('keys', 'rotate', '--grace', '0');
      expect(now.graceUntil).toBeNull();
      expect((await t.http.get(pathOf(after.pdfUrl))).status).toBe(404);
      expect((await t.http.get(pathOf((await contentWithLinks(t, org.organizationId, org.token)).pdfUrl))).status).toBe(200);

      // The audit trail has ids, never keys; bad grace values are refused.
      const rotated = (await t.cli('events', '--stream', 'platform.content-signing-keys')).map((e) => e.data);
      expect(rotated).toEqual([rotation, now]);
      await expect(cli.run('keys', 'rotate', '--grace=-1')).rejects.toThrow(/grace: must be a whole number of seconds/);
      await expect(cli.run('keys', 'rotate', '--grace')).rejects.toThrow(/grace/);
    } finally {
      await cli.app.close();
    }
  });
});

describe('a data folder whose history holds the old signing-key event (e2e)', () => {
  const legacyKey = 'ab'.repeat(32);
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-legacy-'));
    const store = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
    await store.append(
      'content.signing-key',
      [
        {
          id: newEventId(),
          type: 'ContentSigningKeyCreated',
          data: { key: legacyKey },
          metadata: { actor: null, occurredAt: new Date(0).toISOString(), correlationId: newEventId(), causationId: null, schemaVersion: 1 },
        },
      ],
      'no_stream',
    );
    await store.close();
    t = await startTestApp({ dataDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gets a fresh key at start, never uses the old one again, and shows the old event redacted (history unchanged)', async () => {
    expect(keySecrets(dataDir)).not.toContain(legacyKey);
    const org = await t.bootstrap('Legacy', email('legacy'));
    const { space, cr, pdfUrl } = await contentWithLinks(t, org.organizationId, org.token);
    expect((await t.http.get(pathOf(pdfUrl))).status).toBe(200);
    // Old format, and the new format signed with the old key: both refused.
    const body = Buffer.from(JSON.stringify({ k: 'pdf', s: space.id, r: cr.revision, exp: Date.parse('2100-01-01'), t: 'Forged' })).toString('base64url');
    const oldFormat = `/v1/content/pdf/${body}.${createHmac('sha256', Buffer.from(legacyKey, 'hex')).update(body).digest('base64url')}`;
    const unsigned = `/v1/content/pdf/${body}.4102444800.${pathOf(pdfUrl).split('.').slice(-2)[0]}`;
    const newFormat = `${unsigned}.${createHmac('sha256', Buffer.from(legacyKey, 'hex')).update(`GET\n${unsigned}`).digest('base64url')}`;
    for (const forged of [oldFormat, newFormat]) expect((await t.http.get(forged)).status).toBe(404);

    const shown = await t.cli('events', '--stream', 'content.signing-key');
    expect(shown).toHaveLength(1);
    expect(JSON.stringify(shown)).not.toContain(legacyKey);
    expect(shown[0].data.key).toMatch(/redacted/);
    const raw = new Database(path.join(dataDir, 'events.sqlite'), { readonly: true });
    try {
      const row = raw.prepare("SELECT data FROM events WHERE type = 'ContentSigningKeyCreated'").get() as { data: string };
      expect(JSON.parse(row.data)).toEqual({ key: legacyKey });
      expect(upcast({ type: 'ContentSigningKeyCreated', data: JSON.parse(row.data), metadata: { schemaVersion: 1 } }).data).toEqual({
        key: expect.stringMatching(/redacted/),
      });
    } finally {
      raw.close();
    }
  });
});

describe('CONTENT_SIGNING_KEY from the environment (e2e)', () => {
  it('signs with it (no key file), and `keys rotate` says to change the variable instead', async () => {
    const key = 'e'.repeat(64);
    const t = await startTestApp({ config: { contentSigningKey: key } });
    try {
      expect(fs.existsSync(keyFile(t.dataDir))).toBe(false);
      const org = await t.bootstrap('Env', email('env'));
      const { pdfUrl } = await contentWithLinks(t, org.organizationId, org.token);
      expect((await t.http.get(pathOf(pdfUrl))).status).toBe(200);
      await expect(t.cli('keys', 'rotate')).rejects.toThrow(/CONTENT_SIGNING_KEY.*setting a new value/);
      expect(JSON.stringify(await t.cli('events'))).not.toContain(key);
    } finally {
      await t.close();
    }
  });

  it('is required on the server adapters: the API exits at start saying how to set it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-esdb-'));
    try {
      const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', EVENTSTORE_CONNECTION_STRING: 'esdb://127.0.0.1:1?tls=false', CONTENT_SIGNING_KEY: '' };
      const failed = await promisify(execFile)(process.execPath, ['-r', './test/support/register-ts.js', 'apps/api/src/main.ts'], {
        cwd: root,
        env,
        timeout: 60_000,
      }).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toMatch(/CONTENT_SIGNING_KEY is required when EVENTSTORE_CONNECTION_STRING is set.*openssl rand -hex 32/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * Every command type the application registers, written through once, then every stored event
 * (raw rows of events.sqlite, data and metadata) searched for every secret handed out on the
 * way: API tokens, signing keys, invite links, signed URLs. The list of command types comes from
 * the CQRS handlers registered in the app, so a new command without a step here fails the test.
 */
describe('no secret in any stored event, across every command type (e2e)', () => {
  let t: TestApp;
  const secrets = new Map<string, string>();
  const executed = new Set<Function>();
  const keep = (what: string, value: string) => secrets.set(value, what);
  // Conversations are analysed by a local OpenAI-compatible endpoint (its API key is a secret): one issue per conversation.
  const llm = new FakeChatServer(
    (c) => [{ title: 'Export is not documented', summary: 'No export page.', impact: 'low', quotes: [c.parts[0].body] }],
    'sk-conversations-secret-key',
  );

  beforeAll(async () => {
    await llm.start();
    t = await startTestApp({ config: { conversationsOpenaiUrl: llm.url, conversationsOpenaiApiKey: llm.apiKey } });
    t.app.get(CommandBus).subscribe((c: object) => executed.add(c.constructor));
  });
  afterAll(async () => {
    await t?.close();
    await llm.stop();
  });

  it('writes through every command type', async () => {
    const as = (token: string) => ({
      post: (url: string, body: unknown = {}) =>
        t.http
          .post(url)
          .set(bearer(token))
          .send(body as object),
      put: (url: string, body: unknown = {}) =>
        t.http
          .put(url)
          .set(bearer(token))
          .send(body as object),
      patch: (url: string, body: unknown = {}) =>
        t.http
          .patch(url)
          .set(bearer(token))
          .send(body as object),
      del: (url: string) => t.http.delete(url).set(bearer(token)),
    });
    const adminEmail = email('admin');
    const boot = await t.bootstrap('Secrets', adminEmail);
    keep('bootstrap token', boot.token);
    const orgId = boot.organizationId;
    const admin = as(boot.token);
    const second = await t.bootstrap('Second', adminEmail);
    keep('bootstrap token', second.token);

    // Identity and members (CLI).
    const [editor] = await t.cli('user', 'create', '--email', email('editor'), '--name', 'Ed', '--org', orgId, '--role', 'admin');
    keep('user create token', editor.token);
    const [made] = await t.cli('token', 'create', '--user', editor.userId);
    keep('token create token', made.token);
    await t.cli('token', 'revoke', '--id', made.tokenId);

    // Organization, invites by email and by link, joining by link and by email domain.
    await admin.patch(`/v1/orgs/${orgId}`, { inviteLinks: true, emailDomains: ['joiners.test'] }).expect(200);
    await admin.post(`/v1/orgs/${orgId}/invites`, { emails: [email('invited')], role: 'read' }).expect(200);
    const link = (await admin.post(`/v1/orgs/${orgId}/link-invites`, { role: 'read' }).expect(201)).body.id;
    keep('invite link', link);
    await admin.patch(`/v1/orgs/${orgId}/link-invites/${link}`, { role: 'comment' }).expect(200);
    const [joiner] = await t.cli('user', 'create', '--email', email('joiner'), '--name', 'Jo');
    keep('user create token', joiner.token);
    await as(joiner.token).post(`/v1/orgs/${orgId}/invites/${link}`).expect(200);
    const [domain] = await t.cli('user', 'create', '--email', `dom-${Date.now()}@joiners.test`, '--name', 'Dom');
    keep('user create token', domain.token);
    await as(domain.token).post(`/v1/orgs/${orgId}/join`).expect(204);
    await admin.patch(`/v1/orgs/${orgId}/members/${joiner.userId}`, { role: 'review' }).expect(200);
    await admin.del(`/v1/orgs/${orgId}/members/${domain.userId}`).expect(205);
    await admin.del(`/v1/orgs/${orgId}/link-invites/${link}`).expect(205);

    // Teams.
    const team = (await admin.put(`/v1/orgs/${orgId}/teams`, { title: 'Writers', members: [editor.userId] }).expect(201)).body.id;
    await admin.patch(`/v1/orgs/${orgId}/teams/${team}`, { title: 'Authors' }).expect(200);
    await admin.put(`/v1/orgs/${orgId}/teams/${team}/members`, { add: [joiner.userId] }).expect(204);

    // Collections and spaces.
    const coll = (await admin.post(`/v1/orgs/${orgId}/collections`, { title: 'Guides' }).expect(201)).body.id;
    const coll2 = (await admin.post(`/v1/orgs/${orgId}/collections`, { title: 'Archive' }).expect(201)).body.id;
    await admin.patch(`/v1/collections/${coll}`, { title: 'Handbooks' }).expect(200);
    await admin.post(`/v1/collections/${coll2}/move`, { parent: coll }).expect(200);
    const space = (await admin.post(`/v1/orgs/${orgId}/spaces`, { title: 'Docs' }).expect(201)).body.id;
    await admin.patch(`/v1/spaces/${space}`, { title: 'Documentation' }).expect(200);
    await admin.post(`/v1/spaces/${space}/move`, { parent: coll }).expect(200);
    await admin.post(`/v1/spaces/${space}/permissions`, { role: 'read', teams: [team] }).expect(204);
    await admin.del(`/v1/orgs/${orgId}/teams/${team}`).expect(205);
    const copy = (await admin.post(`/v1/spaces/${space}/duplicate`).expect(201)).body.id;
    await admin.post(`/v1/spaces/${copy}/transfer`, { organization: second.organizationId }).expect(200);
    const moving = (await admin.post(`/v1/orgs/${orgId}/collections`, { title: 'Moving' }).expect(201)).body.id;
    await admin.post(`/v1/collections/${moving}/transfer`, { organization: second.organizationId }).expect(200);
    await admin.del(`/v1/collections/${coll2}`).expect(205);
    const restored = (await admin.post(`/v1/orgs/${orgId}/spaces`, { title: 'Restored' }).expect(201)).body.id;
    await admin.del(`/v1/spaces/${restored}`).expect(205);
    await admin.post(`/v1/spaces/${restored}/restore`).expect(200);
    const purged = (await admin.post(`/v1/orgs/${orgId}/spaces`, { title: 'Purged' }).expect(201)).body.id;
    await admin.del(`/v1/spaces/${purged}`).expect(205);

    // Content: change requests, reviews, update from main, merge; signed links.
    const cr = `/v1/spaces/${space}/change-requests`;
    const first = (await admin.post(cr, { subject: 'First' }).expect(201)).body.id;
    const other = (await admin.post(cr, { subject: 'Other' }).expect(201)).body.id;
    await admin.patch(`${cr}/${first}`, { subject: 'First draft' }).expect(200);
    const write = await t.http
      .post(`${cr}/${first}/content`)
      .query({ compat: 'false' })
      .set(bearer(boot.token))
      .send({
        changes: [
          { operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello' } },
          { operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'YQ==' }] },
        ],
      })
      .expect(200);
    await admin.post(`${cr}/${first}/requested-reviewers`, { users: [editor.userId, joiner.userId] }).expect(200);
    await admin.del(`${cr}/${first}/requested-reviewers/${joiner.userId}`).expect(205);
    await as(editor.token).post(`${cr}/${first}/reviews`, { status: 'approved' }).expect(201);
    const file = (await t.http.get(`${cr}/${first}/content/files/${write.body.insertedFiles[0].id}`).set(bearer(boot.token)).expect(200)).body;
    keep('signed download URL', pathOf(file.downloadURL).split('.').pop()!);
    keep(
      'signed PDF URL',
      pathOf((await t.http.get(`${cr}/${first}/pdf`).set(bearer(boot.token)).expect(200)).body.url)
        .split('.')
        .pop()!,
    );
    await admin.post(`${cr}/${first}/merge`).expect(200);
    await t.engine.drain();
    await admin.post(`${cr}/${other}/update`).expect(200);
    // Comments: a thread with a reply, reactions, a resolution, edits and deletes.
    const comments = `/v1/spaces/${space}/comments`;
    const comment = (await admin.post(comments, { body: { markdown: 'Note' } }).expect(200)).body.id;
    await admin.put(`${comments}/${comment}`, { resolved: true, addedReactions: ['👍'] }).expect(200);
    const reply = (await admin.post(`${comments}/${comment}/replies`, { body: { markdown: 'Reply' } }).expect(200)).body.id;
    await admin.put(`${comments}/${comment}/replies/${reply}`, { body: { markdown: 'Edited' } }).expect(200);
    await admin.del(`${comments}/${comment}/replies/${reply}`).expect(205);
    await admin.del(`${comments}/${comment}`).expect(205);
    const templated = (await admin.post(`/v1/orgs/${orgId}/spaces`, { title: 'Templated' }).expect(201)).body.id;
    await admin.post(`/v1/spaces/${templated}/content/template`, { id: 'api-docs' }).expect(201);

    // Site services: share-link keys and MCP header values are secrets; DNS answers come from the test.
    const svcSite = (await admin.post(`/v1/orgs/${orgId}/sites`, { title: 'Secret site', visibility: 'share-link' }).expect(201)).body.id;
    const sv = `/v1/orgs/${orgId}/sites/${svcSite}`;
    const shareLink = (await admin.post(`${sv}/share-links`, { name: 'Reviewers' }).expect(201)).body;
    keep('share-link key', new URL(shareLink.urls.published).searchParams.get('shareKey')!);
    await admin.patch(`${sv}/share-links/${shareLink.id}`, { active: false }).expect(200);
    await admin.del(`${sv}/share-links/${shareLink.id}`).expect(205);
    keep('MCP header value', 'Bearer mcp-header-secret-1');
    keep('MCP header value', 'Bearer mcp-header-secret-2');
    const mcp = (
      await admin
        .post(`${sv}/mcp-servers`, { name: 'Tools', url: 'https://mcp.example.com', headers: { Authorization: 'Bearer mcp-header-secret-1' } })
        .expect(201)
    ).body.id;
    await admin.patch(`${sv}/mcp-servers/${mcp}`, { headers: { Authorization: 'Bearer mcp-header-secret-2' } }).expect(200);
    await admin.del(`${sv}/mcp-servers/${mcp}`).expect(205);
    // Visitor authentication: the site key is answered once, by regenerate; GET and PATCH mask it.
    const visitorAuth = `${sv}/publishing/auth`;
    keep('site visitor key', (await admin.post(`${visitorAuth}/regenerate`).expect(200)).body.privateKey);
    const authPatch = await admin.patch(visitorAuth, { backend: 'custom', fallbackURL: 'https://example.com/login', jwksURL: 'https://idp.example.com/jwks' });
    expect([authPatch.status, authPatch.body.privateKey]).toEqual([200, '********']);
    expect((await t.http.get(visitorAuth).set(bearer(boot.token)).expect(200)).body.privateKey).toBe('********');
    await admin.put(`${sv}/adaptive-schema`, { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } }).expect(200);
    const svcSpace = (await admin.post(`/v1/orgs/${orgId}/spaces`, { title: 'Site space' }).expect(201)).body.id;
    const siteSpace = (await admin.post(`${sv}/site-spaces`, { spaceId: svcSpace }).expect(201)).body.id;
    await admin.patch(`${sv}/site-spaces/${siteSpace}`, { path: 'handbook' }).expect(200);
    const section = (await admin.post(`${sv}/sections`, { spaceId: svcSpace }).expect(201)).body.id;
    await admin.patch(`${sv}/sections/${section}`, { title: 'Guides' }).expect(200);
    const redirect = (await admin.post(`${sv}/redirects`, { source: '/old', destination: { kind: 'site-space', siteSpaceId: siteSpace } }).expect(201)).body.id;
    await admin.patch(`${sv}/redirects/${redirect}`, { source: '/older' }).expect(200);
    await admin.del(`${sv}/redirects/${redirect}`).expect(205);
    await admin.patch(sv, { hostname: 'docs.secrets-example.com' }).expect(200);
    jest.spyOn(t.app.get(HostnameResolver, { strict: false }), 'cnames').mockResolvedValueOnce({ kind: 'none' });
    await admin.patch('/v1/custom-hostnames/docs.secrets-example.com').expect(204);
    await admin.del('/v1/custom-hostnames/docs.secrets-example.com').expect(205);

    // OpenAPI specs from text (processed by the timers below): replaced, made public, one deleted.
    const specs = `/v1/orgs/${orgId}/openapi`;
    await admin.post(specs, { slug: 'secret-api', source: { text: '{"openapi":"3.0.3","info":{"title":"T","version":"1"},"paths":{}}' } }).expect(201);
    await admin.put(`${specs}/secret-api`, { source: { text: 'openapi: 3.1.0\ninfo: {title: T, version: "2"}\npaths: {}\n' } }).expect(200);
    await admin.patch(`${specs}/secret-api`, { visibility: 'public' }).expect(200);
    await admin.put(`${specs}/gone-api`, { source: { text: 'swagger: "2.0"' } }).expect(201);
    await admin.del(`${specs}/gone-api`).expect(205);

    // SSO: a SAML provider, a sign-in at its ACS (its API token is a secret), SSO membership; member
    // operations and agent instructions.
    const idp = testIdp(t.clock.now());
    const saml = `/v1/orgs/${orgId}/saml`;
    const provider = (await admin.post(saml, { label: 'IdP', entityID: idp.entityID, ssoURL: idp.ssoURL, certificate: idp.certificate }).expect(201)).body;
    await admin.patch(`${saml}/${provider.id}`, { defaultRole: 'read' }).expect(200);
    const samlResponse = idp.response({ service: provider.service, now: t.clock.now(), email: email('sso') });
    const signedIn = await t.http.post(new URL(provider.service.acsURL).pathname).type('form').send({ SAMLResponse: samlResponse }).expect(200);
    keep('SAML sign-in token', signedIn.body.token);
    await admin.post(`/v1/orgs/${orgId}/members/${editor.userId}/sso`).expect(200);
    await admin.del(`${saml}/${(await admin.post(saml, { label: 'Spare' }).expect(201)).body.id}`).expect(205);
    await as(editor.token).post(`/v1/orgs/${orgId}/ping`).expect(200);
    await as(editor.token).patch(`/v1/users/${editor.userId}`, { displayName: 'Edie' }).expect(200);
    await admin.put(`/v1/orgs/${orgId}/agent-instructions`, { instructions: { object: 'document', data: {}, nodes: [] } }).expect(200);

    // Storage and custom fonts: a signed upload URL (its signature is a secret), the upload, a font created, updated, deleted.
    const fontFile = ttfToWoff2(dejaVu('DejaVuSansMono'));
    const fontUpload = (
      await admin
        .post(`/v1/orgs/${orgId}/storage/upload`, { kind: 'customization_font', file: { name: 'f.woff2', type: 'font/woff2', size: fontFile.length } })
        .expect(201)
    ).body;
    keep('signed upload URL', pathOf(fontUpload.url).split('.').pop()!);
    await t.http.put(pathOf(fontUpload.url)).set('Content-Type', 'font/woff2').send(fontFile).expect(201);
    const fonts = `/v1/orgs/${orgId}/fonts`;
    const font = (await admin.put(fonts, { fontFamily: 'Mono', fontFaces: [{ weight: 400, storageKey: fontUpload.key }] }).expect(201)).body;
    await admin.post(`${fonts}/${font.id}`, { fontFamily: 'Mono 2' }).expect(201);
    await admin.del(`${fonts}/${font.id}`).expect(205);

    // Translations: a glossary batch, a translation changed and run (by the timers below) against a
    // local provider whose API key is a secret, another one deleted.
    const translator = new FakeTranslator('sk-translator-secret-key');
    await translator.start();
    Object.assign(t.app.get(PlatformConfig), { translatorLibreTranslateUrl: translator.url, translatorLibreTranslateApiKey: translator.apiKey });
    keep('translator API key', translator.apiKey);
    await admin.put(`/v1/orgs/${orgId}/translations-glossary`, { operations: [{ type: 'insert', translations: { en: 'Docs', fr: 'Documents' } }] }).expect(204);
    const translations = `/v1/orgs/${orgId}/translations`;
    const translation = `${translations}/${(await admin.post(translations, { source: { space, language: 'en' }, language: 'fr' }).expect(201)).body.id}`;
    await admin.put(translation, { instructions: { object: 'document', data: {}, nodes: [] } }).expect(200);
    await admin.post(`${translation}/run`).expect(204);
    await admin
      .del(`${translations}/${(await admin.post(translations, { source: { space, language: 'en' }, language: 'de' }).expect(201)).body.id}`)
      .expect(205);

    // Conversations: one ingested (analysed by the timers below), its issue's cluster muted after them.
    keep('conversations API key', llm.apiKey);
    const conversation = { id: 'secret-ticket', parts: [{ type: 'message', role: 'user', body: 'The guide never explains the export.' }] };
    await admin.post(`/v1/orgs/${orgId}/conversations`, conversation).expect(204);

    // Git sync: the remote's password travels in the URL (the contract's way) and is a secret; an
    // import (run by the timers below), an export, the legacy installation removed.
    const git = await startGitServer({ username: 'git-user', password: 'git-secret-password-1' });
    keep('git remote password', 'git-secret-password-1');
    git.create('docs', { 'README.md': '# Docs\n\nFrom git.\n' });
    const gitSpace = (await admin.post(`/v1/orgs/${orgId}/spaces`, { title: 'From git' }).expect(201)).body.id;
    await admin.post(`/v1/spaces/${gitSpace}/git/import`, { url: git.url('docs'), ref: 'refs/heads/main' }).expect(204);
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
    await admin.post(`/v1/spaces/${gitSpace}/git/export`, { url: git.url('docs'), ref: 'refs/heads/main', commitMessage: 'From the platform' }).expect(204);
    await admin.del(`/v1/spaces/${gitSpace}/git/legacy-installation`).expect(205);
    await git.close();

    // Content imports: uploaded markdown (run by the timers below), and a crawl cancelled at once.
    const markdown = Buffer.from('# Imported\n\nText.\n');
    const importUpload = (
      await admin
        .post(`/v1/orgs/${orgId}/storage/upload`, { kind: 'import_file', file: { name: 'page.md', type: 'text/markdown', size: markdown.length } })
        .expect(201)
    ).body;
    keep('signed upload URL', pathOf(importUpload.url).split('.').pop()!);
    await t.http.put(pathOf(importUpload.url)).set('Content-Type', 'text/markdown').send(markdown.toString('utf8')).expect(201);
    await admin.post(`/v1/org/${orgId}/imports`, { source: { type: 'file', files: [importUpload.key] }, target: { space } }).expect(201);
    const crawl = (await admin.post(`/v1/org/${orgId}/imports`, { source: { type: 'website', url: 'https://93.184.215.14/' }, target: { space } }).expect(201))
      .body.id;
    await admin.post(`/v1/org/${orgId}/imports/${crawl}/cancel`).expect(201);

    // Webhooks: the signing secret (shown at creation and rotation) is a secret; an endpoint changed,
    // rotated, pinged, a delivery redelivered, the endpoint deleted.
    const receiver = await new WebhookReceiver().start();
    const hooks = `/v1/orgs/${orgId}/webhooks`;
    const hook = (await admin.post(hooks, { url: receiver.url('/hook'), events: ['space.*', 'webhook.*'] }).expect(201)).body;
    keep('webhook secret', hook.secret);
    await admin.patch(`${hooks}/${hook.id}`, { description: 'Spaces' }).expect(200);
    keep('webhook secret', (await admin.post(`${hooks}/${hook.id}/rotate-secret`).expect(200)).body.secret);
    await admin.post(`${hooks}/${hook.id}/ping`).expect(202);
    await t.engine.drain();
    let delivered: Array<{ id: string }> = [];
    for (const deadline = Date.now() + 20_000; delivered.length === 0 && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50)))
      delivered = (await t.http.get(`${hooks}/${hook.id}/deliveries`).set(bearer(boot.token)).expect(200)).body.items;
    await admin.post(`${hooks}/${hook.id}/deliveries/${delivered[0].id}/redeliver`).expect(202);
    await admin.del(`${hooks}/${hook.id}`).expect(205);
    await receiver.close();

    // Timers: the purge fires after the restore window.
    await t.engine.drain();
    t.clock.advance(8 * DAY);
    expect(await t.scheduler.runDue()).toBeGreaterThanOrEqual(1);
    await t.engine.drain();
    expect((await t.http.get(translation).set(bearer(boot.token)).expect(200)).body.status).toBe('completed');
    await translator.stop();
    expect(llm.requests.map((r) => r.authorization)).toEqual([`Bearer ${llm.apiKey}`]);
    const cluster = (await t.http.get(`/v1/orgs/${orgId}/conversations-issues`).set(bearer(boot.token)).expect(200)).body.items[0].issue.cluster;
    await admin.patch(`/v1/orgs/${orgId}/conversations-clusters/${cluster}`, { muted: true }).expect(200);
    const specVersion = (await t.http.get(`${specs}/secret-api/versions/latest`).set(bearer(boot.token)).expect(200)).body;
    keep('signed OpenAPI document URL', pathOf(specVersion.url).split('.').pop()!);

    // Signing keys.
    for (const s of keySecrets(t.dataDir)) keep('signing key', s);
    const [rotation] = await t.cli('keys', 'rotate', '--grace', '60');
    for (const s of keySecrets(t.dataDir)) keep('signing key', s);
    keep('invite link sealing key', fs.readFileSync(path.join(t.dataDir, SEALING_KEY_FILE), 'utf8').trim());
    expect(JSON.stringify(rotation)).not.toMatch(/[0-9a-f]{64}/);
    await t.engine.drain();

    // The handlers @nestjs/cqrs registered with the CommandBus (it finds them the same way at bootstrap).
    const registered = (new ExplorerService(t.app.get(ModulesContainer)).explore().commands ?? []).map(
      (w) => Reflect.getMetadata('__commandHandler__', w.metatype as Function) as Function,
    );
    const missing = registered.filter((c) => !executed.has(c)).map((c) => c.name);
    expect(missing).toEqual([]);
    expect(registered.length).toBeGreaterThan(40);
  });

  it('no stored event (data or metadata) holds any of the secrets handed out', async () => {
    expect(secrets.size).toBeGreaterThan(8);
    const db = new Database(path.join(t.dataDir, 'events.sqlite'), { readonly: true });
    try {
      const rows = db.prepare('SELECT position, type, data, metadata FROM events').all() as Array<{
        position: number;
        type: string;
        data: string;
        metadata: string;
      }>;
      expect(rows.length).toBeGreaterThan(50);
      const found: string[] = [];
      for (const row of rows) {
        const text = `${row.data}\n${row.metadata}`;
        for (const [value, what] of secrets) {
          const forms = [
            value,
            ...(/^[0-9a-f]{64}$/.test(value) ? [Buffer.from(value, 'hex').toString('base64'), Buffer.from(value, 'hex').toString('base64url')] : []),
          ];
          if (forms.some((f) => text.includes(f))) found.push(`${what} in event ${row.position} (${row.type})`);
        }
      }
      expect(found).toEqual([]);
    } finally {
      db.close();
    }
  });
});
