import { GitBookAPI } from '@gitbook/api';
import { bearer, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectErrorResponse, expectMatchesOperation, expectMatchesSchema, operationUrl, referenceOperation } from '../support/reference-schema';

describe('HTTP conventions (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let userId: string;
  let admin: string;
  let revoked: string;

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, userId, token: admin } = await t.bootstrap('Conventions Org', email('admin')));
    const [{ tokenId, token }] = await t.cli('token', 'create', '--user', userId);
    await t.cli('token', 'revoke', '--id', tokenId);
    revoked = token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (org: string, title: string) => {
    const res = await t.http.post(`/v1/orgs/${org}/spaces`).set(bearer(admin)).send({ title });
    expect(res.status).toBe(201);
    expectMatchesOperation('createSpace', 201, res.body);
    return res.body as { id: string; title: string };
  };

  describe('system', () => {
    it('GET /v1/ needs no token and matches getApiInformation', async () => {
      const res = await t.http.get('/v1/');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectMatchesOperation('getApiInformation', 200, res.body);
      expect(Number.isNaN(Date.parse(res.body.build))).toBe(false);

      const withBadToken = await t.http.get('/v1/').set('Authorization', 'Bearer not-a-token');
      expect(withBadToken.status).toBe(200);
      expectMatchesOperation('getApiInformation', 200, withBadToken.body);

      const anonymous = new GitBookAPI({ endpoint: t.baseUrl });
      const viaClient = await anonymous.getApiInformation();
      expect(viaClient.status).toBe(200);
      expectMatchesOperation('getApiInformation', 200, viaClient.data);
      expect(viaClient.data).toEqual(res.body);
    });
  });

  describe('authentication', () => {
    let spaceId: string;
    let deletedId: string;
    beforeAll(async () => {
      spaceId = (await create(orgId, 'Guarded')).id;
      deletedId = (await create(orgId, 'Guarded deleted')).id;
      expect((await t.http.delete(`/v1/spaces/${deletedId}`).set(bearer(admin))).status).toBe(205);
    });

    const routes = () => [
      { op: 'getSpaceById', params: { spaceId } },
      { op: 'updateSpaceById', params: { spaceId }, body: { title: 'Hacked' } },
      { op: 'deleteSpaceById', params: { spaceId } },
      { op: 'restoreSpace', params: { spaceId: deletedId } },
      { op: 'duplicateSpace', params: { spaceId } },
      { op: 'createSpace', params: { organizationId: orgId }, body: { title: 'Sneaky' } },
      { op: 'listSpacesInOrganizationById', params: { organizationId: orgId } },
      { op: 'listOrganizationsForAuthenticatedUser', params: {} },
      { op: 'getOrganizationById', params: { organizationId: orgId } },
      { op: 'updateOrganizationById', params: { organizationId: orgId }, body: { title: 'Hacked org' } },
      { op: 'getAuthenticatedUser', params: {} },
      { op: 'getUserById', params: { userId } },
    ];
    const credentials: Array<[string, string | undefined]> = [
      ['no Authorization header', undefined],
      ['an empty Authorization header', ''],
      ['a non-Bearer scheme', 'Token abc'],
      ['Basic credentials', 'Basic dXNlcjpwYXNz'],
      ['Bearer without a token', 'Bearer'],
      ['Bearer with two tokens', 'Bearer abc def'],
      ['an unknown token', 'Bearer gb_api_this-token-does-not-exist'],
      ['a revoked token', 'REVOKED'],
    ];

    it('every route answers 401 with the Error body for missing, malformed, unknown and revoked tokens, and changes nothing', async () => {
      const before = {
        space: (await t.http.get(`/v1/spaces/${spaceId}`).set(bearer(admin))).body,
        org: (await t.http.get(`/v1/orgs/${orgId}`).set(bearer(admin))).body,
        count: (await t.http.get(`/v1/orgs/${orgId}/spaces`).set(bearer(admin))).body.count,
      };
      const failures: string[] = [];
      for (const r of routes()) {
        const { method } = referenceOperation(r.op);
        const url = operationUrl(r.op, r.params as Record<string, string>);
        for (const [label, header] of credentials) {
          let req = t.http[method.toLowerCase()](url);
          if (header !== undefined) req = req.set('Authorization', header === 'REVOKED' ? `Bearer ${revoked}` : header);
          if (r.body) req = req.send(r.body);
          const res = await req;
          try {
            expect(res.status).toBe(401);
            expect(res.headers['content-type']).toMatch(/^application\/json/);
            expectErrorResponse(r.op, 401, res.body);
            expect(res.body).toEqual({ error: { code: 401, message: expect.any(String) } });
          } catch (e) {
            failures.push(`${method} ${url} with ${label}: ${(e as Error).message.split('\n').slice(0, 6).join(' | ')}`);
          }
        }
      }
      expect(failures).toEqual([]);

      const after = {
        space: (await t.http.get(`/v1/spaces/${spaceId}`).set(bearer(admin))).body,
        org: (await t.http.get(`/v1/orgs/${orgId}`).set(bearer(admin))).body,
        count: (await t.http.get(`/v1/orgs/${orgId}/spaces`).set(bearer(admin))).body.count,
      };
      expect(after).toEqual(before);
      expect((await t.http.get(`/v1/spaces/${deletedId}`).set(bearer(admin))).status).toBe(404);
    });

    it('the official client gets 401 without a token and with an unknown token', async () => {
      for (const client of [new GitBookAPI({ endpoint: t.baseUrl }), t.client('unknown-token'), t.client(revoked)]) {
        const calls: Array<() => Promise<unknown>> = [
          () => client.spaces.getSpaceById(spaceId),
          () => client.spaces.updateSpaceById(spaceId, { title: 'Hacked' }),
          () => client.spaces.deleteSpaceById(spaceId),
          () => client.spaces.restoreSpace(deletedId),
          () => client.spaces.duplicateSpace(spaceId),
          () => client.orgs.createSpace(orgId, { title: 'Sneaky' }),
          () => client.orgs.listSpacesInOrganizationById(orgId),
          () => client.orgs.listOrganizationsForAuthenticatedUser(),
          () => client.orgs.getOrganizationById(orgId),
          () => client.orgs.updateOrganizationById(orgId, { title: 'Hacked org' }),
          () => client.user.getAuthenticatedUser(),
          () => client.users.getUserById(userId),
        ];
        for (const call of calls) {
          const err = await clientError(call());
          expect(err.code).toBe(401);
          expect(err.errorMessage.length).toBeGreaterThan(0);
        }
      }
      expect((await t.client(admin).spaces.getSpaceById(spaceId)).data.title).toBe('Guarded');
    });

    it('the bearer scheme is case-insensitive and a valid token works on every route it guards', async () => {
      const res = await t.http.get('/v1/user').set('Authorization', `bearer ${admin}`);
      expect(res.status).toBe(200);
      expectMatchesOperation('getAuthenticatedUser', 200, res.body);
      expect(res.body.id).toBe(userId);
    });
  });

  describe('unknown routes', () => {
    it.each([
      ['GET', '/v1/no-such-thing'],
      ['GET', '/v1/spaces'],
      ['POST', '/v1/orgs'],
      ['PUT', '/v1/spaces/abc'],
      ['GET', '/no-prefix'],
      ['GET', '/v2/orgs'],
    ])('%s %s answers 404 with the Error body with a token; under /v1, 401 without one', async (method, url) => {
      for (const auth of [undefined, admin]) {
        let req = t.http[method.toLowerCase()](url);
        if (auth) req = req.set(bearer(auth));
        const res = await req;
        // Anonymous callers cannot tell a known route from an unknown one (401 before 404).
        const status = !auth && url.startsWith('/v1/') ? 401 : 404;
        expect(res.status).toBe(status);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expectMatchesSchema('Error', res.body);
        expect(res.body.error.code).toBe(status);
      }
    });
  });

  describe('paging', () => {
    let pagingOrg: string;
    let pagingAdmin: string;
    let ids: string[];

    beforeAll(async () => {
      ({ organizationId: pagingOrg, token: pagingAdmin } = await t.bootstrap('Paging Org', email('pager')));
      ids = [];
      for (let i = 0; i < 7; i++) {
        const res = await t.http
          .post(`/v1/orgs/${pagingOrg}/spaces`)
          .set(bearer(pagingAdmin))
          .send({ title: `Space ${i}` });
        expect(res.status).toBe(201);
        ids.push(res.body.id);
      }
    });

    const list = async (query: Record<string, unknown>, token = pagingAdmin, org = pagingOrg) => {
      const res = await t.http.get(`/v1/orgs/${org}/spaces`).query(query).set(bearer(token));
      if (res.status === 200) expectMatchesOperation('listSpacesInOrganizationById', 200, res.body);
      else expectErrorResponse('listSpacesInOrganizationById', res.status, res.body);
      return res;
    };

    it.each([
      ['1001', 'limit'],
      ['-1', 'limit'],
      ['abc', 'limit'],
      ['2.5', 'limit'],
      ['', 'limit'],
    ])('limit=%p answers 400 naming %s, on spaces and organizations lists', async (limit, field) => {
      const spaces = await list({ limit });
      expect(spaces.status).toBe(400);
      expect(spaces.body.error.message).toContain(field);
      const orgs = await t.http.get('/v1/orgs').query({ limit }).set(bearer(pagingAdmin));
      expect(orgs.status).toBe(400);
      expectErrorResponse('listOrganizationsForAuthenticatedUser', 400, orgs.body);
      expect(orgs.body.error.message).toContain(field);
    });

    it('a repeated limit parameter is 400', async () => {
      const res = await t.http.get(`/v1/orgs/${pagingOrg}/spaces?limit=2&limit=3`).set(bearer(pagingAdmin));
      expect(res.status).toBe(400);
      expectErrorResponse('listSpacesInOrganizationById', 400, res.body);
    });

    it.each([
      ['garbage', 'not a cursor at all !!'],
      ['valid base64 of non-JSON', Buffer.from('hello').toString('base64url')],
      ['a cursor of the wrong shape', Buffer.from(JSON.stringify({ a: 1 })).toString('base64url')],
      ['a cursor with the wrong arity', Buffer.from(JSON.stringify([1, 2, 3, 4])).toString('base64url')],
    ])('page=%s answers 400 naming page', async (_label, page) => {
      const res = await list({ page, limit: 2 });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('page');
      const orgs = await t.http.get('/v1/orgs').query({ page }).set(bearer(pagingAdmin));
      expect(orgs.status).toBe(400);
      expectErrorResponse('listOrganizationsForAuthenticatedUser', 400, orgs.body);
    });

    it('limit 0 answers the count alone, on spaces and organizations lists', async () => {
      const spaces = await list({ limit: 0 });
      expect(spaces.status).toBe(200);
      expect(spaces.body).toEqual({ items: [], count: 7 });
      const orgs = await t.http.get('/v1/orgs').query({ limit: 0 }).set(bearer(pagingAdmin));
      expect(orgs.status).toBe(200);
      expectMatchesOperation('listOrganizationsForAuthenticatedUser', 200, orgs.body);
      expect(orgs.body.items).toEqual([]);
      expect(orgs.body.next).toBeUndefined();
    });

    it('limit 1 and 1000 are accepted', async () => {
      const one = await list({ limit: 1 });
      expect(one.status).toBe(200);
      expect(one.body.items).toHaveLength(1);
      expect(one.body.next?.page).toEqual(expect.any(String));
      const all = await list({ limit: 1000 });
      expect(all.status).toBe(200);
      expect(all.body.items.map((s: { id: string }) => s.id)).toEqual(ids);
      expect(all.body.next).toBeUndefined();
      const orgs = await t.http.get('/v1/orgs').query({ limit: 1000 }).set(bearer(pagingAdmin));
      expect(orgs.status).toBe(200);
      expectMatchesOperation('listOrganizationsForAuthenticatedUser', 200, orgs.body);
    });

    it('walking all pages with limit 2 over 7 spaces gives every space exactly once, count 7 and no next on the last page', async () => {
      const seen: string[] = [];
      const sizes: number[] = [];
      let page: string | undefined;
      for (let n = 0; n < 20; n++) {
        const res = await list(page ? { limit: 2, page } : { limit: 2 });
        expect(res.status).toBe(200);
        expect(res.body.count).toBe(7);
        seen.push(...res.body.items.map((s: { id: string }) => s.id));
        sizes.push(res.body.items.length);
        page = res.body.next?.page;
        if (!page) break;
        expect('next' in res.body && typeof res.body.next.page === 'string').toBe(true);
      }
      expect(page).toBeUndefined();
      expect(sizes).toEqual([2, 2, 2, 1]);
      expect(seen).toEqual(ids);
      expect(new Set(seen).size).toBe(7);
    });

    it('an exact fit (limit 7) has no next page', async () => {
      const res = await list({ limit: 7 });
      expect(res.body.items).toHaveLength(7);
      expect(res.body.next).toBeUndefined();
    });

    it('walking through the official client gives the same result', async () => {
      const client = t.client(pagingAdmin);
      const seen: string[] = [];
      let page: string | undefined;
      let pages = 0;
      do {
        const res = await client.orgs.listSpacesInOrganizationById(pagingOrg, page ? { limit: 2, page } : { limit: 2 });
        expectMatchesOperation('listSpacesInOrganizationById', 200, res.data);
        expect(res.data.count).toBe(7);
        seen.push(...res.data.items.map((s) => s.id));
        page = res.data.next?.page;
        pages++;
      } while (page && pages < 20);
      expect(pages).toBe(4);
      expect(seen).toEqual(ids);

      const err = await clientError(client.orgs.listSpacesInOrganizationById(pagingOrg, { limit: 1001 }));
      expect(err.code).toBe(400);
      expect(err.errorMessage).toContain('limit');
    });

    it('a cursor from one listing stays valid after the page it points past is deleted', async () => {
      const first = await list({ limit: 3 });
      const cursor = first.body.next.page;
      const victim = first.body.items[2].id; // the item the cursor was taken at
      expect((await t.http.delete(`/v1/spaces/${victim}`).set(bearer(pagingAdmin))).status).toBe(205);
      const second = await list({ limit: 3, page: cursor });
      expect(second.status).toBe(200);
      expect(second.body.items.map((s: { id: string }) => s.id)).toEqual(ids.slice(3, 6));
      expect(second.body.count).toBe(6);
      // Put things back for any later test.
      expect((await t.http.post(`/v1/spaces/${victim}/restore`).set(bearer(pagingAdmin))).status).toBe(200);
    });

    it('no skip and no repeat while spaces are created and deleted concurrently with the walk', async () => {
      const { organizationId: org, token } = await t.bootstrap('Concurrent Org', email('concurrent'));
      const make = async (title: string) => {
        const res = await t.http.post(`/v1/orgs/${org}/spaces`).set(bearer(token)).send({ title });
        expect(res.status).toBe(201);
        return res.body.id as string;
      };
      const remove = async (id: string) => {
        const res = await t.http.delete(`/v1/spaces/${id}`).set(bearer(token));
        expect([204, 205]).toContain(res.status);
      };
      // Stable spaces exist for the whole walk; volatile ones sit between them and get deleted.
      const stable: string[] = [];
      const volatile: string[] = [];
      for (let i = 0; i < 15; i++) {
        stable.push(await make(`stable ${i}`));
        if (i % 2 === 0) volatile.push(await make(`volatile ${i}`));
      }
      const created: string[] = [];
      const seen: string[] = [];
      let page: string | undefined;
      let pages = 0;
      let step = 0;
      do {
        const fetch = t.http
          .get(`/v1/orgs/${org}/spaces`)
          .query(page ? { limit: 3, page } : { limit: 3 })
          .set(bearer(token));
        // Writes race the page fetch, and more writes happen between fetches.
        const toDelete = volatile.splice(0, 1);
        const [res] = await Promise.all([fetch, make(`new during walk ${step}a`).then((id) => created.push(id)), ...toDelete.map(remove)]);
        expect(res.status).toBe(200);
        expectMatchesOperation('listSpacesInOrganizationById', 200, res.body);
        expect(res.body.items.length).toBeLessThanOrEqual(3);
        seen.push(...res.body.items.map((s: { id: string }) => s.id));
        created.push(await make(`new during walk ${step}b`));
        if (step % 2 === 1 && created.length > 2) await remove(created[created.length - 3]);
        page = res.body.next?.page;
        pages++;
        step++;
      } while (page && pages < 100);
      expect(page).toBeUndefined();

      const counts = new Map<string, number>();
      for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
      const repeated = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
      expect(repeated).toEqual([]);
      const missing = stable.filter((id) => !counts.has(id));
      expect(missing).toEqual([]);
      // Stable spaces come out in creation order.
      expect(seen.filter((id) => stable.includes(id))).toEqual(stable);
    });
  });
});
