import { QueryBus } from '@nestjs/cqrs';
import { GetReaderPageQuery } from '@app/content';
import { SiteEventRecorder } from '../../libs/published-sites/src/ports';
import { PageCache } from '../../libs/published-sites/src/reading/page-cache';
import { expectMatchesSchema } from '../support/reference-schema';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { pathOf, publishedSites } from './published-site.fixture';

/**
 * Published sites served as HTML at their `urls.published` (point 1 of issue 13): navigation
 * from the site structure, page bodies, 404 page and redirects, files, robots.txt/sitemap.xml by
 * visibility, `<page>.md` and llms.txt by agentsContext, the page cache following merges, the
 * custom-hostname form, member previews and server-side page views.
 */
describe('published sites: HTML (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let outsider: string;
  let f: ReturnType<typeof publishedSites>;
  let site: { id: string; url: string };
  let base: string;
  let guide: string;
  let ids: Record<string, string>;
  let fileId: string;
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  const get = (path: string, headers: Record<string, string> = {}) => t.http.get(path).set(headers);

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('admin')));
    ({ token: outsider } = await t.bootstrap('Other', email('outsider')));
    f = publishedSites(t, orgId, admin);
    guide = await f.space('Guide');
    const api = await f.space('API');
    const v2 = await f.space('Guide v2');
    const written = await f.merged(guide, [
      { operation: 'insert_files', files: [{ ref: 'logo.png', name: 'logo.png', contentType: 'image/png', base64: png.toString('base64') }] },
      {
        operation: 'insert_page',
        title: 'Getting started',
        ref: 'gs',
        document: {
          markdown:
            'Welcome to **Acme**.\n\n## Install\n\nRun it. See [Configure](./configure.md#options).\n\n## Usage\n\n![logo](./logo.png)\n\n<script>alert(1)</script>',
        },
      },
      { operation: 'insert_page', title: 'Configure', ref: 'configure', document: { markdown: '## Options\n\nSet the plan.' } },
      { operation: 'insert_page', title: 'Internals', hidden: true, document: { markdown: 'Only by link.' } },
    ]);
    fileId = written.insertedFiles[0].id;
    await f.merged(api, [{ operation: 'insert_page', title: 'Reference', document: { markdown: 'All endpoints.' } }]);
    await f.merged(v2, [{ operation: 'insert_page', title: 'What is new', document: { markdown: 'Version two.' } }]);
    ids = await f.pageIds(guide);
    site = await f.site('Acme Docs', [guide]);
    await f.addSpace(site.id, { spaceId: v2 });
    await f.section(site.id, { spaceId: api });
    base = pathOf(site.url);
  });
  afterAll(async () => t?.close());

  it('an unpublished site is 404 (an HTML page); published, its root shows the first page with the navigation', async () => {
    const before = await get(base);
    expect([before.status, before.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect(before.text).toContain('Page not found');
    await f.publish(site.id);
    const res = await get(base);
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(res.text).toContain('<title>Getting started | Acme Docs</title>');
    expect(res.text).toContain('Welcome to <strong>Acme</strong>.');
    expect(res.text).not.toMatch(/<script>alert/);
    // Section tabs, the variants of the section, the page tree (hidden pages left out), the outline, next.
    expect(res.text).toContain(`<a href="${base}" aria-current="page">Guide</a>`);
    expect(res.text).toContain(`<a href="${base}/api">API</a>`);
    expect(res.text).toContain(`<a href="${base}/guide-v2">Guide v2</a>`);
    expect(res.text).toContain(`<a href="${base}/getting-started" aria-current="page">Getting started</a>`);
    expect(res.text).not.toContain('>Internals<');
    expect(res.text).toContain('<li class="level-2"><a href="#install">Install</a></li>');
    expect(res.text).toContain(`<a rel="next" href="${base}/configure">Configure →</a>`);
    expect(res.text).toContain(`<a href="${base}/configure#options">Configure</a>`);
    expect(res.text).toContain(`<link rel="canonical" href="${site.url}/getting-started">`);
  });

  it('serves pages by path through sections and variants; hidden pages by link only; unknown paths get the 404 page', async () => {
    const configure = await get(`${base}/configure`);
    expect(configure.text).toContain('Set the plan.');
    expect(configure.text).toContain(`<a rel="prev" href="${base}/getting-started">← Getting started</a>`);
    expect((await get(`${base}/api`)).text).toContain('All endpoints.');
    expect((await get(`${base}/api/reference`)).text).toContain('<title>Reference | Acme Docs</title>');
    expect((await get(`${base}/guide-v2/what-is-new`)).text).toContain('Version two.');
    expect((await get(`${base}/internals`)).text).toContain('Only by link.');
    const missing = await get(`${base}/nope/nothing`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Page not found');
    expect(missing.text).toContain(`<a href="${base}/api">API</a>`);
    expect(missing.headers['x-robots-tag']).toBe('noindex, nofollow');
    for (const path of ['/published/nobody/nothing', `${base}/%E0%A4%A`, '/published/~preview/nope']) expect((await get(path)).status).toBe(404);
  });

  it("applies the site's redirects before answering 404", async () => {
    await f.redirect(site.id, {
      source: '/old-start',
      destination: { kind: 'site-page', siteSpaceId: (await f.siteSpaces(site.id))[0].id, pageId: ids.Configure },
    });
    const res = await get(`${base}/old-start`);
    expect([res.status, res.headers.location]).toEqual([302, `${base}/configure`]);
  });

  it("serves the files of a page's site space, never as something a browser would run", async () => {
    const page = await get(base);
    const src = /<img src="([^"]+)"/.exec(page.text)![1];
    expect(src).toBe(`${base}/~files/${fileId}`);
    const res = await get(src).buffer(true);
    expect([res.status, res.headers['content-type'], res.headers['content-disposition']]).toEqual([200, 'image/png', 'inline; filename="logo.png"']);
    expect(Buffer.compare(res.body, png)).toBe(0);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect((await get(`${base}/~files/nope`)).status).toBe(404);
  });

  it('robots.txt and sitemap.xml follow visibility: public is indexed, unlisted says noindex everywhere', async () => {
    const robots = await get(`${base}/robots.txt`);
    expect(robots.text).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`);
    const sitemap = await get(`${base}/sitemap.xml`);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    for (const path of ['getting-started', 'configure', 'api/reference']) expect(sitemap.text).toContain(`<loc>${site.url}/${path}</loc>`);
    expect(sitemap.text).not.toContain('internals');
    await f.update(site.id, { visibility: 'unlisted' });
    expect((await get(`${base}/robots.txt`)).text).toBe('User-agent: *\nDisallow: /\n');
    expect((await get(`${base}/sitemap.xml`)).status).toBe(404);
    const page = await get(`${base}/configure`);
    expect(page.status).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
    await f.update(site.id, { visibility: 'public' });
  });

  it('offers <page>.md and llms.txt when agentsContext is included, and neither when excluded', async () => {
    const md = await get(`${base}/configure.md`);
    expect([md.status, md.headers['content-type']]).toEqual([200, 'text/markdown; charset=utf-8']);
    expect(md.text).toContain('## Options\n\nSet the plan.');
    expect((await get(base)).text).toContain(`<link rel="alternate" type="text/markdown" href="${base}/getting-started.md">`);
    const llms = await get(`${base}/llms.txt`);
    expect(llms.text).toContain('# Acme Docs\n');
    expect(llms.text).toContain(`- [Configure](${t.baseUrl}${base}/configure.md)`);
    expect(llms.text).toContain(`- [Reference](${t.baseUrl}${base}/api/reference.md)`);
    await f.update(site.id, { agentsContext: 'excluded' });
    expect((await get(`${base}/configure.md`)).status).toBe(404);
    expect((await get(`${base}/llms.txt`)).status).toBe(404);
    expect((await get(base)).text).not.toContain('text/markdown');
    await f.update(site.id, { agentsContext: 'included' });
  });

  it('caches rendered pages and shows an edit merged to main on the next request', async () => {
    const cache = t.app.get(PageCache);
    const queries = t.app.get(QueryBus);
    const spy = jest.spyOn(queries, 'execute');
    const renders = () => spy.mock.calls.filter(([q]) => q instanceof GetReaderPageQuery).length;
    try {
      expect((await get(`${base}/configure`)).text).toContain('Set the plan.');
      const rendered = renders();
      expect((await get(`${base}/configure`)).text).toContain('Set the plan.');
      expect(renders()).toBe(rendered);
      await f.merged(guide, [{ operation: 'update_page', page: ids.Configure, document: { markdown: '## Options\n\nSet the plan, then restart.' } }]);
      expect((await get(`${base}/configure`)).text).toContain('Set the plan, then restart.');
      // Other readers of the content (the search indexer) render pages too: count ours after they are done.
      await t.engine.drain();
      const afterMerge = renders();
      expect((await get(`${base}/configure`)).text).toContain('Set the plan, then restart.');
      expect(renders()).toBe(afterMerge);
      // Once the events are in, the saga drops what was cached for the site and the old revision.
      const before = cache.size;
      await f.update(site.id, { title: 'Acme Handbook' });
      await t.engine.drain();
      expect(cache.size).toBeLessThan(before);
      expect((await get(`${base}/configure`)).text).toContain('<title>Configure | Acme Handbook</title>');
    } finally {
      spy.mockRestore();
    }
  });

  it('serves the site at its custom hostname by Host, and the API stays the API there', async () => {
    await f.update(site.id, { hostname: 'docs.acme.test' });
    const res = await get('/configure', { Host: 'docs.acme.test' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<a href="/getting-started">Getting started</a>');
    expect(res.text).toContain('<link rel="canonical" href="https://docs.acme.test/configure">');
    expect((await get('/', { Host: 'docs.acme.test' })).text).toContain('Welcome to <strong>Acme</strong>.');
    const apiThere = await get('/v1/orgs', { Host: 'docs.acme.test' });
    expect([apiThere.status, apiThere.body.error?.code]).toEqual([401, 401]);
    expect((await get('/anything', { Host: 'unknown.acme.test' })).status).toBe(404);
    expect((await get(`${base}/configure`)).status).toBe(200);
    await f.update(site.id, { hostname: null });
  });

  it("previews are for the organization's members: published or not, with the claims of ?claims=", async () => {
    const draft = await f.site('Draft', [guide]);
    const preview = `/published/~preview/${draft.id}`;
    expect((await get(`${preview}/configure`)).status).toBe(404);
    expect((await get(`${preview}/configure`, bearer(outsider))).status).toBe(404);
    const res = await get(`${preview}/configure`, bearer(admin));
    expect(res.status).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toContain(`<a href="${preview}/getting-started">`);
    const withClaims = await get(`${preview}/configure?claims=${encodeURIComponent('{"plan":"pro"}')}`, bearer(admin));
    expect(withClaims.text).toContain(`<a href="${preview}/getting-started?claims=${encodeURIComponent('{"plan":"pro"}')}">`);
    expect((await get(pathOf(draft.url))).status).toBe(404);
  });

  it('records a page_view per rendered page (reference SiteInsightsEvent), with visitor and session cookies', async () => {
    const recorder = t.app.get(SiteEventRecorder);
    const spy = jest.spyOn(recorder, 'record');
    try {
      const res = await get(`${base}/configure`, { 'User-Agent': 'jest', 'Accept-Language': 'fr-CH,fr;q=0.9', Referer: 'https://search.example/?q=acme' });
      expect(spy).toHaveBeenCalledTimes(1);
      const [organizationId, siteId, events] = spy.mock.calls[0];
      expect([organizationId, siteId, events.length]).toEqual([orgId, site.id, 1]);
      const event = events[0] as any;
      expectMatchesSchema('SiteInsightsEvent', event);
      expect(event).toMatchObject({
        type: 'page_view',
        session: { userAgent: 'jest', language: 'fr-CH', referrer: 'https://search.example/?q=acme', cookies: {} },
        location: { url: `${site.url}/configure`, page: ids.Configure, space: guide, displayContext: 'site' },
      });
      const cookies = (res.headers['set-cookie'] as string[]).join('\n');
      expect(cookies).toContain(`gitbook-visitor-id=${event.session.visitorId}; Path=${base}; HttpOnly`);
      expect(cookies).toContain(`gitbook-session-id=${event.session.sessionId}`);
      await get(`${base}/nope`);
      await get(`${base}/robots.txt`);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('hostile paths, queries, cookies, hosts and methods never get a 5xx', async () => {
    const paths = [
      `${base}/%00`,
      `${base}/${'a'.repeat(5000)}`,
      `${base}/..%2F..%2Fetc%2Fpasswd`,
      `${base}/%ED%A0%80`,
      `${base}/%F0%9F%92%A9.md`,
      `${base}/~files/%00`,
      `${base}/~files/a/b`,
      `${base}/.md`,
      `${base}/~search?q[]=a&q[]=b`,
      `${base}/~search?q=${'x'.repeat(5000)}`,
      `${base}?shareKey[]=a&jwt_token=${'a'.repeat(9000)}&visitor.__proto__=1&visitor.a=${'b'.repeat(300)}`,
      `/published/~preview/${site.id}?claims=%7B%22__proto__%22%3A1%7D`,
      '/published/%E0%A4%A/x',
    ];
    for (const path of paths) {
      const res = await get(path, { Cookie: 'gitbook-visitor-public=%7B%22__proto__%22%3A%7B%7D%7D; gitbook-visitor-token=x.y.z; gitbook-share-key=%ZZ' });
      expect([path.slice(0, 60), res.status < 500]).toEqual([path.slice(0, 60), true]);
    }
    expect((await get(`${base}/configure`, { Host: '[::1]:80' })).status).toBeLessThan(500);
    expect((await get(`${base}/configure`, { Authorization: 'Bearer visitor-session/junk' })).status).toBe(200);
    expect((await t.http.post(`${base}/configure`).send({})).status).toBe(404);
  });

  it("searches the site's visible pages from the search box", async () => {
    await t.engine.drain();
    const res = await get(`${base}/~search?q=plan`);
    expect(res.status).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.text).toContain('Results for “plan”');
    expect(res.text).toContain(`<a class="result-page" href="${base}/configure">Configure</a>`);
    expect(res.text).toContain('<mark>');
    expect((await get(`${base}/~search?q=zzzzzz`)).text).toContain('No page matches your search.');
    expect((await get(`${base}/~search?q=${encodeURIComponent('<script>x</script>')}`)).text).not.toContain('<script>x');
  });
});
