import { callOperation, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

/** Spaces inside collections: creating with a parent, ordering, moving, deleting a collection. */
describe('collections: spaces and collections in the tree (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let reader: string;
  let creator: string;
  let outsider: string;

  async function call(operationId: string, params: Record<string, string>, token = admin, opts: { body?: unknown; query?: Record<string, unknown> } = {}) {
    return callOperation(t, operationId, params, token, opts);
  }
  const collection = async (title: string, parent?: string, token = admin) => {
    const res = await call('createCollection', { organizationId: orgId }, token, { body: { title, ...(parent ? { parent } : {}) } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const space = async (title: string, extra: Record<string, unknown> = {}, token = admin) => {
    const res = await call('createSpace', { organizationId: orgId }, token, { body: { title, ...extra } });
    expect(res.status).toBe(201);
    return res.body;
  };
  const inCollection = async (collectionId: string, token = admin) => {
    const res = await call('listSpacesInCollectionById', { collectionId }, token, { query: { limit: 1000 } });
    return res.status === 200 ? res.body.items.map((s: { id: string }) => s.id) : res;
  };
  const orgSpaces = async () =>
    (await call('listSpacesInOrganizationById', { organizationId: orgId }, admin, { query: { limit: 1000 } })).body.items.map((s: { id: string }) => s.id);
  const moveSpace = (spaceId: string, body: unknown, token = admin) => call('moveSpace', { spaceId }, token, { body });
  const moveCollection = (collectionId: string, body: unknown, token = admin) => call('moveCollection', { collectionId }, token, { body });

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Tree Org', email('ada')));
    [{ token: reader }] = await t.cli('user', 'create', '--email', email('rita'), '--name', 'Rita', '--org', orgId, '--role', 'read');
    [{ token: creator }] = await t.cli('user', 'create', '--email', email('carl'), '--name', 'Carl', '--org', orgId, '--role', 'create');
    ({ token: outsider } = await t.bootstrap('Other Org', email('otto')));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('spaces in a collection', () => {
    let docs: string;
    let a: string;
    let b: string;
    let c: string;

    beforeAll(async () => {
      docs = await collection('Docs');
    });

    it('creates spaces with parent, in-collection visibility allowed; listSpacesInCollectionById lists them in creation order', async () => {
      const first = await space('A', { parent: docs, visibility: 'in-collection' });
      expect(first).toMatchObject({ parent: docs, visibility: 'in-collection' });
      a = first.id;
      b = (await space('B', { parent: docs })).id;
      const viaClient = await t.client(admin).orgs.createSpace(orgId, { title: 'C', parent: docs });
      expectMatchesOperation('createSpace', 201, viaClient.data);
      c = viaClient.data.id;
      expect(await inCollection(docs)).toEqual([a, b, c]);
      const listed = await t.client(admin).collections.listSpacesInCollectionById(docs);
      expectMatchesOperation('listSpacesInCollectionById', 200, listed.data);
      expect(listed.data.items.map((s) => s.id)).toEqual([a, b, c]);
      expect((await call('getSpaceById', { spaceId: a })).body.parent).toBe(docs);
    });

    it('rejects an unknown parent (400 naming parent) and in-collection without a parent (400)', async () => {
      const unknown = await call('createSpace', { organizationId: orgId }, admin, { body: { title: 'X', parent: 'nope' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toContain('parent');
      const noParent = await call('createSpace', { organizationId: orgId }, admin, { body: { title: 'X', visibility: 'in-collection' } });
      expect(noParent.status).toBe(400);
      expect(noParent.body.error.message).toContain('visibility');
    });

    it('needs the create role in the collection: a read member gets 403, an outsider 404', async () => {
      expect((await call('createSpace', { organizationId: orgId }, reader, { body: { title: 'X', parent: docs } })).status).toBe(403);
      expect((await call('createSpace', { organizationId: orgId }, outsider, { body: { title: 'X', parent: docs } })).status).toBe(404);
      expect(await inCollection(docs)).toEqual([a, b, c]);
    });

    it('moves a space before and after siblings; the order is kept in both listings', async () => {
      let res = await moveSpace(c, { position: { before: { type: 'space', space: a } } });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(c);
      expect(await inCollection(docs)).toEqual([c, a, b]);
      res = await moveSpace(c, { position: { after: { type: 'space', space: a } } });
      expect(res.status).toBe(200);
      expect(await inCollection(docs)).toEqual([a, c, b]);
      const org = await orgSpaces();
      expect(org.filter((id: string) => [a, b, c].includes(id))).toEqual([a, c, b]);
      const viaClient = await t.client(admin).spaces.moveSpace(b, { position: { before: { type: 'space', space: a } } });
      expect(viaClient.status).toBe(200);
      expectMatchesOperation('moveSpace', 200, viaClient.data);
      expect(await inCollection(docs)).toEqual([b, a, c]);
    });

    it('answers 409 when the move would change nothing, and changes nothing', async () => {
      for (const body of [{ position: { after: { type: 'space', space: b } } }, { parent: docs, position: { before: { type: 'space', space: c } } }]) {
        const res = await moveSpace(a, body);
        expect(res.status).toBe(409);
      }
      // No position means "at the end": c already is, a is not.
      expect((await moveSpace(c, { parent: docs })).status).toBe(409);
      expect(
        (
          await t
            .client(admin)
            .spaces.moveSpace(c, { parent: docs })
            .catch((e) => e)
        ).code,
      ).toBe(409);
      expect(await inCollection(docs)).toEqual([b, a, c]);
    });

    it.each([
      ['a position space not in the target collection', () => ({ position: { before: { type: 'space', space: 'nope' } } }), 'position.before.space'],
      ['a position relative to itself', () => ({ position: { after: { type: 'space', space: a } } }), 'position.after'],
      ['an unknown parent collection', () => ({ parent: 'nope' }), 'parent'],
      ['both before and after', () => ({ position: { before: { type: 'space', space: b }, after: { type: 'space', space: c } } }), 'position'],
      ['a bad pointer type', () => ({ position: { before: { type: 'page', page: 'x' } } }), 'position.before.type'],
      ['an empty body', () => ({}), 'body'],
      ['an unknown field', () => ({ parent: null, colour: 'red' }), 'colour'],
    ])('answers 400 for %s, naming the field', async (_l, body, field) => {
      const res = await moveSpace(a, body());
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
      expect(await inCollection(docs)).toEqual([b, a, c]);
    });

    it('answers 404 for an unknown space or one the caller cannot see, 403 without admin', async () => {
      expect((await moveSpace('nope', { parent: null })).status).toBe(404);
      expect((await moveSpace(a, { parent: null }, outsider)).status).toBe(404);
      expect((await moveSpace(a, { parent: null }, reader)).status).toBe(403);
      expect((await moveSpace(a, { parent: null }, creator)).status).toBe(403);
    });

    it('moves a space out to the top level: an in-collection space becomes private; and back in before a collection', async () => {
      const res = await moveSpace(a, { parent: null });
      expect(res.status).toBe(200);
      expect(res.body.parent).toBeUndefined();
      expect(res.body.visibility).toBe('private');
      expect(await inCollection(docs)).toEqual([b, c]);
      const other = await collection('Other');
      const back = await moveSpace(a, { parent: docs, position: { before: { type: 'space', space: c } } });
      expect(back.status).toBe(200);
      expect(back.body.parent).toBe(docs);
      expect(await inCollection(docs)).toEqual([b, a, c]);
      // A position pointing at a collection of the target parent.
      const top = await moveSpace(a, { parent: null, position: { before: { type: 'collection', collection: other } } });
      expect(top.status).toBe(200);
      const beside = await moveSpace(a, { parent: docs, position: { before: { type: 'collection', collection: other } } });
      expect(beside.status).toBe(400); // `other` is not in `docs`
      expect(beside.body.error.message).toContain('position.before.collection');
    });
  });

  it('a guest who administers a space cannot move it where they may not create: 403 to the top level, 400 into a collection they cannot use', async () => {
    const home = await collection('Guest home');
    const elsewhere = await collection('Elsewhere');
    const s = (await space('Shared', { parent: home })).id;
    const [guest] = await t.cli('user', 'create', '--email', email('gus'), '--name', 'Gus');
    expect((await call('inviteToSpace', { spaceId: s }, admin, { body: { role: 'admin', users: [guest.userId] } })).status).toBe(204);
    expect((await moveSpace(s, { parent: null }, guest.token)).status).toBe(403);
    const into = await moveSpace(s, { parent: elsewhere }, guest.token);
    expect(into.status).toBe(400);
    expect(into.body.error.message).toContain('parent');
    expect((await call('getSpaceById', { spaceId: s })).body.parent).toBe(home);
  });

  describe('moving collections', () => {
    let p: string;
    let q: string;
    let child: string;

    beforeAll(async () => {
      p = await collection('P');
      q = await collection('Q');
      child = await collection('P.1', p);
    });

    it('moves a collection into another and back to the top level; GET and listings reflect it', async () => {
      const res = await moveCollection(child, { parent: q });
      expect(res.status).toBe(200);
      expect(res.body.parent).toBe(q);
      expect((await call('getCollectionById', { collectionId: child })).body.parent).toBe(q);
      const viaClient = await t.client(admin).collections.moveCollection(child, { parent: null });
      expectMatchesOperation('moveCollection', 200, viaClient.data);
      expect(viaClient.data.parent).toBeUndefined();
      const top = (await call('listCollectionsInOrganizationById', { organizationId: orgId }, admin, { query: { nested: false, limit: 1000 } })).body.items.map(
        (c: { id: string }) => c.id,
      );
      expect(top.slice(-1)).toEqual([child]);
    });

    it('reorders collections before and after each other', async () => {
      const res = await moveCollection(child, { position: { before: { type: 'collection', collection: p } } });
      expect(res.status).toBe(200);
      const top = (await call('listCollectionsInOrganizationById', { organizationId: orgId }, admin, { query: { nested: false, limit: 1000 } })).body.items.map(
        (c: { id: string }) => c.id,
      );
      expect(top.indexOf(child)).toBe(top.indexOf(p) - 1);
    });

    it('refuses to move a collection into itself or below itself (400), 409 for no change, 404 unknown, 403 without admin', async () => {
      await moveCollection(child, { parent: p });
      const self = await moveCollection(p, { parent: p });
      expect(self.status).toBe(400);
      expect(self.body.error.message).toContain('parent');
      const below = await moveCollection(p, { parent: child });
      expect(below.status).toBe(400);
      expect((await moveCollection(child, { parent: p })).status).toBe(409);
      expect((await moveCollection('nope', { parent: null })).status).toBe(404);
      expect((await moveCollection(p, { parent: q }, outsider)).status).toBe(404);
      expect((await moveCollection(p, { parent: q }, creator)).status).toBe(403);
      expect((await call('getCollectionById', { collectionId: child })).body.parent).toBe(p);
    });
  });

  describe('deleting a collection', () => {
    it('deletes everything inside it (205, then 204); spaces can be restored and come back at the top level', async () => {
      const root = await collection('Doomed');
      const sub = await collection('Doomed.1', root);
      const s1 = (await space('In root', { parent: root, visibility: 'in-collection' })).id;
      const s2 = (await space('In sub', { parent: sub })).id;
      const keep = (await space('Elsewhere')).id;

      expect((await call('deleteCollectionById', { collectionId: root }, reader)).status).toBe(403);
      const res = await call('deleteCollectionById', { collectionId: root });
      expect(res.status).toBe(205);
      expect((await call('deleteCollectionById', { collectionId: root })).status).toBe(204);

      for (const id of [root, sub]) expect((await call('getCollectionById', { collectionId: id })).status).toBe(404);
      for (const id of [s1, s2]) expect((await call('getSpaceById', { spaceId: id })).status).toBe(404);
      expect((await call('getSpaceById', { spaceId: keep })).status).toBe(200);
      const listed = await orgSpaces();
      expect(listed).not.toContain(s1);
      expect(listed).toContain(keep);
      expect((await call('listSpacesInCollectionById', { collectionId: root })).status).toBe(404);

      const restored = await call('restoreSpace', { spaceId: s1 });
      expect(restored.status).toBe(200);
      expect(restored.body.parent).toBeUndefined();
      expect(restored.body.visibility).toBe('private');
      expect(await orgSpaces()).toContain(s1);
    });

    it('through the client; an outsider deleting answers 204 and deletes nothing', async () => {
      const c = await collection('Client doomed');
      const byOutsider = await call('deleteCollectionById', { collectionId: c }, outsider);
      expect(byOutsider.status).toBe(204);
      expect((await call('getCollectionById', { collectionId: c })).status).toBe(200);
      const res = await t.client(admin).collections.deleteCollectionById(c);
      expect(res.status).toBe(205);
      expect((await call('getCollectionById', { collectionId: c })).status).toBe(404);
    });
  });
});
