import * as fs from 'fs';
import { createServer, Server } from 'http';
import { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';
import { Writable } from 'stream';
import { NestExpressApplication } from '@nestjs/platform-express';
import { QueryBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { GitBookAPI } from '@gitbook/api';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { EventStore, ManualClock, PlatformConfig, ProjectionEngine } from '@app/platform';
import { AdmitVisitorQuery, FindPublishedSiteQuery, FindSiteRedirectQuery } from '@app/sites';
import { AppModule } from '../../apps/api/src/app.module';
import { configureHttp } from '../../apps/api/src/bootstrap';
import { runCli } from '../../apps/cli/src/cli';
import { expectMatchesOperation } from '../support/reference-schema';
import { bearer, clientError, email } from '../support/test-app';

/**
 * Site visitor authentication (reference tag site-publishing-auth) through the official client,
 * every body validated against the reference schema, and the delivery seam of the sites
 * context (FindPublishedSiteQuery, AdmitVisitorQuery, FindSiteRedirectQuery) on real sites.
 * The server logs at `trace` into a captured stream: the key must appear in no log line.
 */
describe('site publishing auth and the delivery seam (e2e)', () => {
  const clock = new ManualClock('2026-03-01T10:00:00.000Z');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-site-auth-'));
  const logs: string[] = [];
  let app: NestExpressApplication;
  let http: any;
  let queries: QueryBus;
  let client: (token: string) => GitBookAPI;
  let orgId: string;
  let admin: string;
  let editor: string;
  let outsider: string;
  let siteId: string;
  let spaceId: string;
  let key: string;

  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    await runCli(argv, app, (l) => out.push(l));
    return out.map((l) => JSON.parse(l));
  };
  const authUrl = () => `/v1/orgs/${orgId}/sites/${siteId}/publishing/auth`;
  const seconds = () => Math.floor(clock.now().getTime() / 1000);
  const hs256 = (secret: string, claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(seconds() + 600)
      .sign(new TextEncoder().encode(secret));

  beforeAll(async () => {
    const config = PlatformConfig.fromEnv(
      {},
      // The local identity provider listens on loopback: allowed here, as the outbound guard refuses it by default.
      {
        dataDir,
        schedulerIntervalMs: 3_600_000,
        logLevel: 'trace',
        consistencyTimeoutMs: 20_000,
        shedEventLoopDelayMs: 60_000,
        outboundAllowedHosts: ['127.0.0.1', 'localhost', '::1'],
      },
    );
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.register({ config, clock })] }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: ['error'] });
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    configureHttp(app, { logStream });
    await app.listen(0, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    config.publicUrl = baseUrl;
    http = require('supertest')(baseUrl);
    client = (token) => new GitBookAPI({ endpoint: baseUrl, authToken: token });
    queries = app.get(QueryBus);
    [{ organizationId: orgId, token: admin }] = await cli('bootstrap', '--org', 'Acme', '--email', email('ada'), '--name', 'Ada');
    [{ token: editor }] = await cli('user', 'create', '--email', email('eve'), '--name', 'Eve', '--org', orgId, '--role', 'edit');
    [{ token: outsider }] = await cli('bootstrap', '--org', 'Other', '--email', email('otto'), '--name', 'Otto');
    spaceId = (await http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).send({ title: 'Handbook' }).expect(201)).body.id;
    siteId = (await client(admin).orgs.createSite(orgId, { title: 'Members', visibility: 'visitor-auth' as never, spaces: [spaceId] } as never)).data.id;
    await http.post(`/v1/orgs/${orgId}/sites/${siteId}/publish`).set(bearer(admin)).expect(200);
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with the custom backend and no key (an empty privateKey)', async () => {
    const res = await client(editor).orgs.getSitePublishingAuthById(orgId, siteId);
    expectMatchesOperation('getSitePublishingAuthById', 200, res.data);
    expect(res.data).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: '' });
  });

  it('regenerate answers the key once, in full; GET and PATCH answer it masked; events and read models hold it sealed only', async () => {
    const res = await client(admin).orgs.regenerateSitePublishingAuthById(orgId, siteId);
    expect(res.status).toBe(200);
    expectMatchesOperation('regenerateSitePublishingAuthById', 200, res.data);
    key = res.data.privateKey;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = (await client(admin).orgs.getSitePublishingAuthById(orgId, siteId)).data;
    expect(again).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: '********' });
    const patched = await client(admin).orgs.updateSitePublishingAuthById(orgId, siteId, { backend: 'custom', fallbackURL: 'https://example.com/login' });
    expectMatchesOperation('updateSitePublishingAuthById', 200, patched.data);
    expect(patched.data).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: '********', fallbackURL: 'https://example.com/login' });
    const stored = [
      JSON.stringify(await app.get(EventStore).readAll()),
      JSON.stringify(await app.get(ProjectionEngine).dump('site-publishing-auth')),
      JSON.stringify(await cli('events', '--stream', `sites.publishing-auth-${siteId}`)),
    ];
    for (const text of stored) {
      expect(text).toContain('"sealedKey":"v1.');
      expect(text).not.toContain(key);
    }
  });

  it('PATCH sets and removes the fallback and JWKS URLs; refuses bad values naming the field', async () => {
    const set = await http.patch(authUrl()).set(bearer(admin)).send({ backend: 'custom', jwksURL: 'https://idp.example.com/jwks.json' }).expect(200);
    expect(set.body).toMatchObject({ fallbackURL: 'https://example.com/login', jwksURL: 'https://idp.example.com/jwks.json' });
    const removed = await http.patch(authUrl()).set(bearer(admin)).send({ backend: 'custom', jwksURL: null }).expect(200);
    expect(removed.body).not.toHaveProperty('jwksURL');
    const refusals: Array<[object, RegExp]> = [
      [{}, /^backend: must be one of custom, integration \(isBackend\)$/],
      [{ backend: 'integration' }, /^backend: "integration" needs an installed/],
      [{ backend: 'custom', fallbackURL: 'javascript:alert(1)' }, /^fallbackURL: must be an absolute http\(s\) URL, or null to remove it /],
      [{ backend: 'custom', jwksURL: 'http://idp.example.com/jwks' }, /^jwksURL: must be an https URL/],
      [{ backend: 'custom', privateKey: 'mine' }, /privateKey/],
    ];
    for (const [body, message] of refusals) {
      const res = await http.patch(authUrl()).set(bearer(admin)).send(body);
      expect([res.status, res.body.error?.message]).toEqual([400, expect.stringMatching(message)]);
    }
  });

  it('members read; only admins change or regenerate (403); other organizations see nothing (404)', async () => {
    expect((await clientError(client(editor).orgs.regenerateSitePublishingAuthById(orgId, siteId))).code).toBe(403);
    expect((await clientError(client(editor).orgs.updateSitePublishingAuthById(orgId, siteId, { backend: 'custom' }))).code).toBe(403);
    for (const call of [
      client(outsider).orgs.getSitePublishingAuthById(orgId, siteId),
      client(outsider).orgs.regenerateSitePublishingAuthById(orgId, siteId),
      client(outsider).orgs.updateSitePublishingAuthById(orgId, siteId, { backend: 'custom' }),
    ])
      expect((await clientError(call)).code).toBe(404);
  });

  it('GET carries an ETag that changes with the settings', async () => {
    const first = await http.get(authUrl()).set(bearer(admin)).expect(200);
    await http.get(authUrl()).set(bearer(admin)).set('If-None-Match', first.headers.etag).expect(304);
    await http.patch(authUrl()).set(bearer(admin)).send({ backend: 'custom', fallbackURL: 'https://example.com/signin' }).expect(200);
    const second = await http.get(authUrl()).set(bearer(admin)).expect(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });

  it('AdmitVisitorQuery: a token signed with the regenerated key opens the site; a new key ends it; refusals carry the fallback URL', async () => {
    const token = await hs256(key, { aud: siteId, plan: 'pro' });
    expect(await queries.execute(new AdmitVisitorQuery(siteId, { jwtToken: token }))).toEqual({
      admitted: true,
      claims: { plan: 'pro' },
      via: 'visitor-token',
    });
    const fresh = (await client(admin).orgs.regenerateSitePublishingAuthById(orgId, siteId)).data.privateKey;
    expect(fresh).not.toBe(key);
    expect(await queries.execute(new AdmitVisitorQuery(siteId, { jwtToken: token }))).toEqual({
      admitted: false,
      status: 401,
      message: "visitor token: the signature does not verify with the site's key",
      fallbackURL: 'https://example.com/signin',
    });
    expect(await queries.execute(new AdmitVisitorQuery(siteId, { jwtToken: await hs256(fresh, { aud: siteId }) }))).toMatchObject({ admitted: true });
    key = fresh;
  });

  it('AdmitVisitorQuery with the JWKS URL of a local identity provider', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'idp-1', alg: 'RS256' };
    const idp: Server = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
    try {
      const jwksURL = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/jwks`;
      await client(admin).orgs.updateSitePublishingAuthById(orgId, siteId, { backend: 'custom', jwksURL } as never);
      const token = await new SignJWT({ aud: siteId, team: 'docs' })
        .setProtectedHeader({ alg: 'RS256', kid: 'idp-1' })
        .setExpirationTime(seconds() + 60)
        .sign(privateKey);
      expect(await queries.execute(new AdmitVisitorQuery(siteId, { jwtToken: token }))).toEqual({
        admitted: true,
        claims: { team: 'docs' },
        via: 'visitor-token',
      });
      clock.advance(61_000);
      expect(await queries.execute(new AdmitVisitorQuery(siteId, { jwtToken: token }))).toMatchObject({
        admitted: false,
        status: 401,
        message: 'visitor token: expired',
      });
    } finally {
      idp.close();
    }
  });

  it('FindPublishedSiteQuery by basename, hostname and id; its version moves with every site event', async () => {
    const byId = (await queries.execute(new FindPublishedSiteQuery({ siteId })))!;
    expect(byId).toMatchObject({ siteId, organizationId: orgId, title: 'Members', visibility: 'visitor-auth', published: true, hostname: null });
    expect(byId.siteSpaces).toEqual([expect.objectContaining({ spaceId, title: 'Handbook', isDefault: true, sectionId: null, url: byId.url })]);
    const site = (await http.get(`/v1/orgs/${orgId}/sites/${siteId}`).set(bearer(admin)).expect(200)).body;
    expect(byId.url).toBe(site.urls.published);
    expect(await queries.execute(new FindPublishedSiteQuery({ organizationId: orgId, basename: site.basename }))).toEqual(byId);
    expect(await queries.execute(new FindPublishedSiteQuery({ organizationId: orgId, basename: 'nope' }))).toBeNull();

    await http.patch(`/v1/orgs/${orgId}/sites/${siteId}`).set(bearer(admin)).send({ hostname: 'docs.acme-example.com', title: 'Members area' }).expect(200);
    const renamed = (await queries.execute(new FindPublishedSiteQuery({ hostname: 'Docs.Acme-Example.com:443' })))!;
    expect(renamed).toMatchObject({ siteId, title: 'Members area', hostname: 'docs.acme-example.com' });
    expect(renamed.version).toBeGreaterThan(byId.version);
    await http.patch(`/v1/spaces/${spaceId}`).set(bearer(admin)).send({ title: 'Staff handbook' }).expect(200);
    expect((await queries.execute(new FindPublishedSiteQuery({ siteId })))!.siteSpaces[0].title).toBe('Staff handbook');

    await http.post(`/v1/orgs/${orgId}/sites/${siteId}/unpublish`).set(bearer(admin)).expect(200);
    const unpublished = (await queries.execute(new FindPublishedSiteQuery({ siteId })))!;
    expect([unpublished.published, unpublished.version > renamed.version]).toEqual([false, true]);
    expect(await queries.execute(new AdmitVisitorQuery(siteId, { jwtToken: await hs256(key, { aud: siteId }) }))).toMatchObject({
      admitted: false,
      status: 404,
    });
    await http.post(`/v1/orgs/${orgId}/sites/${siteId}/publish`).set(bearer(admin)).expect(200);
    expect(await queries.execute(new FindPublishedSiteQuery({ hostname: 'docs.unknown-example.com' }))).toBeNull();
  });

  it('FindSiteRedirectQuery: the published URL of a redirect destination, null when none matches', async () => {
    const siteSpaceId = (await queries.execute(new FindPublishedSiteQuery({ siteId })))!.siteSpaces[0].id;
    await http
      .post(`/v1/orgs/${orgId}/sites/${siteId}/redirects`)
      .set(bearer(admin))
      .send({ source: '/old/caf%C3%A9', destination: { kind: 'site-page', siteSpaceId, pageId: 'page1' } })
      .expect(201);
    const site = (await queries.execute(new FindPublishedSiteQuery({ siteId })))!;
    for (const source of ['/old/caf%C3%A9', '/old/café/', 'old/caf%C3%A9?x=1'])
      expect(await queries.execute(new FindSiteRedirectQuery(siteId, source))).toEqual({ destination: `${site.url}?pageId=page1` });
    expect(await queries.execute(new FindSiteRedirectQuery(siteId, '/old'))).toBeNull();
  });

  it('the key appears in no log line, at trace level', async () => {
    await new Promise((r) => setImmediate(r));
    expect(logs.length).toBeGreaterThan(10);
    expect(logs.join('\n')).not.toContain(key);
  });
});
