import { callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

const ADMIN_FLAGS = { view: true, admin: true, viewInviteLinks: true, create: true };

describe('collections (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let reader: string;
  let outsider: string;

  /** Calls a reference operation through supertest and validates the body for its status. */
  async function call(operationId: string, params: Record<string, string>, token = admin, opts: { body?: unknown; query?: Record<string, unknown> } = {}) {
    return callOperation(t, operationId, params, token, opts);
  }
  const create = (body: unknown, token = admin) => call('createCollection', { organizationId: orgId }, token, { body });
  const get = (collectionId: string, token = admin) => call('getCollectionById', { collectionId }, token);
  const list = (query: Record<string, unknown> = {}, token = admin) =>
    call('listCollectionsInOrganizationById', { organizationId: orgId }, token, { query: { limit: 1000, ...query } });
  const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((i) => i.id);

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme Docs', email('ada')));
    [{ token: reader }] = await t.cli('user', 'create', '--email', email('rita'), '--name', 'Rita', '--org', orgId, '--role', 'read');
    ({ token: outsider } = await t.bootstrap('Other Org', email('otto')));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('create, get, update', () => {
    let guides: string;

    it('POST creates a collection: 201, Location, the reference shape, admin permissions; GET and the list reflect it', async () => {
      const res = await create({ title: 'Guides' });
      expect(res.status).toBe(201);
      guides = res.body.id;
      expect(res.headers.location).toBe(`${t.baseUrl}/v1/collections/${guides}`);
      expect(res.body).toEqual({
        object: 'collection',
        id: guides,
        title: 'Guides',
        description: '',
        organization: orgId,
        defaultLevel: null,
        urls: { location: res.headers.location, app: `${t.baseUrl}/app/collections/${guides}` },
        permissions: ADMIN_FLAGS,
      });
      expect((await get(guides)).body).toEqual(res.body);
      expect((await list()).body.items).toContainEqual(res.body);
    });

    it('creates a nested collection with parent, and through the official client', async () => {
      const client = t.client(admin);
      const created = await client.orgs.createCollection(orgId, { title: 'Nested', parent: guides });
      expect(created.status).toBe(201);
      expectMatchesOperation('createCollection', 201, created.data);
      expect(created.data).toMatchObject({ title: 'Nested', parent: guides, organization: orgId });
      const got = await client.collections.getCollectionById(created.data.id);
      expectMatchesOperation('getCollectionById', 200, got.data);
      expect(got.data).toEqual(created.data);
    });

    it('members see collections with their own permissions; outsiders get 404', async () => {
      const asReader = await get(guides, reader);
      expect(asReader.status).toBe(200);
      expect(asReader.body.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
      expect((await get(guides, outsider)).status).toBe(404);
      expect((await clientError(t.client(outsider).collections.getCollectionById(guides))).code).toBe(404);
      expect((await get('no-such-collection')).status).toBe(404);
    });

    it('PATCH updates title, description and defaultLevel; GET reflects it', async () => {
      const res = await call('updateCollectionById', { collectionId: guides }, admin, {
        body: { title: 'User guides', description: 'How to use it', defaultLevel: 'comment' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: guides, title: 'User guides', description: 'How to use it', defaultLevel: 'comment' });
      expect((await get(guides)).body).toEqual(res.body);
      // The collection's defaultLevel raises members inside it.
      expect((await get(guides, reader)).body.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
      const viaClient = await t.client(admin).collections.updateCollectionById(guides, { defaultLevel: 'inherit' });
      expectMatchesOperation('updateCollectionById', 200, viaClient.data);
      expect(viaClient.data.defaultLevel).toBe('inherit');
    });

    it('a read member cannot update (403), an outsider gets 404, and nothing changes', async () => {
      const before = (await get(guides)).body;
      const byReader = await call('updateCollectionById', { collectionId: guides }, reader, { body: { title: 'Mine' } });
      expect(byReader.status).toBe(403);
      const byOutsider = await call('updateCollectionById', { collectionId: guides }, outsider, { body: { title: 'Mine' } });
      expect(byOutsider.status).toBe(404);
      expect((await get(guides)).body).toEqual(before);
    });

    it.each([
      ['title over 50 characters', { title: 'x'.repeat(51) }, 'title'],
      ['title not a string', { title: 3 }, 'title'],
      ['unknown field', { title: 'ok', colour: 'red' }, 'colour'],
      ['parent not a string', { title: 'ok', parent: 5 }, 'parent'],
      ['unknown parent', { title: 'ok', parent: 'nope' }, 'parent'],
    ])('create rejects %s with 400 naming the field; nothing is created', async (_l, body, field) => {
      const before = (await list()).body.count;
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
      expect((await list()).body.count).toBe(before);
    });

    it.each([
      ['description over 100 characters', { description: 'd'.repeat(101) }, 'description'],
      ['unknown defaultLevel', { defaultLevel: 'owner' }, 'defaultLevel'],
      ['unknown field', { parent: 'x' }, 'parent'],
    ])('PATCH rejects %s with 400 naming the field', async (_l, body, field) => {
      const before = (await get(guides)).body;
      const res = await call('updateCollectionById', { collectionId: guides }, admin, { body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
      expect((await get(guides)).body).toEqual(before);
    });

    it('a read member cannot create a collection (403); an outsider gets 404', async () => {
      expect((await create({ title: 'No' }, reader)).status).toBe(403);
      expect((await create({ title: 'No' }, outsider)).status).toBe(404);
      expect((await create({ title: 'No', parent: guides }, outsider)).status).toBe(404);
    });
  });

  describe('listing', () => {
    let top: string[];
    let inner: string;

    beforeAll(async () => {
      const { organizationId, token } = await t.bootstrap('Listing Org', email('lister'));
      orgId = organizationId;
      admin = token;
      top = [];
      for (const title of ['A', 'B', 'C']) top.push((await create({ title })).body.id);
      inner = (await create({ title: 'A.1', parent: top[0] })).body.id;
    });

    it('lists every collection (nested by default), top level first in the order users gave', async () => {
      const all = await list();
      expect(all.status).toBe(200);
      expect(ids(all)).toEqual([...top, inner]);
      expect(all.body.count).toBe(4);
      expect(ids(await list({ nested: true }))).toEqual([...top, inner]);
    });

    it('nested=false lists top-level collections only', async () => {
      const res = await list({ nested: false });
      expect(ids(res)).toEqual(top);
      expect(res.body.count).toBe(3);
      const viaClient = await t.client(admin).orgs.listCollectionsInOrganizationById(orgId, { nested: false });
      expectMatchesOperation('listCollectionsInOrganizationById', 200, viaClient.data);
      expect(viaClient.data.items.map((c) => c.id)).toEqual(top);
    });

    it('pages with next.page and a limit, without skipping or repeating', async () => {
      const first = await list({ limit: 2 });
      expect(ids(first)).toEqual(top.slice(0, 2));
      expect(first.body.next.page).toEqual(expect.any(String));
      const second = await list({ limit: 2, page: first.body.next.page });
      expect(ids(second)).toEqual([top[2], inner]);
      expect(second.body.next).toBeUndefined();
    });

    it.each([
      [{ nested: 'maybe' }, 'nested'],
      [{ limit: -1 }, 'limit'],
      [{ limit: 1001 }, 'limit'],
      [{ page: 'garbage' }, 'page'],
    ])('rejects the query %j with 400 naming %s', async (query, field) => {
      const res = await call('listCollectionsInOrganizationById', { organizationId: orgId }, admin, { query });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
    });

    it('ignores unknown query parameters; limit 0 answers the count alone', async () => {
      const res = await call('listCollectionsInOrganizationById', { organizationId: orgId }, admin, { query: { colour: 'red', _: '1' } });
      expect([res.status, res.body.count]).toEqual([200, 4]);
      const none = await call('listCollectionsInOrganizationById', { organizationId: orgId }, admin, { query: { limit: 0 } });
      expect(none.body).toEqual({ items: [], count: 4 });
    });

    it('outsiders get 404 for the listing', async () => {
      expect((await list({}, outsider)).status).toBe(404);
    });
  });
});
