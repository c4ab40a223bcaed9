import { SignJWT } from 'jose';
import { expectMatchesOperation } from '../support/reference-schema';
import { callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { pathOf, publishedSites } from './published-site.fixture';

/**
 * resolvePublishedContentByUrl (POST /v1/urls/published) and the deprecated GET form, through
 * the official client and validated against the reference: a published URL to its site, section,
 * site space, space, revision and page with the visitor checks of the HTML site, the redirect
 * variant, 404 when nothing there is visible, 401 or the fallback URL for visitor tokens.
 */
describe('published sites: URL resolver (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let f: ReturnType<typeof publishedSites>;
  let guide: string;
  let api: string;
  let site: { id: string; url: string };
  let ids: Record<string, string>;
  let sectionId: string;
  const resolve = (body: Record<string, unknown>) => callOperation(t, 'resolvePublishedContentByUrl', {}, admin, { body });
  const resolveGet = (query: Record<string, unknown>) => callOperation(t, 'getPublishedContentByUrl', {}, admin, { query });

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('admin')));
    f = publishedSites(t, orgId, admin);
    guide = await f.space('Guide');
    api = await f.space('API');
    await f.merged(guide, [
      { operation: 'insert_page', title: 'Intro', document: { markdown: 'Hi.' } },
      { operation: 'insert_page', title: 'Install', document: { markdown: 'Run.' } },
      { operation: 'insert_page', title: 'Pro', condition: 'visitor.claims.unsigned.pro == true', document: { markdown: 'Pro.' } },
    ]);
    await f.merged(api, [{ operation: 'insert_page', title: 'Reference', document: { markdown: 'All.' } }]);
    ids = await f.pageIds(guide);
    site = await f.site('Docs', [guide]);
    await f.adaptiveSchema(site.id, {
      type: 'object',
      properties: {
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          properties: { pro: { type: 'boolean', description: 'Pro' } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    });
    sectionId = (await f.section(site.id, { spaceId: api })).id;
    await f.publish(site.id);
  });
  afterAll(async () => t?.close());

  it('resolves a page (official client): site, site space, space, revision, paths, a short-lived apiToken and the canonical URL', async () => {
    const res = await t.client(admin).urls.resolvePublishedContentByUrl({ url: `${site.url}/install` });
    expectMatchesOperation('resolvePublishedContentByUrl', 200, res.data);
    const [siteSpace] = await f.siteSpaces(site.id);
    const revision = (await t.http.get(`/v1/spaces/${guide}`).set({ Authorization: `Bearer ${admin}` })).body.revision;
    expect(res.data).toEqual({
      site: site.id,
      siteSection: (await f.sections(site.id))[0].id,
      siteSpace: siteSpace.id,
      space: guide,
      revision,
      pathname: 'install',
      basePath: `${pathOf(site.url)}/`,
      siteBasePath: `${pathOf(site.url)}/`,
      apiToken: expect.stringMatching(/^visitor-session\//),
      organization: orgId,
      complete: true,
      canonicalUrl: `${site.url}/install`,
    });
    const deprecated = await t.client(admin).urls.getPublishedContentByUrl({ url: `${site.url}/install` });
    expectMatchesOperation('getPublishedContentByUrl', 200, deprecated.data);
    expect({ ...deprecated.data, apiToken: 'x' }).toEqual({ ...res.data, apiToken: 'x' });
  });

  it('resolves sections and the site root; a page the claims hide resolves only with those claims', async () => {
    const section = (await resolve({ url: `${site.url}/api/reference` })).body;
    expect(section).toMatchObject({
      siteSection: sectionId,
      space: api,
      pathname: 'reference',
      basePath: `${pathOf(site.url)}/api/`,
      canonicalUrl: `${site.url}/api/reference`,
    });
    expect((await resolve({ url: site.url })).body).toMatchObject({ space: guide, pathname: '', canonicalUrl: `${site.url}/intro` });
    expect((await resolve({ url: `${site.url}/pro` })).status).toBe(404);
    const pro = (await resolve({ url: `${site.url}/pro`, visitor: { unsignedClaims: { pro: true } } })).body;
    expect(pro).toMatchObject({ canonicalUrl: `${site.url}/pro`, contextId: expect.any(String) });
  });

  it('answers the redirect variant for redirects; 404 when nothing is there for this visitor', async () => {
    const [siteSpace] = await f.siteSpaces(site.id);
    await f.redirect(site.id, { source: '/old/install', destination: { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: ids.Install } });
    expect((await resolve({ url: `${site.url}/old/install` })).body).toEqual({ target: 'content', redirect: `${site.url}/install` });
    const draft = await f.site('Draft', [guide]);
    for (const url of [
      `${site.url}/nope`,
      draft.url,
      `${t.baseUrl}/published/${orgId}/nothing`,
      `${t.baseUrl}/published/~preview/${site.id}`,
      'https://elsewhere.example/a',
    ]) {
      const res = await resolve({ url });
      expect([url, res.status, res.body.error.code]).toEqual([url, 404, 404]);
    }
    expect((await clientError(t.client(admin).urls.getPublishedContentByUrl({ url: `${site.url}/nope` }))).code).toBe(404);
  });

  it('share-link sites resolve with the key the URL carries, and the answer carries it too', async () => {
    const shared = await f.site('Shared', [guide], { visibility: 'share-link' });
    await f.publish(shared.id);
    const link = await f.shareLink(shared.id, 'Partners');
    const key = new URL(link.urls.published).searchParams.get('shareKey')!;
    expect((await resolve({ url: `${shared.url}/install` })).status).toBe(404);
    const res = await resolve({ url: `${shared.url}/install?shareKey=${key}` });
    expect(res.body).toMatchObject({ site: shared.id, shareKey: key, canonicalUrl: `${shared.url}/install?shareKey=${key}` });
    // The apiToken reads the site as that visitor, carrying the key's digest, never the key.
    const apiToken = res.body.apiToken as string;
    expect(Buffer.from(apiToken.split('/')[2].split('.')[0], 'base64url').toString('utf8')).not.toContain(key);
    const readWith = (token: string) => t.http.get(pathOf(`${shared.url}/install`)).set('authorization', `Bearer ${token}`);
    expect((await readWith(apiToken)).status).toBe(200);
    await f.updateShareLink(shared.id, link.id, { active: false });
    expect((await resolve({ url: `${shared.url}/install?shareKey=${key}` })).status).toBe(404);
    // Deactivating the link ends the sessions it admitted, too.
    expect((await readWith(apiToken)).status).toBe(404);
  });

  it('visitor-auth sites: 401 without a valid token, the fallback URL with redirectOnError, the content with one', async () => {
    const members = await f.site('Members', [guide], { visibility: 'visitor-auth' });
    await f.publish(members.id);
    const key = (await f.regenerateKey(members.id)).privateKey;
    const refused = await resolve({ url: members.url });
    expect([refused.status, refused.body.error.message]).toEqual([401, expect.stringContaining('visitor')]);
    expect((await resolve({ url: members.url, redirectOnError: true })).status).toBe(401);
    await f.updateAuth(members.id, { backend: 'custom', fallbackURL: 'https://login.example.com/' });
    expect((await resolve({ url: members.url, redirectOnError: true })).body).toEqual({ target: 'external', redirect: 'https://login.example.com/' });
    expect((await resolveGet({ url: members.url, redirectOnError: 'true', visitorAuthToken: 'not-a-jwt' })).body).toEqual({
      target: 'external',
      redirect: 'https://login.example.com/',
    });
    const token = await new SignJWT({ team: 'blue' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(members.id)
      .setExpirationTime(Math.floor(t.clock.now().getTime() / 1000) + 60)
      .sign(new TextEncoder().encode(key));
    const ok = await t.client(admin).urls.getPublishedContentByUrl({ url: `${members.url}/install`, visitorAuthToken: token });
    expect(ok.data).toMatchObject({ site: members.id, pathname: 'install', contextId: expect.any(String) });
    expect((await resolve({ url: `${members.url}/install`, visitor: { jwtToken: token } })).status).toBe(200);
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const [body, field] of [
      [{}, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: `https://x.example/${'a'.repeat(2050)}` }, 'url'],
      [{ url: site.url, redirectOnError: 'yes' }, 'redirectOnError'],
      [{ url: site.url, visitor: 'token' }, 'visitor'],
      [{ url: site.url, visitor: { jwtToken: 1 } }, 'visitor.jwtToken'],
      [{ url: site.url, visitor: { extra: 1 } }, 'visitor.extra'],
      [{ url: site.url, other: 1 }, 'other'],
    ] as const) {
      const res = await resolve(body);
      expect([res.status, res.body.error.message]).toEqual([400, expect.stringContaining(field)]);
    }
    expect((await resolveGet({})).status).toBe(400);
    expect((await resolveGet({ url: site.url, redirectOnError: 'maybe' })).status).toBe(400);
  });
});
