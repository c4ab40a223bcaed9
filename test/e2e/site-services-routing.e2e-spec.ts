import { HostnameResolver } from '../../libs/sites/src/application/hostname-resolver';
import type { DnsAnswer } from '../../libs/sites/src/domain/hostname';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';

/**
 * Redirects, custom hostnames and subdomains of sites, through the official client and the
 * reference operations. DNS is the resolver port's: the test answers for it (no network).
 */
describe('site services: redirects, custom hostnames, subdomains (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let editor: string;
  let outsider: string;
  let siteId: string;
  let siteSpaceId: string;
  let sitePublished: string;

  const call = (operationId: string, params: Record<string, string>, token = admin, opts: { body?: unknown; query?: Record<string, unknown> } = {}) =>
    callOperation(t, operationId, params, token, opts);
  const site = () => ({ organizationId: orgId, siteId });

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme Docs', email('ada')));
    [{ token: editor }] = await t.cli('user', 'create', '--email', email('eve'), '--name', 'Eve', '--org', orgId, '--role', 'edit');
    ({ token: outsider } = await t.bootstrap('Other Org', email('otto')));
    const space = (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).send({ title: 'Guides' }).expect(201)).body;
    const created = (await t.client(admin).orgs.createSite(orgId, { title: 'Handbook', spaces: [space.id] } as never)).data;
    siteId = created.id;
    sitePublished = created.urls.published ?? `${t.baseUrl}/published/${orgId}/${created.basename}`;
    siteSpaceId = (await t.client(admin).orgs.listSiteSpaces(orgId, siteId)).data.items[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('redirects', () => {
    let redirectId: string;

    it('creates a redirect from a source path to a site space (201) in the reference shape', async () => {
      const res = await t.client(admin).orgs.createSiteRedirect(orgId, siteId, { source: '/old-guide', destination: { kind: 'site-space', siteSpaceId } });
      expect(res.status).toBe(201);
      redirectId = res.data.id;
      expect(res.data).toEqual({ object: 'site-redirect', id: redirectId, source: '/old-guide', destination: { kind: 'site-space', siteSpaceId } });
    });

    it('a source is unique per site; sources follow the reference pattern; destinations must be in the site', async () => {
      const create = (body: unknown) => call('createSiteRedirect', site(), admin, { body });
      const dup = await create({ source: '/old-guide', destination: { kind: 'site-space', siteSpaceId } });
      expect([dup.status, dup.body.error.message]).toEqual([
        400,
        `source: the site already redirects /old-guide (redirect ${redirectId}); sources are unique per site`,
      ]);
      expect((await create({ source: 'no-slash', destination: { kind: 'site-space', siteSpaceId } })).body.error.message).toMatch(/^source: must be a path/);
      expect((await create({ source: '/x', destination: { kind: 'site-space', siteSpaceId: 'missing' } })).body.error.message).toBe(
        'destination.siteSpaceId: the site has no site space missing',
      );
      expect((await create({ source: '/x', destination: { kind: 'url', url: 'https://e.com' } })).body.error.message).toMatch(
        /^destination\.kind: must be one of/,
      );
      expect((await create({ source: '/x', destination: { kind: 'site-page', siteSpaceId } })).body.error.message).toMatch(/^destination\.pageId: is required/);
    });

    it('looks a redirect up by its source, with the URL it leads to (and the share key carried along)', async () => {
      const found = await call('getSiteRedirectBySource', site(), editor, { query: { source: '/old-guide' } });
      expect(found.status).toBe(200);
      expect(found.body).toEqual({
        redirect: { object: 'site-redirect', id: redirectId, source: '/old-guide', destination: { kind: 'site-space', siteSpaceId } },
        target: sitePublished,
      });
      const shared = (await t.client(editor).orgs.getSiteRedirectBySource(orgId, siteId, { source: '/old-guide', shareKey: 'k1' })).data;
      expect(new URL(shared.target).searchParams.get('shareKey')).toBe('k1');
      expect((await call('getSiteRedirectBySource', site(), admin, { query: { source: '/unknown' } })).status).toBe(404);
    });

    it('lists (search by path), updates source and destination, deletes with 205 then 204', async () => {
      await call('createSiteRedirect', site(), admin, { body: { source: '/faq', destination: { kind: 'site-page', siteSpaceId, pageId: 'p1' } } });
      expect((await call('listSiteRedirects', site(), editor)).body.items.map((r: { source: string }) => r.source)).toEqual(['/old-guide', '/faq']);
      expect((await call('listSiteRedirects', site(), admin, { query: { search: 'GUIDE' } })).body.items.map((r: { id: string }) => r.id)).toEqual([
        redirectId,
      ]);
      const moved = await call('updateSiteRedirectById', { ...site(), siteRedirectId: redirectId }, admin, {
        body: { source: '/older-guide', destination: { kind: 'site-page', siteSpaceId, pageId: 'p2' } },
      });
      expect(moved.body).toMatchObject({ source: '/older-guide', destination: { kind: 'site-page', pageId: 'p2' } });
      expect((await call('updateSiteRedirectById', { ...site(), siteRedirectId: redirectId }, admin, { body: { source: '/faq' } })).status).toBe(400);
      expect((await call('getSiteRedirectBySource', site(), admin, { query: { source: '/old-guide' } })).status).toBe(404);
      const page = await call('getSiteRedirectBySource', site(), admin, { query: { source: '/older-guide' } });
      expect(new URL(page.body.target).searchParams.get('pageId')).toBe('p2');
      expect((await call('deleteSiteRedirectById', { ...site(), siteRedirectId: redirectId })).status).toBe(205);
      expect((await call('deleteSiteRedirectById', { ...site(), siteRedirectId: redirectId })).status).toBe(204);
      expect((await call('updateSiteRedirectById', { ...site(), siteRedirectId: redirectId }, admin, { body: { source: '/z' } })).status).toBe(404);
    });

    it('writes need admin; another organization sees nothing', async () => {
      expect(
        (await clientError(t.client(editor).orgs.createSiteRedirect(orgId, siteId, { source: '/e', destination: { kind: 'site-space', siteSpaceId } }))).code,
      ).toBe(403);
      expect((await clientError(t.client(outsider).orgs.listSiteRedirects(orgId, siteId))).code).toBe(404);
    });
  });

  describe('custom hostnames', () => {
    const HOST = 'docs.acme-example.com';
    const answer = (a: DnsAnswer) => jest.spyOn(t.app.get(HostnameResolver, { strict: false }), 'cnames').mockResolvedValueOnce(a);
    const get = (token = admin) => call('getCustomHostname', { hostname: HOST }, token);

    it('a hostname set on the site is a custom hostname, inactive and unchecked until DNS is checked', async () => {
      expect((await t.http.patch(`/v1/orgs/${orgId}/sites/${siteId}`).set(bearer(admin)).send({ hostname: HOST })).status).toBe(200);
      const res = await get(editor);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        object: 'custom-hostname',
        hostname: HOST,
        target: { type: 'site', site: siteId },
        isActive: false,
        urls: { location: `${t.baseUrl}/v1/custom-hostnames/${HOST}` },
      });
    });

    it('revalidation asks the resolver port and records the verification state (204), until the CNAME points here', async () => {
      const here = new URL(t.baseUrl).hostname;
      answer({ kind: 'none' });
      expect((await call('dnsRevalidateCustomHostname', { hostname: HOST })).status).toBe(204);
      expect((await get()).body).toMatchObject({ status: 'dns_no_cname', isActive: false });
      answer({ kind: 'cname', names: ['elsewhere.example.net'] });
      await t.client(admin).customHostnames.dnsRevalidateCustomHostname(HOST);
      expect((await get()).body).toMatchObject({ status: 'dns_wrong_cname', isActive: false });
      answer({ kind: 'error', code: 'ETIMEOUT' });
      await t.client(admin).customHostnames.dnsRevalidateCustomHostname(HOST);
      expect((await get()).body).toMatchObject({ status: 'internal_error', isActive: false });
      const spy = answer({ kind: 'cname', names: [`${here}.`] });
      await t.client(admin).customHostnames.dnsRevalidateCustomHostname(HOST);
      expect(spy).toHaveBeenLastCalledWith(HOST);
      expect((await t.client(admin).customHostnames.getCustomHostname(HOST)).data).toMatchObject({ status: 'live', isActive: true });
    });

    it('others: a member cannot revalidate or remove (403), another organization sees nothing (404), unknown hostnames are 404/204', async () => {
      expect((await clientError(t.client(editor).customHostnames.dnsRevalidateCustomHostname(HOST))).code).toBe(403);
      expect((await clientError(t.client(outsider).customHostnames.getCustomHostname(HOST))).code).toBe(404);
      expect((await call('dnsRevalidateCustomHostname', { hostname: HOST }, outsider)).status).toBe(404);
      expect((await call('removeCustomHostname', { hostname: HOST }, outsider)).status).toBe(204);
      expect((await call('getCustomHostname', { hostname: 'unknown.acme-example.com' })).status).toBe(404);
    });

    it('removing it takes it off the site (205), then 204; the site has no hostname any more', async () => {
      expect((await call('removeCustomHostname', { hostname: HOST })).status).toBe(205);
      expect((await call('removeCustomHostname', { hostname: HOST })).status).toBe(204);
      expect((await get()).status).toBe(404);
      expect((await t.client(admin).orgs.getSiteById(orgId, siteId)).data.hostname).toBeUndefined();
    });
  });

  describe('subdomains', () => {
    it("an organization's hostname is its subdomain, visible to its members", async () => {
      await t.http.patch(`/v1/orgs/${orgId}`).set(bearer(admin)).send({ hostname: 'acme-docs' }).expect(200);
      const res = await t.client(editor).subdomains.getSubdomain('acme-docs');
      expect(res.data).toEqual({ object: 'subdomain', subdomain: 'acme-docs', target: { type: 'organization', organization: orgId }, isActive: true });
      expect((await call('getSubdomain', { subdomain: 'acme-docs' })).status).toBe(200);
      expect((await clientError(t.client(outsider).subdomains.getSubdomain('acme-docs'))).code).toBe(404);
      expect((await call('getSubdomain', { subdomain: 'nobody-here' })).status).toBe(404);
      expect((await call('getSubdomain', { subdomain: 'Bad_Name' })).status).toBe(400);
    });

    it('changing the hostname releases the old subdomain', async () => {
      await t.http.patch(`/v1/orgs/${orgId}`).set(bearer(admin)).send({ hostname: 'acme-handbook' }).expect(200);
      expect((await call('getSubdomain', { subdomain: 'acme-docs' })).status).toBe(404);
      expect((await call('getSubdomain', { subdomain: 'acme-handbook' })).body.target.organization).toBe(orgId);
    });
  });
});
