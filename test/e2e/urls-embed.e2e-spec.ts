import * as http from 'http';
import type { AddressInfo } from 'net';
import { PlatformConfig } from '@app/platform';
import { expectMatchesOperation } from '../support/reference-schema';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { publishedSites } from './published-site.fixture';

/** Pages of "another website", served from a local server the test controls; `hits` counts requests per path. */
function externalSite() {
  const hits = new Map<string, number>();
  const html = (head: string) => `<!doctype html><html><head>${head}</head><body><h1>Body</h1></body></html>`;
  const routes: Record<string, (res: http.ServerResponse, base: string) => void> = {
    '/article': (res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        html(`<title>Plain title</title><meta property="og:title" content="The Article &amp; more"><meta property="og:site_name" content="Example Blog">
          <link rel="icon" href="/favicon.png"><meta property="og:image" content="/cover.png">`),
      ),
    '/video': (res, base) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(html(`<title>Video page</title><link rel="alternate" type="application/json+oembed" href="${base}/oembed">`)),
    '/oembed': (res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          type: 'video',
          title: 'A talk',
          provider_name: 'Videos',
          html: '<iframe src="https://player.example.com/embed/1" width="640" height="360" allowfullscreen onload="steal()"></iframe><script src="https://evil.example.com/x.js"></script>',
        }),
      ),
    '/moved': (res) => res.writeHead(301, { location: '/article' }).end(),
    '/loop': (res) => res.writeHead(302, { location: '/loop' }).end(),
    '/slow': () => undefined,
    '/huge': (res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<head><meta property="og:site_name" content="Huge"><!-- ${'x'.repeat(300_000)} --><title>Too late</title></head>`),
    '/latin1': (res) => res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' }).end(Buffer.from('<title>Caf\xe9</title>', 'latin1')),
    '/picture.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
    '/private': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html('<title>Internal admin</title>')),
  };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    (routes[path] ?? ((r: http.ServerResponse) => r.writeHead(404).end()))(res, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  return { server, hits };
}

/**
 * getEmbedByUrl (GET /v1/urls/embed) and getEmbedByUrlInSpace (GET /v1/spaces/{id}/embed):
 * this server's URLs as cards named after their content (as the caller may see it), other
 * sites' pages by what their heads and oEmbed answers say, fetched within a deadline, a size
 * limit and a redirect bound, never from private addresses unless configured.
 */
describe('URL resolution: embeds (e2e)', () => {
  let t: TestApp;
  let ext: ReturnType<typeof externalSite>;
  let base: string;
  let orgId: string;
  let admin: string;
  let outsider: string;
  let f: ReturnType<typeof publishedSites>;
  let guide: string;
  let ids: Record<string, string>;
  const embed = (url: string, token = admin) => callOperation(t, 'getEmbedByUrl', {}, token, { query: { url } });
  const embedIn = (spaceId: string, url: string, token = admin) => callOperation(t, 'getEmbedByUrlInSpace', { spaceId }, token, { query: { url } });
  const get = (path: string) => t.http.get(path).set(bearer(admin));

  beforeAll(async () => {
    ext = externalSite();
    await new Promise<void>((r) => ext.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(ext.server.address() as AddressInfo).port}`;
    // The "external" site is on loopback: allowed here, refused by default (tested below).
    t = await startTestApp({ config: { fetchTimeoutMs: 1500, fetchMaxBytes: 100_000, fetchMaxRedirects: 2 } });
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('admin')));
    outsider = (await t.bootstrap('Elsewhere', email('outsider'))).token;
    f = publishedSites(t, orgId, admin);
    guide = await f.space('Guide');
    await f.merged(guide, [
      { operation: 'insert_page', title: 'Intro', document: { markdown: 'Hi.' } },
      { operation: 'insert_page', title: 'Install', document: { markdown: 'Run.' } },
    ]);
    ids = await f.pageIds(guide);
  });
  afterAll(async () => {
    ext.server.closeAllConnections();
    await new Promise((r) => ext.server.close(r));
    await t?.close();
  });

  it("cards this server's content by what it is, as the caller may see it (official client)", async () => {
    const page = (await get(`/v1/spaces/${guide}/content/page/${ids.Install}`)).body;
    const res = await t.client(admin).urls.getEmbedByUrl({ url: page.urls.app });
    expectMatchesOperation('getEmbedByUrl', 200, res.data);
    expect(res.data).toEqual({ type: 'link', title: 'Install', site: 'Guide' });
    expect((await embed(`${t.baseUrl}/app/s/${guide}`)).body).toEqual({ type: 'link', title: 'Guide', site: 'Acme' });
    const cr = (await t.http.post(`/v1/spaces/${guide}/change-requests`).set(bearer(admin)).send({ subject: 'Fix typos' })).body;
    expect((await embed(cr.urls.app)).body).toEqual({ type: 'link', title: 'Fix typos', site: 'Guide' });
    const collection = (await t.http.post(`/v1/orgs/${orgId}/collections`).set(bearer(admin)).send({ title: 'Handbooks' })).body;
    expect((await embed(collection.urls.app)).body).toEqual({ type: 'link', title: 'Handbooks', site: 'Acme' });
  });

  it('cards a published page by its title and its site', async () => {
    const site = await f.site('Acme Docs', [guide]);
    await f.publish(site.id);
    expect((await embed(`${site.url}/install`)).body).toEqual({ type: 'link', title: 'Install', site: 'Acme Docs' });
    expect((await embed(`${site.url}/nope`)).body).toEqual({ type: 'link', title: `${site.url}/nope`, site: '127.0.0.1' });
  });

  it('answers the same bare link for what the caller may not see and for what does not exist', async () => {
    const page = (await get(`/v1/spaces/${guide}/content/page/${ids.Intro}`)).body;
    const hidden = (await embed(page.urls.app, outsider)).body;
    expect(hidden).toEqual({ type: 'link', title: page.urls.app, site: '127.0.0.1' });
    const missing = (await embed(`${t.baseUrl}/app/s/no-such-space/intro`, outsider)).body;
    expect(missing).toEqual({ ...hidden, title: `${t.baseUrl}/app/s/no-such-space/intro` });
  });

  it("cards another site's page from its OpenGraph head, following redirects", async () => {
    const card = { type: 'link', title: 'The Article & more', site: 'Example Blog', icon: `${base}/favicon.png`, image: `${base}/cover.png` };
    expect((await embed(`${base}/article`)).body).toEqual(card);
    expect((await embed(`${base}/moved`)).body).toEqual(card);
    expect((await embed(`${base}/latin1`)).body).toEqual({ type: 'link', title: 'Café', site: '127.0.0.1' });
  });

  it('plays an oEmbed video as one sanitized iframe: no script, no event handler', async () => {
    const res = await embed(`${base}/video`);
    expect(res.body).toEqual({
      type: 'rich',
      title: 'A talk',
      site: 'Videos',
      html: '<iframe src="https://player.example.com/embed/1" width="640" height="360" allowfullscreen loading="lazy"></iframe>',
    });
  });

  it('falls back to the bare link past the deadline, the redirect bound, the size limit, or for what is not HTML', async () => {
    const bare = (path: string) => ({ type: 'link', title: `${base}${path}`, site: '127.0.0.1' });
    expect((await embed(`${base}/slow`)).body).toEqual(bare('/slow'));
    ext.hits.delete('/loop');
    expect((await embed(`${base}/loop`)).body).toEqual(bare('/loop'));
    expect(ext.hits.get('/loop')).toBe(3);
    // Only the first 100,000 bytes (FETCH_MAX_BYTES) are read: the title after them is never seen.
    expect((await embed(`${base}/huge`)).body).toEqual({ ...bare('/huge'), site: 'Huge' });
    expect((await embed(`${base}/picture.png`)).body).toEqual(bare('/picture.png'));
    expect((await embed(`${base}/missing`)).body).toEqual(bare('/missing'));
  });

  it('never fetches a private address unless OUTBOUND_ALLOWED_HOSTS lists it', async () => {
    const config = t.app.get(PlatformConfig);
    const listed = config.outboundAllowedHosts;
    config.outboundAllowedHosts = [];
    try {
      ext.hits.delete('/private');
      const port = new URL(base).port;
      // Loopback however it is spelled: a name, decimal, hexadecimal, short and IPv4-mapped IPv6 forms.
      for (const host of ['127.0.0.1', 'localhost', '2130706433', '0x7f.0.0.1', '127.1', '[::ffff:127.0.0.1]']) {
        const url = `http://${host}:${port}/private`;
        expect((await embed(url)).body).toEqual({ type: 'link', title: new URL(url).href, site: new URL(url).hostname });
      }
      for (const url of [`${base}/private`, base.replace('127.0.0.1', 'localhost') + '/private'])
        expect((await embed(url)).body).toEqual({ type: 'link', title: url, site: new URL(url).hostname });
      expect(ext.hits.get('/private')).toBeUndefined();
    } finally {
      config.outboundAllowedHosts = listed;
    }
  });

  it('getEmbedByUrlInSpace: the same card in a space the caller reads; 404 for a space they may not', async () => {
    const page = (await get(`/v1/spaces/${guide}/content/page/${ids.Install}`)).body;
    const res = await t.client(admin).spaces.getEmbedByUrlInSpace(guide, { url: page.urls.app });
    expectMatchesOperation('getEmbedByUrlInSpace', 200, res.data);
    expect(res.data).toEqual({ type: 'link', title: 'Install', site: 'Guide' });
    expect((await embedIn(guide, `${base}/article`)).body).toMatchObject({ title: 'The Article & more' });
    expect((await embedIn(guide, `${base}/article`, outsider)).status).toBe(404);
    expect((await embedIn('no-such-space', `${base}/article`)).status).toBe(404);
    expect((await clientError(t.client(outsider).spaces.getEmbedByUrlInSpace(guide, { url: page.urls.app }))).code).toBe(404);
  });

  it('refuses what is not an absolute http(s) URL with 400 naming url', async () => {
    for (const query of [{}, { url: 'not a url' }, { url: 'file:///etc/passwd' }, { url: `${base}/${'a'.repeat(2050)}` }]) {
      for (const path of ['/v1/urls/embed', `/v1/spaces/${guide}/embed`]) {
        const res = await get(path).query(query);
        expect([path, res.status, res.body.error.message]).toEqual([path, 400, expect.stringMatching(/^url: /)]);
      }
    }
  });
});
