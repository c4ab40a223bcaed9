import { SpaceEditMode, TranslationLanguage } from '@gitbook/api';
import { bearer, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectErrorResponse, expectMatchesOperation } from '../support/reference-schema';

/** Runs a client call that must fail and returns the GitBookAPIError it threw. */
/** An admin's Space.permissions: every flag but those of features not served (integrations). */
const ADMIN_FLAGS = {
  view: true,
  access: true,
  admin: true,
  viewInviteLinks: true,
  edit: true,
  triggerGitSync: true,
  comment: true,
  merge: true,
  review: true,
  installIntegration: false,
};

describe('spaces (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let adminId: string;
  let admin: string; // token
  let reader: string; // token of a member with role read
  let outsider: string; // token of the admin of another organization
  let outsiderOrgId: string;

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, userId: adminId, token: admin } = await t.bootstrap('Acme Docs', email('admin')));
    [{ token: reader }] = await t.cli('user', 'create', '--email', email('reader'), '--name', 'Rita Reader', '--org', orgId, '--role', 'read');
    ({ token: outsider, organizationId: outsiderOrgId } = await t.bootstrap('Other Org', email('outsider')));
  });
  afterAll(async () => {
    await t?.close();
  });

  const createSpace = async (body: Record<string, unknown>, token = admin, org = orgId) => {
    const res = await t.http.post(`/v1/orgs/${org}/spaces`).set(bearer(token)).send(body);
    if (res.status === 201) expectMatchesOperation('createSpace', 201, res.body);
    return res;
  };
  const getSpace = async (id: string, token = admin) => {
    const res = await t.http.get(`/v1/spaces/${id}`).set(bearer(token));
    if (res.status === 200) expectMatchesOperation('getSpaceById', 200, res.body);
    else expectErrorResponse('getSpaceById', res.status, res.body);
    return res;
  };
  const listAll = async (token = admin, org = orgId) => {
    const res = await t.http.get(`/v1/orgs/${org}/spaces`).query({ limit: 1000 }).set(bearer(token));
    if (res.status === 200) expectMatchesOperation('listSpacesInOrganizationById', 200, res.body);
    else expectErrorResponse('listSpacesInOrganizationById', res.status, res.body);
    return res;
  };

  describe('create', () => {
    it('creates a space: 201, Location, initial revision, zeroed counters, inherit merge rules, admin permissions', async () => {
      const res = await createSpace({ title: 'Guides', emoji: '📘' });
      expect(res.status).toBe(201);
      const s = res.body;
      expect(res.headers.location).toBe(`${t.baseUrl}/v1/spaces/${s.id}`);
      expect(s).toMatchObject({
        object: 'space',
        title: 'Guides',
        emoji: '📘',
        organization: orgId,
        visibility: 'private',
        editMode: 'live',
        comments: 0,
        changeRequests: 0,
        changeRequestsOpen: 0,
        changeRequestsDraft: 0,
        mergeRules: { type: 'inherit' },
        defaultLevel: null,
        permissions: ADMIN_FLAGS,
      });
      expect(typeof s.revision).toBe('string');
      expect(s.revision.length).toBeGreaterThan(0);
      expect(s.urls.location).toBe(res.headers.location);
      expect(s.createdAt).toBe(t.clock.now().toISOString());
      expect(s.updatedAt).toBe(s.createdAt);
      expect(s.deletedAt).toBeUndefined();
      expect(s.urls.published).toBeUndefined(); // private

      const got = await getSpace(s.id);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(s);

      const list = await listAll();
      expect(list.status).toBe(200);
      expect(list.body.items.map((x: { id: string }) => x.id)).toContain(s.id);
    });

    it('creates through the official client and reads it back through it', async () => {
      const client = t.client(admin);
      const created = await client.orgs.createSpace(orgId, { title: 'From the client', editMode: SpaceEditMode.Locked, language: TranslationLanguage.Fr });
      expect(created.status).toBe(201);
      expectMatchesOperation('createSpace', 201, created.data);
      expect(created.headers.get('location')).toBe(`${t.baseUrl}/v1/spaces/${created.data.id}`);
      expect(created.data).toMatchObject({ title: 'From the client', editMode: 'locked', language: 'fr', mergeRules: { type: 'inherit' } });

      const got = await client.spaces.getSpaceById(created.data.id);
      expect(got.status).toBe(200);
      expectMatchesOperation('getSpaceById', 200, got.data);
      expect(got.data).toEqual(created.data);

      const list = await client.orgs.listSpacesInOrganizationById(orgId, { limit: 1000 });
      expect(list.status).toBe(200);
      expectMatchesOperation('listSpacesInOrganizationById', 200, list.data);
      expect(list.data.items.find((x) => x.id === created.data.id)).toEqual(created.data);
    });

    it('accepts an empty body (all defaults) and a 50-character title', async () => {
      const empty = await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).set('Content-Type', 'application/json');
      expect(empty.status).toBe(201);
      expectMatchesOperation('createSpace', 201, empty.body);
      expect(empty.body).toMatchObject({ title: '', emoji: '', visibility: 'private' });

      const fifty = await createSpace({ title: 'x'.repeat(50) });
      expect(fifty.status).toBe(201);
      expect(fifty.body.title).toBe('x'.repeat(50));
    });

    it.each([
      ['title over 50 characters', { title: 'a'.repeat(51) }, 'title'],
      ['title not a string', { title: 42 }, 'title'],
      ['emoji over 50 characters', { title: 'ok', emoji: '😀'.repeat(51) }, 'emoji'],
      ['emoji that is not an emoji', { title: 'ok', emoji: 'hello' }, 'emoji'],
      ['unknown editMode', { title: 'ok', editMode: 'frozen' }, 'editMode'],
      ['unknown visibility', { title: 'ok', visibility: 'secret' }, 'visibility'],
      ['in-collection visibility outside a collection', { title: 'ok', visibility: 'in-collection' }, 'visibility'],
      ['unknown language', { title: 'ok', language: 'klingon' }, 'language'],
      ['unknown defaultLevel', { title: 'ok', defaultLevel: 'owner' }, 'defaultLevel'],
      ['unknown body field', { title: 'ok', colour: 'red' }, 'colour'],
      ['bad mergeRules', { title: 'ok', mergeRules: { type: 'sometimes' } }, 'mergeRules'],
    ])('rejects %s with 400 naming the field', async (_label, body, field) => {
      const before = (await listAll()).body.count;
      const res = await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).send(body);
      expect(res.status).toBe(400);
      expectErrorResponse('createSpace', 400, res.body);
      expect(res.body.error.message).toContain(field);
      expect((await listAll()).body.count).toBe(before);
    });

    it('rejects malformed JSON with 400', async () => {
      const res = await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).set('Content-Type', 'application/json').send('{"title": "oops",');
      expect(res.status).toBe(400);
      expectErrorResponse('createSpace', 400, res.body);
    });

    it('rejects a body that is not an object with 400', async () => {
      const res = await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).set('Content-Type', 'application/json').send('["title"]');
      expect(res.status).toBe(400);
      expectErrorResponse('createSpace', 400, res.body);
    });

    it('a read member cannot create a space (403) and a non-member gets 404 for the organization', async () => {
      const byReader = await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(reader)).send({ title: 'Nope' });
      expect(byReader.status).toBe(403);
      expectErrorResponse('createSpace', 403, byReader.body);
      const byOutsider = await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(outsider)).send({ title: 'Nope' });
      expect(byOutsider.status).toBe(404);
      expectErrorResponse('createSpace', 404, byOutsider.body);
      const list = await listAll(outsider);
      expect(list.status).toBe(404);
    });
  });

  describe('permissions are computed for the caller', () => {
    let spaceId: string;
    beforeAll(async () => {
      spaceId = (await createSpace({ title: 'Private handbook' })).body.id;
    });

    it('admin gets every permission', async () => {
      const res = await getSpace(spaceId, admin);
      expect(res.status).toBe(200);
      expect(res.body.permissions).toEqual(ADMIN_FLAGS);
    });

    it('a member with role read may view and access but not admin or edit', async () => {
      const res = await getSpace(spaceId, reader);
      expect(res.status).toBe(200);
      expect(res.body.permissions).toMatchObject({
        view: true,
        access: true,
        admin: false,
        edit: false,
        viewInviteLinks: false,
        installIntegration: false,
        merge: false,
        review: false,
        triggerGitSync: false,
      });
      const viaClient = await t.client(reader).spaces.getSpaceById(spaceId);
      expectMatchesOperation('getSpaceById', 200, viaClient.data);
      expect(viaClient.data.permissions).toEqual(res.body.permissions);
      const list = await listAll(reader);
      expect(list.status).toBe(200);
      expect(list.body.items.find((s: { id: string }) => s.id === spaceId).permissions).toEqual(res.body.permissions);
    });

    it('a read member cannot update, delete or restore (403) and nothing changes', async () => {
      const patch = await t.http.patch(`/v1/spaces/${spaceId}`).set(bearer(reader)).send({ title: 'Hijacked' });
      expect(patch.status).toBe(403);
      expectErrorResponse('updateSpaceById', 403, patch.body);
      const del = await t.http.delete(`/v1/spaces/${spaceId}`).set(bearer(reader));
      expect(del.status).toBe(403);
      expectErrorResponse('deleteSpaceById', 403, del.body);
      const dup = await t.http.post(`/v1/spaces/${spaceId}/duplicate`).set(bearer(reader));
      expect(dup.status).toBe(403);
      expectErrorResponse('duplicateSpace', 403, dup.body);
      const got = await getSpace(spaceId);
      expect(got.body.title).toBe('Private handbook');
    });

    it('a non-member gets 404 on a private space, on every route', async () => {
      const res = await getSpace(spaceId, outsider);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(404);
      const err = await clientError(t.client(outsider).spaces.getSpaceById(spaceId));
      expect(err.code).toBe(404);

      const patch = await t.http.patch(`/v1/spaces/${spaceId}`).set(bearer(outsider)).send({ title: 'Hijacked' });
      expect(patch.status).toBe(404);
      expectErrorResponse('updateSpaceById', 404, patch.body);
      const dup = await t.http.post(`/v1/spaces/${spaceId}/duplicate`).set(bearer(outsider));
      expect(dup.status).toBe(404);
      expectErrorResponse('duplicateSpace', 404, dup.body);
      // Deleting a space the caller cannot see answers "did not exist" and deletes nothing.
      const del = await t.http.delete(`/v1/spaces/${spaceId}`).set(bearer(outsider));
      expect(del.status).toBe(204);
      expectMatchesOperation('deleteSpaceById', 204, del.body);
      expect((await getSpace(spaceId)).status).toBe(200);
    });

    it('public and unlisted spaces are readable by a non-member, who may not administer them', async () => {
      const pub = await createSpace({ title: 'Public docs', visibility: 'public' });
      expect(pub.status).toBe(201);
      expect(pub.body.urls.published).toEqual(expect.any(String));
      expect(pub.body.urls.public).toBe(pub.body.urls.published);
      const unl = await createSpace({ title: 'Unlisted docs', visibility: 'unlisted' });
      expect(unl.body.urls.published).toEqual(expect.any(String));
      expect(unl.body.urls.public).toBeUndefined();
      const shared = await createSpace({ title: 'Shared docs', visibility: 'share-link' });

      for (const s of [pub.body, unl.body]) {
        const res = await getSpace(s.id, outsider);
        expect(res.status).toBe(200);
        expect(res.body.permissions).toMatchObject({ view: true, access: true, admin: false, edit: false });
        const patch = await t.http.patch(`/v1/spaces/${s.id}`).set(bearer(outsider)).send({ title: 'Defaced' });
        expect(patch.status).toBe(403);
        expectErrorResponse('updateSpaceById', 403, patch.body);
      }
      expect((await getSpace(shared.body.id, outsider)).status).toBe(404);
    });

    it('an unknown space id is 404', async () => {
      const res = await getSpace('does-not-exist');
      expect(res.status).toBe(404);
      const patch = await t.http.patch('/v1/spaces/does-not-exist').set(bearer(admin)).send({ title: 'x' });
      expect(patch.status).toBe(404);
      expectErrorResponse('updateSpaceById', 404, patch.body);
      const restore = await t.http.post('/v1/spaces/does-not-exist/restore').set(bearer(admin));
      expect(restore.status).toBe(404);
      expectErrorResponse('restoreSpace', 404, restore.body);
      const dup = await t.http.post('/v1/spaces/does-not-exist/duplicate').set(bearer(admin));
      expect(dup.status).toBe(404);
      expectErrorResponse('duplicateSpace', 404, dup.body);
    });
  });

  describe('update', () => {
    let spaceId: string;
    beforeAll(async () => {
      spaceId = (await createSpace({ title: 'Before' })).body.id;
    });

    it('PATCH returns the updated Space and GET reflects it', async () => {
      const created = (await getSpace(spaceId)).body;
      t.clock.advance(60_000);
      const body = {
        title: 'After',
        emoji: '1f680',
        editMode: 'locked',
        defaultLevel: 'edit',
        language: 'de',
        mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }, { rule: 'require_specific_reviewers', users: [adminId] }] },
      };
      const res = await t.http.patch(`/v1/spaces/${spaceId}`).set(bearer(admin)).send(body);
      expect(res.status).toBe(200);
      expectMatchesOperation('updateSpaceById', 200, res.body);
      expect(res.body).toMatchObject({ ...body, id: spaceId, createdAt: created.createdAt, revision: created.revision });
      expect(res.body.updatedAt).toBe(t.clock.now().toISOString());
      expect(res.body.updatedAt).not.toBe(created.updatedAt);

      const got = await getSpace(spaceId);
      expect(got.body).toEqual(res.body);
      const listed = (await listAll()).body.items.find((s: { id: string }) => s.id === spaceId);
      expect(listed).toEqual(res.body);
    });

    it('PATCH through the client, including defaultLevel inherit/null and removing the emoji', async () => {
      const client = t.client(admin);
      const a = await client.spaces.updateSpaceById(spaceId, { title: 'Client title', defaultLevel: 'inherit', mergeRules: { type: 'none' } });
      expect(a.status).toBe(200);
      expectMatchesOperation('updateSpaceById', 200, a.data);
      expect(a.data).toMatchObject({ title: 'Client title', defaultLevel: 'inherit', mergeRules: { type: 'none' } });

      const b = await client.spaces.updateSpaceById(spaceId, { defaultLevel: null, emoji: null, mergeRules: { type: 'inherit' } });
      expectMatchesOperation('updateSpaceById', 200, b.data);
      expect(b.data).toMatchObject({ title: 'Client title', defaultLevel: null, emoji: '', mergeRules: { type: 'inherit' } });

      const got = await client.spaces.getSpaceById(spaceId);
      expectMatchesOperation('getSpaceById', 200, got.data);
      expect(got.data).toEqual(b.data);
    });

    it('an empty PATCH changes nothing', async () => {
      const before = (await getSpace(spaceId)).body;
      const res = await t.http.patch(`/v1/spaces/${spaceId}`).set(bearer(admin)).send({});
      expect(res.status).toBe(200);
      expectMatchesOperation('updateSpaceById', 200, res.body);
      expect(res.body.title).toBe(before.title);
    });

    it.each([
      ['title over 50 characters', { title: 'b'.repeat(51) }, 'title'],
      ['emoji over 50 characters', { emoji: '😀'.repeat(51) }, 'emoji'],
      ['unknown editMode', { editMode: 'frozen' }, 'editMode'],
      ['unknown visibility', { visibility: 'everyone' }, 'visibility'],
      ['in-collection visibility outside a collection', { visibility: 'in-collection' }, 'visibility'],
      ['unknown defaultLevel', { defaultLevel: 'superuser' }, 'defaultLevel'],
      ['unknown body field', { title: 'fine', owner: 'me' }, 'owner'],
      ['unknown merge rule', { mergeRules: { type: 'rules', rules: [{ rule: 'be_nice' }] } }, 'mergeRules'],
    ])('rejects %s with 400 naming the field, leaving the space unchanged', async (_label, body, field) => {
      const before = (await getSpace(spaceId)).body;
      const res = await t.http.patch(`/v1/spaces/${spaceId}`).set(bearer(admin)).send(body);
      expect(res.status).toBe(400);
      expectErrorResponse('updateSpaceById', 400, res.body);
      expect(res.body.error.message).toContain(field);
      expect((await getSpace(spaceId)).body).toEqual(before);
    });

    it('rejects malformed JSON with 400', async () => {
      const res = await t.http.patch(`/v1/spaces/${spaceId}`).set(bearer(admin)).set('Content-Type', 'application/json').send('{title: nope}');
      expect(res.status).toBe(400);
      expectErrorResponse('updateSpaceById', 400, res.body);
    });

    it('the client surfaces a 400 as GitBookAPIError naming the field', async () => {
      const err = await clientError(t.client(admin).spaces.updateSpaceById(spaceId, { title: 'c'.repeat(51) }));
      expect(err.code).toBe(400);
      expect(err.errorMessage).toContain('title');
    });
  });

  describe('delete and restore', () => {
    it('DELETE answers 205 then 204; the space is gone from GET and lists; restore brings it back', async () => {
      const s = (await createSpace({ title: 'Doomed' })).body;

      const first = await t.http.delete(`/v1/spaces/${s.id}`).set(bearer(admin));
      expect(first.status).toBe(205);
      expectMatchesOperation('deleteSpaceById', 205, first.body);
      expect(first.text).toBe('');
      const second = await t.http.delete(`/v1/spaces/${s.id}`).set(bearer(admin));
      expect(second.status).toBe(204);
      expectMatchesOperation('deleteSpaceById', 204, second.body);

      expect((await getSpace(s.id)).status).toBe(404);
      expect((await listAll()).body.items.map((x: { id: string }) => x.id)).not.toContain(s.id);
      expect((await listAll(reader)).body.items.map((x: { id: string }) => x.id)).not.toContain(s.id);
      const patch = await t.http.patch(`/v1/spaces/${s.id}`).set(bearer(admin)).send({ title: 'Zombie' });
      expect(patch.status).toBe(404);
      expectErrorResponse('updateSpaceById', 404, patch.body);
      const dup = await t.http.post(`/v1/spaces/${s.id}/duplicate`).set(bearer(admin));
      expect(dup.status).toBe(404);
      expectErrorResponse('duplicateSpace', 404, dup.body);

      t.clock.advance(3_600_000);
      const restored = await t.http.post(`/v1/spaces/${s.id}/restore`).set(bearer(admin));
      expect(restored.status).toBe(200);
      expectMatchesOperation('restoreSpace', 200, restored.body);
      expect(restored.body).toMatchObject({ id: s.id, title: 'Doomed', revision: s.revision, createdAt: s.createdAt, permissions: ADMIN_FLAGS });
      expect(restored.body.deletedAt).toBeUndefined();

      const got = await getSpace(s.id);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(restored.body);
      expect((await listAll()).body.items.map((x: { id: string }) => x.id)).toContain(s.id);
    });

    it('delete and restore through the client', async () => {
      const client = t.client(admin);
      const { data: s } = await client.orgs.createSpace(orgId, { title: 'Client doomed' });
      const del = await client.spaces.deleteSpaceById(s.id);
      expect(del.status).toBe(205);
      const again = await client.spaces.deleteSpaceById(s.id);
      expect(again.status).toBe(204);
      expect((await clientError(client.spaces.getSpaceById(s.id))).code).toBe(404);
      let list = await client.orgs.listSpacesInOrganizationById(orgId, { limit: 1000 });
      expectMatchesOperation('listSpacesInOrganizationById', 200, list.data);
      expect(list.data.items.map((x) => x.id)).not.toContain(s.id);

      const restored = await client.spaces.restoreSpace(s.id);
      expect(restored.status).toBe(200);
      expectMatchesOperation('restoreSpace', 200, restored.data);
      expect(restored.data.id).toBe(s.id);
      list = await client.orgs.listSpacesInOrganizationById(orgId, { limit: 1000 });
      expect(list.data.items.map((x) => x.id)).toContain(s.id);
    });

    it('deleting a space that never existed answers 204', async () => {
      const res = await t.http.delete('/v1/spaces/never-was').set(bearer(admin));
      expect(res.status).toBe(204);
      expectMatchesOperation('deleteSpaceById', 204, res.body);
    });

    it('restoring a live space returns it unchanged', async () => {
      const s = (await createSpace({ title: 'Alive' })).body;
      const res = await t.http.post(`/v1/spaces/${s.id}/restore`).set(bearer(admin));
      expect(res.status).toBe(200);
      expectMatchesOperation('restoreSpace', 200, res.body);
      expect(res.body).toEqual(s);
    });
  });

  describe('duplicate', () => {
    it('POST duplicate answers 201 with a new Space and Location; both are listed', async () => {
      const src = (await createSpace({ title: 'Original', emoji: '📗', editMode: 'locked', language: 'es' })).body;
      t.clock.advance(1000);
      const res = await t.http.post(`/v1/spaces/${src.id}/duplicate`).set(bearer(admin));
      expect(res.status).toBe(201);
      expectMatchesOperation('duplicateSpace', 201, res.body);
      const copy = res.body;
      expect(copy.id).not.toBe(src.id);
      expect(res.headers.location).toBe(`${t.baseUrl}/v1/spaces/${copy.id}`);
      expect(copy).toMatchObject({
        organization: orgId,
        emoji: '📗',
        editMode: 'locked',
        language: 'es',
        visibility: src.visibility,
        comments: 0,
        changeRequests: 0,
        permissions: ADMIN_FLAGS,
      });
      expect(copy.title).toContain('Original');
      expect(copy.revision).not.toBe(src.revision);
      expect(copy.createdAt).toBe(t.clock.now().toISOString());

      const got = await getSpace(copy.id);
      expect(got.body).toEqual(copy);
      const ids = (await listAll()).body.items.map((x: { id: string }) => x.id);
      expect(ids).toEqual(expect.arrayContaining([src.id, copy.id]));
      expect((await getSpace(src.id)).body).toEqual(src);
    });

    it('duplicate through the client', async () => {
      const client = t.client(admin);
      const { data: src } = await client.orgs.createSpace(orgId, { title: 'x'.repeat(50) });
      const res = await client.spaces.duplicateSpace(src.id);
      expect(res.status).toBe(201);
      expectMatchesOperation('duplicateSpace', 201, res.data);
      expect(res.data.id).not.toBe(src.id);
      expect(res.data.title.length).toBeLessThanOrEqual(50);
      const got = await client.spaces.getSpaceById(res.data.id);
      expect(got.data).toEqual(res.data);
    });
  });

  describe('another organization', () => {
    it("spaces of another organization are not visible, and its admin's spaces are not visible to us", async () => {
      const theirs = (await createSpace({ title: 'Theirs' }, outsider, outsiderOrgId)).body;
      expect((await getSpace(theirs.id, admin)).status).toBe(404);
      expect((await listAll(admin, outsiderOrgId)).status).toBe(404);
      const ours = (await listAll(admin)).body.items.map((x: { id: string }) => x.id);
      expect(ours).not.toContain(theirs.id);
    });
  });
});
