import { SiteVisibility } from '@gitbook/api';
import { callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

/** Sites: create, read, list with filters, update with the contract's field rules, publish, delete, access. */
describe('sites (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let editor: string;
  let outsider: string;
  let otherOrg: string;
  let guide: string;
  let api: string;

  const call = (operationId: string, params: Record<string, string>, token = admin, opts: { body?: unknown; query?: Record<string, unknown> } = {}) =>
    callOperation(t, operationId, params, token, opts);
  const space = async (title: string, org = orgId, token = admin) => {
    const res = await call('createSpace', { organizationId: org }, token, { body: { title } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const site = async (body: Record<string, unknown> = {}) => {
    const res = await call('createSite', { organizationId: orgId }, admin, { body });
    expect(res.status).toBe(201);
    return res.body;
  };
  const siteIds = async (query: Record<string, unknown> = {}) =>
    (await call('listSites', { organizationId: orgId }, admin, { query: { limit: 1000, ...query } })).body.items.map((s: { id: string }) => s.id);

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Sites Org', email('ada')));
    [{ token: editor }] = await t.cli('user', 'create', '--email', email('eddie'), '--name', 'Eddie', '--org', orgId, '--role', 'edit');
    ({ organizationId: otherOrg, token: outsider } = await t.bootstrap('Other Org', email('otto')));
    guide = await space('User Guide');
    api = await space('API Reference');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('createSite through the official client: defaults, the spaces given as site spaces, Location, honest features and urls', async () => {
    const res = await t.client(admin).orgs.createSite(orgId, { title: 'Developer Docs', visibility: SiteVisibility.Unlisted, spaces: [guide, api] });
    expectMatchesOperation('createSite', 201, res.data);
    expect(res.headers.get('location')).toBe(`${t.baseUrl}/v1/orgs/${orgId}/sites/${res.data.id}`);
    expect(res.data).toMatchObject({
      object: 'site',
      type: 'basic',
      appliedType: 'basic',
      title: 'Developer Docs',
      basename: 'developer-docs',
      visibility: 'unlisted',
      published: false,
      siteSpaces: 2,
      agentsContext: 'included',
      adaptiveContent: { enabled: false },
      permissions: { view: true, admin: true, installIntegration: false },
      urls: { location: `${t.baseUrl}/v1/orgs/${orgId}/sites/${res.data.id}`, app: `${t.baseUrl}/app/o/${orgId}/sites/${res.data.id}` },
    });
    expect(res.data.urls.published).toBeUndefined();
    expect(res.data.features.map((f) => f.id)).toContain('sites-sections');
    expect(res.data.features.every((f) => f.plan === 'basic' && f.frozen === false)).toBe(true);
    const read = await t.client(admin).orgs.getSiteById(orgId, res.data.id);
    expectMatchesOperation('getSiteById', 200, read.data);
    expect(read.data).toEqual(res.data);
  });

  it('a basename is unique in the organization: a new site gets a suffix; PATCH to a taken one is 400', async () => {
    const a = await site({ title: 'Handbook' });
    const b = await site({ title: 'Handbook' });
    expect([a.basename, b.basename]).toEqual(['handbook', 'handbook-2']);
    const clash = await call('updateSiteById', { organizationId: orgId, siteId: b.id }, admin, { body: { basename: 'handbook' } });
    expect(clash.status).toBe(400);
    expect(clash.body.error.message).toContain('basename');
  });

  it('updateSiteById: every field of the contract, null removes proxy and hostname', async () => {
    const s = await site({ title: 'Settings' });
    const body = {
      title: 'Settings Site',
      visibility: 'share-link',
      basename: 'settings',
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
      proxy: 'example.com/docs',
      hostname: 'docs.example.com',
    };
    const res = await call('updateSiteById', { organizationId: orgId, siteId: s.id }, admin, { body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ...body,
      adaptiveContent: { enabled: true },
      proxy: { origin: 'example.com/docs', target: `${t.baseUrl}/published/${orgId}/settings` },
    });
    const cleared = await call('updateSiteById', { organizationId: orgId, siteId: s.id }, admin, { body: { proxy: null, hostname: null } });
    expect([cleared.body.proxy, cleared.body.hostname]).toEqual([undefined, undefined]);
  });

  it.each([
    [{ title: 'x' }, 'title'],
    [{ title: 'y'.repeat(129) }, 'title'],
    [{ basename: '' }, 'basename'],
    [{ basename: 'b'.repeat(101) }, 'basename'],
    [{ hostname: 'example.com' }, 'hostname'],
    [{ hostname: `${'a'.repeat(60)}.`.repeat(9) + 'com' }, 'hostname'],
    [{ proxy: 'not a proxy' }, 'proxy'],
    [{ proxy: `example.com/${'p'.repeat(510)}` }, 'proxy'],
    [{ visibility: 'private' }, 'visibility'],
    [{ agentsContext: 'sometimes' }, 'agentsContext'],
    [{ adaptiveContent: { enabled: 'yes' } }, 'adaptiveContent.enabled'],
    [{ defaultSiteSpace: 'nope' }, 'defaultSiteSpace'],
    [{ defaultSiteSection: 'nope' }, 'defaultSiteSection'],
    [{ colour: 'red' }, 'body.colour'],
  ])('updateSiteById refuses %j naming %s (400)', async (body, field) => {
    const s = (await siteIds())[0];
    const res = await call('updateSiteById', { organizationId: orgId, siteId: s }, admin, { body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('createSite refuses a short title, an unknown visibility or type, and a space of another organization (400)', async () => {
    const foreign = await space('Foreign', otherOrg, outsider);
    for (const [body, field] of [
      [{ title: 'x' }, 'title'],
      [{ visibility: 'secret' }, 'visibility'],
      [{ type: 'gold' }, 'type'],
      [{ spaces: [foreign] }, 'spaces[0]'],
    ] as const) {
      const res = await call('createSite', { organizationId: orgId }, admin, { body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
    }
  });

  it('listSites: creation order, filters space, title and published, exact counts, paging', async () => {
    const listed = await t.client(admin).orgs.listSites(orgId, { limit: 2 });
    expectMatchesOperation('listSites', 200, listed.data);
    const all = await siteIds();
    expect(listed.data.items.map((s) => s.id)).toEqual(all.slice(0, 2));
    expect(listed.data.count).toBe(all.length);
    const second = await call('listSites', { organizationId: orgId }, admin, { query: { limit: 2, page: listed.data.next!.page } });
    expect(second.body.items.map((s: { id: string }) => s.id)).toEqual(all.slice(2, 4));
    const withGuide = await site({ title: 'Guide Only', spaces: [guide] });
    expect(await siteIds({ space: guide })).toEqual([all[0], withGuide.id]);
    expect(await siteIds({ title: 'handBOOK' })).toHaveLength(2);
    await call('publishSite', { organizationId: orgId, siteId: withGuide.id });
    expect(await siteIds({ published: true })).toEqual([withGuide.id]);
    expect(await siteIds({ published: false })).not.toContain(withGuide.id);
    expect((await call('listSites', { organizationId: orgId }, admin, { query: { published: 'maybe' } })).status).toBe(400);
  });

  it('publish: 400 without a site space; sets published and urls.published; unpublish clears it; repeats are harmless', async () => {
    const empty = await site({ title: 'Empty Site' });
    const refused = await call('publishSite', { organizationId: orgId, siteId: empty.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('no site space');
    const s = await site({ title: 'Live Site', spaces: [guide] });
    const published = await t.client(admin).orgs.publishSite(orgId, s.id);
    expectMatchesOperation('publishSite', 200, published.data);
    expect(published.data).toMatchObject({ published: true, urls: { published: `${t.baseUrl}/published/${orgId}/live-site` } });
    expect((await call('publishSite', { organizationId: orgId, siteId: s.id })).body.published).toBe(true);
    const unpublished = await t.client(admin).orgs.unpublishSite(orgId, s.id);
    expectMatchesOperation('unpublishSite', 200, unpublished.data);
    expect([unpublished.data.published, unpublished.data.urls.published]).toEqual([false, undefined]);
    expect((await call('unpublishSite', { organizationId: orgId, siteId: s.id })).status).toBe(200);
  });

  it('getPublishedContentSite answers a published site in the reference shape (404 unpublished); the preview gives a URL', async () => {
    const s = await site({ title: 'Published Content', spaces: [guide, api] });
    expect((await call('getPublishedContentSite', { organizationId: orgId, siteId: s.id })).status).toBe(404);
    await call('publishSite', { organizationId: orgId, siteId: s.id });
    const res = await t.client(admin).orgs.getPublishedContentSite(orgId, s.id);
    expectMatchesOperation('getPublishedContentSite', 200, res.data);
    expect(res.data.site.id).toBe(s.id);
    expect(res.data.structure.type).toBe('siteSpaces');
    const ids = (res.data.structure.structure as Array<{ id: string }>).map((x) => x.id);
    expect(Object.keys(res.data.customizations.siteSpaces).sort()).toEqual([...ids].sort());
    expect(res.data.customizations.site.styling.theme).toBe('clean');
    const preview = await call('getSitePublishingPreviewById', { organizationId: orgId, siteId: s.id }, admin, {
      query: { siteSpace: ids[1], claims: '{"plan":"pro"}' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.url).toBe(`${t.baseUrl}/published/~preview/${s.id}/api-reference?claims=${encodeURIComponent('{"plan":"pro"}')}`);
    for (const query of [{ siteSpace: 'nope' }, { claims: 'not json' }]) {
      const bad = await call('getSitePublishingPreviewById', { organizationId: orgId, siteId: s.id }, admin, { query });
      expect(bad.status).toBe(400);
    }
  });

  it('listPermissionsAggregateInSite: the members of the organization with their role, paged by user', async () => {
    const s = (await siteIds())[0];
    const res = await t.client(admin).orgs.listPermissionsAggregateInSite(orgId, s, { limit: 1 });
    expectMatchesOperation('listPermissionsAggregateInSite', 200, res.data);
    expect(res.data.count).toBe(2);
    const next = await call('listPermissionsAggregateInSite', { organizationId: orgId, siteId: s }, admin, { query: { limit: 1, page: res.data.next!.page } });
    const roles = [...res.data.items, ...next.body.items].map((i: { permission: string; origin: unknown }) => [i.permission, i.origin]);
    expect(roles.map((r) => r[0]).sort()).toEqual(['admin', 'edit']);
    expect(roles.every((r) => JSON.stringify(r[1]) === JSON.stringify({ type: 'organization', organization: orgId }))).toBe(true);
  });

  it('members read sites (permissions say so); only admins change them (403); outsiders get 404', async () => {
    const s = (await siteIds())[0];
    const read = await call('getSiteById', { organizationId: orgId, siteId: s }, editor);
    expect(read.status).toBe(200);
    expect(read.body.permissions).toMatchObject({ view: true, admin: false, edit: false });
    expect((await call('updateSiteById', { organizationId: orgId, siteId: s }, editor, { body: { title: 'Mine now' } })).status).toBe(403);
    expect((await call('createSite', { organizationId: orgId }, editor, { body: {} })).status).toBe(403);
    expect((await call('deleteSiteById', { organizationId: orgId, siteId: s }, editor)).status).toBe(403);
    expect((await clientError(t.client(outsider).orgs.getSiteById(orgId, s))).code).toBe(404);
    expect((await call('getSiteById', { organizationId: otherOrg, siteId: s }, outsider)).status).toBe(404);
    expect((await call('listSites', { organizationId: orgId }, outsider)).status).toBe(404);
    expect((await call('createSite', { organizationId: orgId }, outsider, { body: {} })).status).toBe(404);
  });

  it('deleteSiteById: 205 deleted, then 204; gone from reads and lists; an outsider "did not exist"', async () => {
    const s = await site({ title: 'Doomed' });
    expect((await call('deleteSiteById', { organizationId: orgId, siteId: s.id }, outsider)).status).toBe(204);
    expect((await call('deleteSiteById', { organizationId: orgId, siteId: s.id })).status).toBe(205);
    expect((await call('deleteSiteById', { organizationId: orgId, siteId: s.id })).status).toBe(204);
    expect((await call('getSiteById', { organizationId: orgId, siteId: s.id })).status).toBe(404);
    expect(await siteIds()).not.toContain(s.id);
  });

  it('an organization may make a site its default content (asked of the sites context); a deleted site may not', async () => {
    const s = await site({ title: 'Default Site' });
    const ok = await call('updateOrganizationById', { organizationId: orgId }, admin, { body: { defaultContent: { type: 'site', site: s.id } } });
    expect([ok.status, ok.body.defaultContent]).toEqual([200, { type: 'site', site: s.id }]);
    await call('deleteSiteById', { organizationId: orgId, siteId: s.id });
    const gone = await call('updateOrganizationById', { organizationId: orgId }, admin, { body: { defaultContent: { type: 'site', site: s.id } } });
    expect(gone.status).toBe(400);
    const foreign = await call('updateOrganizationById', { organizationId: otherOrg }, outsider, {
      body: { defaultContent: { type: 'site', site: (await siteIds())[0] } },
    });
    expect(foreign.status).toBe(400);
  });
});
