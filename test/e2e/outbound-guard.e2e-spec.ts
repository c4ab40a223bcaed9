import { GitBookAPI } from '@gitbook/api';
import { PlatformConfig } from '@app/platform';
import { petstore, SpecServer } from '../../libs/openapi/src/testing/spec-server';
import { expectMatchesOperation } from '../support/reference-schema';
import { callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';

/** The error body's message, as the official client reports it after the request line. */
const said = async (call: Promise<unknown>) => {
  const e = await clientError(call);
  return [e.code, e.message.slice(e.message.indexOf(': ', e.message.indexOf('/v1/')) + 2)];
};
const REFUSED = 'is a loopback, private, link-local or cloud metadata address, which this server does not connect to (unless OUTBOUND_ALLOWED_HOSTS lists it)';

/**
 * The network guard seen from the API: URLs the server will request later (an OpenAPI spec, a
 * site's JWKS) are refused when submitted with a 400 naming the field, when they point at
 * loopback, private, link-local or metadata addresses the operator did not list
 * (OUTBOUND_ALLOWED_HOSTS; the test app lists 127.0.0.1, localhost and ::1); a redirect there,
 * met later, is the recorded failure reason, and the refused host never sees a request.
 */
describe('outbound guard (e2e)', () => {
  let t: TestApp;
  const specs = new SpecServer();
  let orgId: string;
  let admin: GitBookAPI;
  let token: string;
  let siteId: string;

  beforeAll(async () => {
    await specs.start();
    t = await startTestApp();
    const boot = await t.bootstrap('Guarded', email('admin'));
    orgId = boot.organizationId;
    token = boot.token;
    admin = t.client(token);
    const space = (await admin.orgs.createSpace(orgId, { title: 'Handbook' } as never)).data;
    siteId = (await admin.orgs.createSite(orgId, { title: 'Members', visibility: 'visitor-auth' as never, spaces: [space.id] } as never)).data.id;
  });
  afterAll(async () => {
    await t?.close();
    await specs.stop();
  });

  /** Runs with the operator's list emptied (as in production by default), then puts it back. */
  async function unlisted<T>(run: () => Promise<T>): Promise<T> {
    const config = t.app.get(PlatformConfig);
    const listed = config.outboundAllowedHosts;
    config.outboundAllowedHosts = [];
    try {
      return await run();
    } finally {
      config.outboundAllowedHosts = listed;
    }
  }

  it('refuses an OpenAPI spec URL at a refused address with 400 naming source.url', async () => {
    const refused = [
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/latest',
      'http://metadata.google.internal/x',
      'http://10.1.2.3/spec.json',
    ];
    for (const [i, url] of refused.entries()) {
      const answer = await said(admin.orgs.createOpenApiSpec(orgId, { slug: `refused-${i}`, source: { url } }));
      expect([url, ...answer]).toEqual([url, 400, `source.url: ${new URL(url).hostname} ${REFUSED}`]);
    }
    // The error body is the reference's Error.
    const res = await callOperation(t, 'createOpenAPISpec', { organizationId: orgId }, token, { body: { slug: 'meta', source: { url: refused[0] } } });
    expect([res.status, res.body.error.message]).toEqual([400, `source.url: 169.254.169.254 ${REFUSED}`]);
    // Loopback is refused too unless listed; the PUT of createOrUpdate checks the same way.
    specs.serve('/spec.json', petstore('1.0.0'));
    await unlisted(async () => {
      const answer = await said(admin.orgs.createOrUpdateOpenApiSpecBySlug(orgId, 'loop', { source: { url: specs.url('/spec.json') } }));
      expect(answer).toEqual([400, `source.url: 127.0.0.1 ${REFUSED}`]);
    });
    expect(specs.hits.get('/spec.json')).toBeUndefined();
    expect((await clientError(admin.orgs.getOpenApiSpecBySlug(orgId, 'refused-0'))).code).toBe(404);
  });

  it('records a redirect to a refused address as the processing failure, without requesting it', async () => {
    const port = new URL(specs.base).port;
    // 127.0.0.2 is loopback too, but not listed: only the guard stands between it and the server.
    specs.redirect('/moved.json', `http://127.0.0.2:${port}/spec.json`);
    specs.hits.delete('/spec.json');
    const created = await admin.orgs.createOpenApiSpec(orgId, { slug: 'moved', source: { url: specs.url('/moved.json') } });
    expect(created.status).toBe(201);
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
    const spec = (await admin.orgs.getOpenApiSpecBySlug(orgId, 'moved')).data;
    expectMatchesOperation('getOpenAPISpecBySlug', 200, spec);
    expect([spec.processingState, spec.lastProcessErrorCode, spec.lastProcessedErrors]).toEqual([
      'complete',
      'FETCH_ERROR',
      [expect.objectContaining({ message: `http://127.0.0.2:${port}/spec.json: 127.0.0.2 ${REFUSED}` })],
    ]);
    expect(specs.hits.get('/spec.json')).toBeUndefined();
  });

  it("refuses a site's JWKS URL at a refused address with 400 naming jwksURL, and keeps the settings", async () => {
    for (const url of ['https://169.254.169.254/jwks', 'https://192.168.0.10/.well-known/jwks.json', 'https://metadata.goog/jwks']) {
      const answer = await said(admin.orgs.updateSitePublishingAuthById(orgId, siteId, { backend: 'custom', jwksURL: url } as never));
      expect([url, ...answer]).toEqual([url, 400, `jwksURL: ${new URL(url).hostname} ${REFUSED}`]);
    }
    const jwksURL = `${specs.base}/jwks`;
    await unlisted(async () => {
      const answer = await said(admin.orgs.updateSitePublishingAuthById(orgId, siteId, { backend: 'custom', jwksURL } as never));
      expect(answer).toEqual([400, `jwksURL: 127.0.0.1 ${REFUSED}`]);
    });
    expect((await admin.orgs.getSitePublishingAuthById(orgId, siteId)).data).not.toHaveProperty('jwksURL');
    // Listed, the same URL is accepted.
    const set = await admin.orgs.updateSitePublishingAuthById(orgId, siteId, { backend: 'custom', jwksURL } as never);
    expect(set.data).toMatchObject({ jwksURL });
  });
});
