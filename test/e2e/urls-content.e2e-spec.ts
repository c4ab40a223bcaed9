import { expectMatchesOperation } from '../support/reference-schema';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { publishedSites } from './published-site.fixture';

/**
 * getContentByUrl (GET /v1/urls/content): every URL this server produces — app, location and
 * published URLs of spaces, pages, change requests, revisions, collections and sites — to the
 * reference's content variants, each part exactly as its own GET answers the caller; 404 for
 * what is not there or not theirs to read, 400 for what is not a URL.
 */
describe('URL resolution: content by URL (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let outsider: string;
  let f: ReturnType<typeof publishedSites>;
  let guide: string;
  let api: string;
  let ids: Record<string, string>;
  const get = (path: string, token = admin) => t.http.get(path).set(bearer(token));
  const byUrl = (url: string, token = admin) => callOperation(t, 'getContentByUrl', {}, token, { query: { url } });

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('admin')));
    outsider = (await t.bootstrap('Elsewhere', email('outsider'))).token;
    f = publishedSites(t, orgId, admin);
    guide = await f.space('Guide');
    api = await f.space('API');
    await f.merged(guide, [
      { operation: 'insert_page', title: 'Intro', document: { markdown: 'Hi.' } },
      { operation: 'insert_page', title: 'Install', document: { markdown: 'Run.' } },
    ]);
    await f.merged(api, [{ operation: 'insert_page', title: 'Reference', document: { markdown: 'All.' } }]);
    ids = await f.pageIds(guide);
  });
  afterAll(async () => t?.close());

  it('resolves app URLs of a space and a page to what their GETs answer (official client)', async () => {
    const space = (await get(`/v1/spaces/${guide}`)).body;
    const page = (await get(`/v1/spaces/${guide}/content/page/${ids.Install}`)).body;
    const res = await t.client(admin).urls.getContentByUrl({ url: space.urls.app });
    expectMatchesOperation('getContentByUrl', 200, res.data);
    expect(res.data).toEqual({ space });
    expect((await byUrl(page.urls.app)).body).toEqual({ space, page });
    // Anchors and queries of an app URL do not change what it names.
    expect((await byUrl(`${page.urls.app}?tab=1#usage`)).body.page.id).toBe(ids.Install);
  });

  it('resolves location URLs of spaces and pages (by id and by path)', async () => {
    const space = (await get(`/v1/spaces/${guide}`)).body;
    const page = (await get(`/v1/spaces/${guide}/content/page/${ids.Intro}`)).body;
    expect((await byUrl(space.urls.location)).body).toEqual({ space });
    expect((await byUrl(`${t.baseUrl}/v1/spaces/${guide}/content`)).body).toEqual({ space });
    expect((await byUrl(`${t.baseUrl}/v1/spaces/${guide}/content/page/${ids.Intro}`)).body).toEqual({ space, page });
    expect((await byUrl(`${t.baseUrl}/v1/spaces/${guide}/content/path/${page.path}`)).body).toEqual({ space, page });
  });

  it('resolves change requests by app and location URL, with pages only the change request has', async () => {
    const cr = (await t.http.post(`/v1/spaces/${guide}/change-requests`).set(bearer(admin)).send({ subject: 'Draft' })).body;
    await t.http
      .post(`/v1/spaces/${guide}/change-requests/${cr.id}/content`)
      .set(bearer(admin))
      .send({ changes: [{ operation: 'insert_page', title: 'Upcoming', document: { markdown: 'Soon.' } }] })
      .expect(200);
    const space = (await get(`/v1/spaces/${guide}`)).body;
    const changeRequest = (await get(`/v1/spaces/${guide}/change-requests/${cr.id}`)).body;
    expect((await byUrl(changeRequest.urls.app)).body).toEqual({ space, changeRequest });
    expect((await byUrl(changeRequest.urls.location)).body).toEqual({ space, changeRequest });
    const pages = (await get(`/v1/spaces/${guide}/change-requests/${cr.id}/content/pages`)).body.pages;
    const upcoming = pages.find((p: { title: string }) => p.title === 'Upcoming');
    const page = (await get(`/v1/spaces/${guide}/change-requests/${cr.id}/content/page/${upcoming.id}`)).body;
    expect((await byUrl(page.urls.app)).body).toEqual({ space, changeRequest, page });
    // Not on main.
    expect((await byUrl(`${space.urls.app}/${page.path}`)).status).toBe(404);
  });

  it('resolves revision URLs; an unknown revision is not found', async () => {
    const space = (await get(`/v1/spaces/${guide}`)).body;
    const revision = (await get(`/v1/spaces/${guide}/revisions/${space.revision}`)).body;
    expect((await byUrl(revision.urls.app)).body).toEqual({ space });
    const page = (await get(`/v1/spaces/${guide}/revisions/${space.revision}/page/${ids.Intro}`)).body;
    expect((await byUrl(page.urls.app)).body).toEqual({ space, page });
    expect((await byUrl(`${t.baseUrl}/v1/spaces/${guide}/revisions/${space.revision}/path/${page.path}`)).body).toEqual({ space, page });
    expect((await byUrl(`${t.baseUrl}/app/s/${guide}/~/revisions/no-such-revision`)).status).toBe(404);
  });

  it('resolves collections by app and location URL', async () => {
    const created = (await t.http.post(`/v1/orgs/${orgId}/collections`).set(bearer(admin)).send({ title: 'Handbooks' })).body;
    const collection = (await get(`/v1/collections/${created.id}`)).body;
    const res = await byUrl(collection.urls.app);
    expect(res.body).toEqual({ collection });
    expect((await byUrl(collection.urls.location)).body).toEqual({ collection });
  });

  it('resolves published URLs (with the share key they carry, following site redirects) and sites to their spaces', async () => {
    const site = await f.site('Docs', [guide]);
    const sectionId = (await f.section(site.id, { spaceId: api })).id;
    await f.publish(site.id);
    const [guideSpace, apiSpace] = [(await get(`/v1/spaces/${guide}`)).body, (await get(`/v1/spaces/${api}`)).body];
    const install = (await get(`/v1/spaces/${guide}/content/page/${ids.Install}`)).body;
    expect((await byUrl(`${site.url}/install`)).body).toEqual({ space: guideSpace, page: install });
    expect((await byUrl(`${site.url}/api/reference`)).body).toMatchObject({ space: apiSpace, page: { title: 'Reference' } });
    const [siteSpace] = await f.siteSpaces(site.id);
    await f.redirect(site.id, { source: '/old', destination: { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: ids.Install } });
    expect((await byUrl(`${site.url}/old`)).body).toEqual({ space: guideSpace, page: install });
    expect((await byUrl(`${site.url}/nope`)).status).toBe(404);

    // The site's own URLs: its default space; a section's and a site space's location.
    const siteView = (await get(`/v1/orgs/${orgId}/sites/${site.id}`)).body;
    expect((await byUrl(siteView.urls.app)).body).toEqual({ space: guideSpace });
    expect((await byUrl(siteView.urls.location)).body).toEqual({ space: guideSpace });
    expect((await byUrl(`${siteView.urls.location}/sections/${sectionId}`)).body).toEqual({ space: apiSpace });
    const preview = (await get(`/v1/orgs/${orgId}/sites/${site.id}/publishing/preview`)).body.url;
    expect((await byUrl(`${preview}/install`)).body).toEqual({ space: guideSpace, page: install });

    const shared = await f.site('Shared', [guide], { visibility: 'share-link' });
    await f.publish(shared.id);
    const link = await f.shareLink(shared.id, 'Partners');
    expect((await byUrl(`${shared.url}/install`)).status).toBe(404);
    expect((await byUrl(`${shared.url}/install?shareKey=${new URL(link.urls.published).searchParams.get('shareKey')}`)).body).toEqual({
      space: guideSpace,
      page: install,
    });
  });

  it("resolves a public space's published URL", async () => {
    const space = (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).send({ title: 'Open', visibility: 'public' }).expect(201)).body;
    expect(space.urls.published).toBeDefined();
    expect((await byUrl(space.urls.published)).body).toEqual({ space: (await get(`/v1/spaces/${space.id}`)).body });
  });

  it('answers 404 for what the caller may not read, exactly as for what does not exist', async () => {
    const space = (await get(`/v1/spaces/${guide}`)).body;
    const page = (await get(`/v1/spaces/${guide}/content/page/${ids.Intro}`)).body;
    const hidden = await byUrl(page.urls.app, outsider);
    const missing = await byUrl(`${t.baseUrl}/app/s/no-such-space/intro`, outsider);
    expect([hidden.status, missing.status]).toEqual([404, 404]);
    expect(hidden.body.error.message.replace(page.urls.app, 'U')).toBe(missing.body.error.message.replace(`${t.baseUrl}/app/s/no-such-space/intro`, 'U'));
    expect((await byUrl(space.urls.location, outsider)).status).toBe(404);
    for (const url of [
      `${space.urls.app}/no-such-page`,
      `${t.baseUrl}/app/o/${orgId}`,
      `${t.baseUrl}/v1/spaces/${guide}/comments`,
      `${t.baseUrl}/health/live`,
      'https://elsewhere.example.com/app/s/x',
      // Hostile paths: a NUL, a lone surrogate, a traversal, a huge id.
      `${t.baseUrl}/app/s/%00/intro`,
      `${t.baseUrl}/app/s/%ED%A0%80`,
      `${t.baseUrl}/v1/spaces/..%2F..%2Fv1%2Fspaces%2F${guide}`,
      `${t.baseUrl}/app/collections/${'c'.repeat(1900)}`,
    ]) {
      const res = await byUrl(url);
      expect([url, res.status]).toEqual([url, 404]);
    }
    expect((await clientError(t.client(outsider).urls.getContentByUrl({ url: space.urls.app }))).code).toBe(404);
  });

  it('refuses what is not an absolute http(s) URL with 400 naming url; never echoes a query in messages', async () => {
    for (const query of [{}, { url: 'app/s/x' }, { url: 'javascript:alert(1)' }, { url: `${t.baseUrl}/${'a'.repeat(2050)}` }, { url: ['a', 'b'] }]) {
      const res = await get('/v1/urls/content').query(query);
      expect([JSON.stringify(query).slice(0, 40), res.status, res.body.error.message]).toEqual([
        JSON.stringify(query).slice(0, 40),
        400,
        expect.stringMatching(/^url: /),
      ]);
    }
    const res = await byUrl(`${t.baseUrl}/published/${orgId}/nothing?shareKey=s3cret`);
    expect([res.status, res.body.error.message]).toEqual([404, expect.not.stringContaining('s3cret')]);
  });
});
