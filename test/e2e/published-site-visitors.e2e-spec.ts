import { SignJWT } from 'jose';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { cookieHeader, pathOf, publishedSites } from './published-site.fixture';

/**
 * Who may read a published site (points 2 and 3 of issue 13): share links (the key in the URL,
 * then a cookie; an inactive link is 404), visitor tokens (a JWT in `jwt_token`/`visitorAuthToken`,
 * then a cookie; missing or invalid is 401 or the fallback URL), signed sessions (the resolver's
 * apiToken) and adaptive content (sections, site spaces and pages under conditions over the
 * visitor's claims, signed or unsigned).
 */
describe('published sites: visitors (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let f: ReturnType<typeof publishedSites>;
  let docs: string;
  let pro: string;
  const get = (path: string, headers: Record<string, string> = {}) => t.http.get(path).set(headers);
  /** Follows one redirect the way a browser does: with the cookies it set. */
  const follow = async (res: { status: number; headers: Record<string, any> }, cookies = '') => {
    expect(res.status).toBe(302);
    const jar = cookieHeader(res, cookies);
    return { res: await get(res.headers.location, { Cookie: jar }), jar };
  };
  const jwt = (siteId: string, claims: Record<string, unknown>, key: string, o: { exp?: number; aud?: string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(o.aud ?? siteId)
      .setExpirationTime(o.exp ?? Math.floor(t.clock.now().getTime() / 1000) + 3600)
      .sign(new TextEncoder().encode(key));

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('admin')));
    f = publishedSites(t, orgId, admin);
    docs = await f.space('Docs');
    pro = await f.space('Pro');
    await f.merged(docs, [
      { operation: 'insert_page', title: 'Welcome', document: { markdown: 'Hello readers.' } },
      { operation: 'insert_page', title: 'Pro features', condition: 'visitor.claims.plan == "pro"', document: { markdown: 'Only for pro.' } },
      { operation: 'insert_page', title: 'Beta', condition: 'visitor.claims.unsigned.beta == true', document: { markdown: 'Beta things.' } },
    ]);
    await f.merged(pro, [{ operation: 'insert_page', title: 'Pro home', document: { markdown: 'Pro section.' } }]);
  });
  afterAll(async () => t?.close());

  describe('share links', () => {
    let site: { id: string; url: string };
    let link: any;

    beforeAll(async () => {
      site = await f.site('Shared', [docs], { visibility: 'share-link' });
      await f.publish(site.id);
      link = await f.shareLink(site.id, 'Partners');
    });

    it('without an active key the site does not exist (404)', async () => {
      expect((await get(pathOf(site.url))).status).toBe(404);
      expect((await get(`${pathOf(site.url)}?shareKey=guess`)).status).toBe(404);
    });

    it("the link's URL opens the site; the key moves to a cookie and out of the address bar", async () => {
      const first = await get(pathOf(link.urls.published));
      expect(first.headers.location).toBe(pathOf(site.url));
      expect(first.headers['set-cookie'].join('\n')).toMatch(new RegExp(`gitbook-share-key=[^;]+; Path=${pathOf(site.url)}; HttpOnly; SameSite=Lax`));
      const { res, jar } = await follow(first);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Hello readers.');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect((await get(`${pathOf(site.url)}/robots.txt`)).text).toBe('User-agent: *\nDisallow: /\n');
      expect((await get(`${pathOf(site.url)}/sitemap.xml`, { Cookie: jar })).status).toBe(404);

      await f.updateShareLink(site.id, link.id, { active: false });
      const after = await get(pathOf(site.url), { Cookie: jar });
      expect(after.status).toBe(404);
      expect(after.headers['set-cookie'].join('\n')).toContain('gitbook-share-key=; Path=');
      expect(after.headers['set-cookie'].join('\n')).toContain('Max-Age=0');
    });
  });

  describe('visitor authentication', () => {
    let site: { id: string; url: string };
    let key: string;
    let base: string;

    beforeAll(async () => {
      site = await f.site('Members', [docs], { visibility: 'visitor-auth' });
      await f.publish(site.id);
      key = (await f.regenerateKey(site.id)).privateKey;
      base = pathOf(site.url);
    });

    it('without a token: 401, or the fallback URL with where the visitor was going', async () => {
      const res = await get(`${base}/welcome`);
      expect(res.status).toBe(401);
      expect(res.text).toContain('Sign in to read this site');
      await f.updateAuth(site.id, { backend: 'custom', fallbackURL: 'https://login.example.com/sso?app=docs' });
      const redirected = await get(`${base}/welcome`);
      expect([redirected.status, redirected.headers.location]).toEqual([302, 'https://login.example.com/sso?app=docs&location=%2Fwelcome']);
    });

    it('a valid JWT (jwt_token) opens the site and stays in an HttpOnly cookie until it expires; its claims adapt the content', async () => {
      const token = await jwt(site.id, { plan: 'pro' }, key);
      const first = await get(`${base}/welcome?jwt_token=${token}&tab=1`);
      expect(first.headers.location).toBe(`${base}/welcome?tab=1`);
      expect(first.headers['set-cookie'].join('\n')).toMatch(new RegExp(`gitbook-visitor-token=[^;]+; Path=${base}; HttpOnly; SameSite=Lax; Max-Age=3600`));
      const { res, jar } = await follow(first);
      expect(res.status).toBe(200);
      expect(res.text).toContain('>Pro features</a>');
      expect((await get(`${base}/pro-features`, { Cookie: jar })).text).toContain('Only for pro.');
      const viaQuery = await get(`${base}?visitorAuthToken=${await jwt(site.id, {}, key)}`);
      const free = await follow(viaQuery);
      expect(free.res.status).toBe(200);
      expect(free.res.text).not.toContain('Pro features');
      expect((await get(`${base}/pro-features`, { Cookie: free.jar })).status).toBe(404);
    });

    it('an expired token, another audience or another key is refused (and a stale cookie is forgotten)', async () => {
      const past = Math.floor(t.clock.now().getTime() / 1000) - 10;
      for (const token of [
        await jwt(site.id, {}, key, { exp: past }),
        await jwt(site.id, {}, key, { aud: 'another-site' }),
        await jwt(site.id, {}, 'x'.repeat(40)),
      ]) {
        const res = await get(`${base}/welcome?jwt_token=${token}`);
        expect([res.status, res.headers.location]).toEqual([302, 'https://login.example.com/sso?app=docs&location=%2Fwelcome']);
      }
      const stale = await get(`${base}/welcome`, { Cookie: `gitbook-visitor-token=${await jwt(site.id, {}, key, { exp: past })}` });
      expect(stale.headers['set-cookie'].join('\n')).toContain('gitbook-visitor-token=; Path=');
    });

    it("the resolver's apiToken reads the site as that visitor (Authorization: Bearer), and nothing else", async () => {
      const token = await jwt(site.id, { plan: 'pro' }, key);
      const resolved = await t.http
        .post('/v1/urls/published')
        .set(bearer(admin))
        .send({ url: `${site.url}/welcome`, visitor: { jwtToken: token } });
      expect(resolved.status).toBe(200);
      const apiToken = resolved.body.apiToken as string;
      const res = await get(`${base}/pro-features`, bearer(apiToken));
      expect([res.status, res.text.includes('Only for pro.')]).toEqual([200, true]);
      const other = await f.site('Other members', [docs], { visibility: 'visitor-auth' });
      await f.publish(other.id);
      expect((await get(pathOf(other.url), bearer(apiToken))).status).toBe(401);
      expect((await get(base, bearer(`${apiToken.slice(0, -2)}xx`))).status).toBe(302);
    });
  });

  describe('adaptive content', () => {
    let site: { id: string; url: string };
    let base: string;

    beforeAll(async () => {
      site = await f.site('Adaptive', [docs]);
      await f.adaptiveSchema(site.id, {
        type: 'object',
        properties: {
          isPro: { type: 'boolean', description: 'Pro plan' },
          unsigned: {
            type: 'object',
            description: 'Unsigned claims of the site visitor.',
            properties: { beta: { type: 'boolean', description: 'Beta' } },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      });
      const section = await f.section(site.id, { spaceId: pro, title: 'Pro' });
      await f.updateSection(site.id, section.id, { condition: 'visitor.claims.unsigned.beta == true' });
      await f.publish(site.id);
      base = pathOf(site.url);
      await t.engine.drain();
    });

    it('anonymous visitors do not see, reach or find what a condition hides', async () => {
      const res = await get(base);
      expect(res.text).toContain('Hello readers.');
      expect(res.text).not.toContain('>Pro</a>');
      expect(res.text).not.toContain('Beta');
      expect((await get(`${base}/pro`)).status).toBe(404);
      expect((await get(`${base}/beta`)).status).toBe(404);
      expect((await get(`${base}/~search?q=things`)).text).toContain('No page matches your search.');
    });

    it('unsigned claims (?visitor.<claim>=) show them, and stay in a cookie', async () => {
      const { res, jar } = await follow(await get(`${base}?visitor.beta=true`));
      expect(res.text).toContain(`<a href="${base}/pro">Pro</a>`);
      expect(res.text).toContain('>Beta</a>');
      expect((await get(`${base}/pro`, { Cookie: jar })).text).toContain('Pro section.');
      expect((await get(`${base}/beta`, { Cookie: jar })).text).toContain('Beta things.');
      expect((await get(`${base}/~search?q=things`, { Cookie: jar })).text).toContain(`href="${base}/beta"`);
    });

    it('signed claims of a visitor token adapt a public site too', async () => {
      const key = (await f.regenerateKey(site.id)).privateKey;
      const { res, jar } = await follow(await get(`${base}?jwt_token=${await jwt(site.id, { plan: 'pro' }, key)}`));
      expect(res.text).toContain('>Pro features</a>');
      expect(res.text).not.toContain('>Beta</a>');
      expect((await get(`${base}/pro-features`, { Cookie: jar })).status).toBe(200);
    });
  });
});
