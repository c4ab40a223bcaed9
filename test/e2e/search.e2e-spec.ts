import { api, flatten } from '../support/content-api';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';

/**
 * Full-text search (searchSpaceContent, searchOrganizationContent, searchSiteContent) over
 * content merged through the API: the official client, reference shapes, who may see what,
 * snippets, paging, an edit reaching the index, and a rebuild of the index from the CLI.
 */
describe('search (e2e)', () => {
  let t: TestApp;
  let c: ReturnType<typeof api>;
  let org: string;
  let admin: string;
  let member: string;
  let outsider: string;
  let handbook: string;
  let other: string;
  const pages: Record<string, string> = {};

  /** Writes pages on a change request and merges it; the index follows once the projections ran. */
  async function publish(spaceId: string, changes: unknown[]): Promise<any> {
    const cr = (await c.createCR(spaceId, admin)).body;
    const written = await c.write(spaceId, cr.id, admin, changes);
    expect(written.status).toBe(200);
    expect((await c.merge(spaceId, cr.id, admin)).status).toBe(200);
    await t.engine.drain();
    return written.body;
  }
  const page = (title: string, markdown: string, fields: Record<string, unknown> = {}) => ({
    operation: 'insert_page',
    title,
    document: { markdown },
    ref: title,
    ...fields,
  });
  const searchSpace = (spaceId: string, query: Record<string, unknown>, token = admin) => callOperation(t, 'searchSpaceContent', { spaceId }, token, { query });

  beforeAll(async () => {
    t = await startTestApp();
    c = api(t);
    ({ organizationId: org, token: admin } = await t.bootstrap('Search Org', email('search-admin')));
    const [m] = await t.cli('user', 'create', '--email', email('search-member'), '--name', 'Mia Member', '--org', org, '--role', 'read');
    member = m.token;
    outsider = (await t.bootstrap('Elsewhere', email('search-outsider'))).token;
    handbook = (await c.createSpace(org, admin, 'Handbook')).id;
    other = (await c.createSpace(org, admin, 'Other')).id;
    await publish(handbook, [
      page('Getting started', '## Install\n\nRun the installer to set up the zebra toolkit.\n\n## Configure\n\nSet the API token in <your> profile & go.'),
      page('API tokens', 'Tokens authenticate requests. Rotate the token every month.'),
      page('Internal', 'Zebra secrets for staff.', { hidden: true }),
      page('Pro guide', 'The zebra pro workflow.', { condition: 'visitor.claims.unsigned.pro === true' }),
    ]);
    for (const p of flatten((await c.mainPages(handbook, admin)).body.pages)) pages[p.title] = p.id;
    await publish(other, [page('Zebra crossing', 'Crossing the road safely.')]);
  }, 60_000);
  afterAll(async () => t?.close());

  describe('searchSpaceContent', () => {
    it('finds pages through the official client, best first, with highlighted sections and app URLs', async () => {
      const { data } = await t.client(admin).spaces.searchSpaceContent(handbook, { query: 'zebra toolkit' });
      expect(data.count).toBe(1);
      const [hit] = data.items as any[];
      expect(hit).toMatchObject({ title: 'Getting started', path: 'getting-started', ancestors: [] });
      expect(hit.urls.app).toBe(`${t.baseUrl}/app/s/${handbook}/getting-started`);
      expect(hit.sections[0]).toMatchObject({ title: 'Install', path: 'getting-started#install', urls: { app: `${hit.urls.app}#install` } });
      expect(hit.sections[0].body).toBe('Run the installer to set up the <mark>zebra</mark> <mark>toolkit</mark>.');
    });

    it('validates against the reference, escapes what the text holds, ranks titles first, and includes hidden pages for members', async () => {
      const res = await searchSpaceContent('token');
      expect(res.body.items.map((p: any) => p.title)).toEqual(['API tokens', 'Getting started']);
      expect(res.body.items[1].sections[0].body).toBe('Set the API <mark>token</mark> in &lt;your&gt; profile &amp; go.');
      expect((await searchSpaceContent('zebra')).body.items.map((p: any) => p.title).sort()).toEqual(['Getting started', 'Internal', 'Pro guide']);
    });
    const searchSpaceContent = (query: string) => searchSpace(handbook, { query });

    it('pages with the one cursor codec: every match once, and a cursor only for its own list', async () => {
      const first = await searchSpace(handbook, { query: 'zebra', limit: 2 });
      expect(first.body.items).toHaveLength(2);
      expect(first.body.count).toBe(3);
      const second = await searchSpace(handbook, { query: 'zebra', limit: 2, page: first.body.next.page });
      expect(second.body.items).toHaveLength(1);
      expect(second.body.next).toBeUndefined();
      const all = [...first.body.items, ...second.body.items].map((p: any) => p.id);
      expect(new Set(all).size).toBe(3);
      const foreign = await searchSpace(handbook, { query: 'token', page: first.body.next.page });
      expect([foreign.status, foreign.body.error.message]).toEqual([400, expect.stringMatching(/^page: /)]);
      expect((await searchSpace(handbook, { query: 'zebra', limit: 0 })).body).toEqual({ items: [], count: 3 });
    });

    it('refuses a missing or too long query naming the field, answers nothing for a query without words, and 404 for a space the caller cannot see', async () => {
      const missing = await t.http.get(`/v1/spaces/${handbook}/search`).set(bearer(admin));
      expect([missing.status, missing.body.error.message]).toEqual([400, expect.stringMatching(/^query: /)]);
      const long = await searchSpace(handbook, { query: 'a'.repeat(513) });
      expect([long.status, long.body.error.message]).toEqual([400, expect.stringMatching(/^query: must be shorter than or equal to 512 characters/)]);
      expect((await searchSpace(handbook, { query: ' "*" () ' })).body).toEqual({ items: [], count: 0 });
      expect((await searchSpace(handbook, { query: 'zebra' }, outsider)).status).toBe(404);
      expect((await clientError(t.client(member).spaces.searchSpaceContent('nope', { query: 'zebra' }))).code).toBe(404);
    });

    it('follows merged edits: new text is found, old text and deleted pages are not', async () => {
      // Asked before the edit too: an answer of the index before it is not served after it.
      expect((await searchSpaceContent('rotate')).body.count).toBe(1);
      await publish(handbook, [
        { operation: 'update_page', page: pages['API tokens'], document: { markdown: 'Keys now authenticate requests (okapi).' } },
        { operation: 'delete_page', page: pages['Internal'] },
        page('Staff notes', 'Where the zebra sleeps.', { hidden: true }),
      ]);
      expect((await searchSpaceContent('okapi')).body.items.map((p: any) => p.title)).toEqual(['API tokens']);
      expect((await searchSpaceContent('rotate')).body.count).toBe(0);
      expect((await searchSpaceContent('secrets')).body.count).toBe(0);
    });
  });

  describe('searchOrganizationContent', () => {
    it('groups pages by space, only live spaces the caller may read', async () => {
      const asAdmin = await callOperation(t, 'searchOrganizationContent', { organizationId: org }, admin, { query: { query: 'zebra' } });
      expect(asAdmin.body.items.map((s: any) => s.title).sort()).toEqual(['Handbook', 'Other']);
      expect(asAdmin.body.count).toBe(2);
      const handbookHit = asAdmin.body.items.find((s: any) => s.id === handbook);
      expect(handbookHit.pages.map((p: any) => p.title).sort()).toEqual(['Getting started', 'Pro guide', 'Staff notes']);
      const { data } = await t.client(member).orgs.searchOrganizationContent(org, { query: 'zebra' });
      expect(data.items.map((s) => s.id).sort()).toEqual([handbook, other].sort());
      const paged = await callOperation(t, 'searchOrganizationContent', { organizationId: org }, admin, { query: { query: 'zebra', limit: 1 } });
      const next = await callOperation(t, 'searchOrganizationContent', { organizationId: org }, admin, {
        query: { query: 'zebra', limit: 1, page: paged.body.next.page },
      });
      expect([...paged.body.items, ...next.body.items].map((s: any) => s.id).sort()).toEqual([handbook, other].sort());
      // A space in the bin is not readable: its pages are not searched.
      await t.http.delete(`/v1/spaces/${other}`).set(bearer(admin)).expect(205);
      expect((await t.client(admin).orgs.searchOrganizationContent(org, { query: 'zebra' })).data.items.map((s) => s.id)).toEqual([handbook]);
    });

    it('is not found for an organization the caller is not in', async () => {
      expect((await callOperation(t, 'searchOrganizationContent', { organizationId: org }, outsider, { query: { query: 'zebra' } })).status).toBe(404);
    });
  });

  describe('searchSiteContent', () => {
    // Runs after the edits above: "Getting started", "Pro guide" (conditional) and "Staff notes" (hidden) hold zebra.
    let siteId: string;
    beforeAll(async () => {
      const base = `/v1/orgs/${org}/sites`;
      siteId = (
        await t.http
          .post(base)
          .set(bearer(admin))
          .send({ title: 'Docs', spaces: [handbook] })
          .expect(201)
      ).body.id;
      await t.http
        .put(`${base}/${siteId}/adaptive-schema`)
        .set(bearer(admin))
        .send({
          jsonSchema: {
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
          },
        })
        .expect(200);
      await t.http.post(`${base}/${siteId}/publish`).set(bearer(admin)).expect(200);
    });
    const searchSite = (body: Record<string, unknown>, token = admin) =>
      callOperation(t, 'searchSiteContent', { organizationId: org, siteId }, token, { body: { query: 'zebra', ...body } });

    it("answers what a visitor sees: the site's spaces, listed pages, conditions over their claims", async () => {
      const { data } = await t.client(member).orgs.searchSiteContent(org, siteId, { query: 'zebra', scope: { mode: 'all' } });
      expect(data.items).toHaveLength(1);
      expect(data.items[0]).toMatchObject({ id: handbook, title: 'Handbook' });
      expect(data.items[0].pages.map((p) => p.title)).toEqual(['Getting started']);
      const pro = await searchSite({ scope: { mode: 'default' }, visitor: { unsignedClaims: { pro: true } } });
      expect(pro.body.items[0].pages.map((p: any) => p.title).sort()).toEqual(['Getting started', 'Pro guide']);
      expect((await searchSite({ mode: 'all' })).body.items[0].pages).toHaveLength(1);
    });

    it('searches only the site spaces in scope, and refuses bodies the reference does not allow', async () => {
      const siteSpaces = (await t.http.get(`/v1/orgs/${org}/sites/${siteId}/site-spaces`).set(bearer(admin))).body.items;
      expect((await searchSite({ scope: { mode: 'specific', siteSpaceIds: [siteSpaces[0].id] } })).body.count).toBe(1);
      expect((await searchSite({ siteSpaceIds: ['unknown'] })).body).toEqual({ items: [], count: 0 });
      const both = await searchSite({ scope: { mode: 'all' }, mode: 'all' });
      expect([both.status, both.body.error.message]).toEqual([400, expect.stringMatching(/^body: give either scope/)]);
      const badScope = await searchSite({ scope: { mode: 'everything' } });
      expect([badScope.status, badScope.body.error.message]).toEqual([400, 'scope.mode: must be one of default, specific, all (isSiteSearchScope)']);
      const extra = await searchSite({ scope: { mode: 'all', secret: 1 } });
      expect(extra.body.error.message).toBe('scope.secret: unknown field (isSiteSearchScope)');
    });

    it('is not found outside the organization or for another organization in the path', async () => {
      expect((await searchSite({}, outsider)).status).toBe(404);
      const res = await callOperation(t, 'searchSiteContent', { organizationId: 'other-org', siteId }, admin, { body: { query: 'zebra' } });
      expect(res.status).toBe(404);
    });
  });

  it('is rebuilt from the CLI (projections rebuild search-index) into a new generation that answers the same', async () => {
    const before = (await searchSpace(handbook, { query: 'zebra' })).body;
    const [report] = await t.cli('projections', 'rebuild', 'search-index');
    expect(report).toMatchObject({ projection: 'search-index', generation: 2 });
    expect((await searchSpace(handbook, { query: 'zebra' })).body).toEqual(before);
  });
});
