import { CommandBus } from '@nestjs/cqrs';
import { AddOrganizationMemberCommand } from '@app/organizations';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

/** Transferring spaces and collections to another organization: every outcome of the contract. */
describe('transfers of spaces and collections (e2e)', () => {
  let t: TestApp;
  let orgA: string;
  let orgB: string;
  let admin: string; // admin of A and of B
  let adminId: string;
  let readerA: string; // read member of A only
  let readerInB: string; // admin of A, read member of B
  let guest: { userId: string; token: string };

  async function call(operationId: string, params: Record<string, string>, token = admin, opts: { body?: unknown; query?: Record<string, unknown> } = {}) {
    return callOperation(t, operationId, params, token, opts);
  }
  const collection = async (title: string, parent?: string) =>
    (await call('createCollection', { organizationId: orgA }, admin, { body: { title, ...(parent ? { parent } : {}) } })).body.id as string;
  const space = async (title: string, extra: Record<string, unknown> = {}) =>
    (await call('createSpace', { organizationId: orgA }, admin, { body: { title, ...extra } })).body.id as string;
  const orgSpaces = async (org: string) =>
    (await call('listSpacesInOrganizationById', { organizationId: org }, admin, { query: { limit: 1000 } })).body.items.map((s: { id: string }) => s.id);
  const events = async (stream: string) => (await t.cli('events', '--stream', stream)).map((e) => e.type);

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgA, token: admin, userId: adminId } = await t.bootstrap('Org A', email('ada')));
    [{ token: readerA }] = await t.cli('user', 'create', '--email', email('rita'), '--name', 'Rita', '--org', orgA, '--role', 'read');
    const other = await t.bootstrap('Org B', email('bob'));
    orgB = other.organizationId;
    // The admin of A joins B as admin; a second admin of A is only a reader in B.
    const [ada2] = await t.cli('user', 'create', '--email', email('ada2'), '--name', 'Ada Two', '--org', orgA, '--role', 'admin');
    readerInB = ada2.token;
    // Existing users join another organization (the operator command the CLI uses for new users).
    await t.app.get(CommandBus).execute(new AddOrganizationMemberCommand(orgB, adminId, 'admin'));
    await t.app.get(CommandBus).execute(new AddOrganizationMemberCommand(orgB, ada2.userId, 'read'));
    await t.engine.waitForHead();
    [guest] = await t.cli('user', 'create', '--email', email('gus'), '--name', 'Gus Guest');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('transferSpace', () => {
    it('moves the space to the end of the target top level: SpaceTransferred, in-collection becomes private, user grants follow', async () => {
      const c = await collection('Docs');
      const s = await space('Travelling', { parent: c, visibility: 'in-collection' });
      expect((await call('inviteToSpace', { spaceId: s }, admin, { body: { role: 'read', users: [guest.userId] } })).status).toBe(204);
      const res = await call('transferSpace', { spaceId: s }, admin, { body: { organization: orgB } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: s, organization: orgB, visibility: 'private' });
      expect(res.body.parent).toBeUndefined();
      expect(await orgSpaces(orgB)).toContain(s);
      expect(await orgSpaces(orgA)).not.toContain(s);
      expect((await call('listSpacesInCollectionById', { collectionId: c })).body.items).toEqual([]);
      expect((await call('getSpaceById', { spaceId: s }, readerA)).status).toBe(404); // no longer a space of their organization
      expect((await call('getSpaceById', { spaceId: s }, guest.token)).status).toBe(200); // the direct grant followed it
      expect(await events(`spaces.space-${s}`)).toEqual(['SpaceCreated', 'SpacePermissionGranted', 'SpaceTransferred', 'SpaceUpdated']);
    });

    it('through the official client', async () => {
      const s = await space('Client travels');
      const res = await t.client(admin).spaces.transferSpace(s, { organization: orgB });
      expect(res.status).toBe(200);
      expectMatchesOperation('transferSpace', 200, res.data);
      expect(res.data.organization).toBe(orgB);
      const again = await clientError(t.client(admin).spaces.transferSpace(s, { organization: orgB }));
      expect(again.code).toBe(409);
    });

    it('409 when the space already belongs to the target organization', async () => {
      const s = await space('Stays');
      const res = await call('transferSpace', { spaceId: s }, admin, { body: { organization: orgA } });
      expect(res.status).toBe(409);
      expect(await events(`spaces.space-${s}`)).toEqual(['SpaceCreated']);
    });

    it('412 while the space has team permissions (teams belong to the source organization); nothing moves', async () => {
      const s = await space('Teamed');
      const team = await t.http.put(`/v1/orgs/${orgA}/teams`).set(bearer(admin)).send({ title: 'Writers' });
      expect(team.status).toBe(201);
      expect((await call('inviteToSpace', { spaceId: s }, admin, { body: { role: 'edit', teams: [team.body.id] } })).status).toBe(204);
      const res = await call('transferSpace', { spaceId: s }, admin, { body: { organization: orgB } });
      expect(res.status).toBe(412);
      expect(res.body.error.message).toContain('team');
      expect(await orgSpaces(orgA)).toContain(s);
      expect((await call('removeTeamFromSpace', { spaceId: s, teamId: team.body.id })).status).toBe(205);
      expect((await call('transferSpace', { spaceId: s }, admin, { body: { organization: orgB } })).status).toBe(200);
    });

    it('412 while the space has open or draft change requests; it moves once they are merged', async () => {
      const s = await space('Under review');
      const cr = await t.http.post(`/v1/spaces/${s}/change-requests`).set(bearer(admin)).send({ subject: 'Pending' });
      expect(cr.status).toBe(201);
      const res = await call('transferSpace', { spaceId: s }, admin, { body: { organization: orgB } });
      expect(res.status).toBe(412);
      expect(res.body.error.message).toContain('change request');
      expect(await orgSpaces(orgA)).toContain(s);
      expect((await t.http.post(`/v1/spaces/${s}/change-requests/${cr.body.id}/merge`).set(bearer(admin))).status).toBe(200);
      expect((await call('transferSpace', { spaceId: s }, admin, { body: { organization: orgB } })).status).toBe(200);
    });

    it('404 for an unknown space, a space the caller cannot see, or a target organization they are not in', async () => {
      const s = await space('Guarded');
      expect((await call('transferSpace', { spaceId: 'nope' }, admin, { body: { organization: orgB } })).status).toBe(404);
      const outsider = await t.bootstrap('Org C', email('carl'));
      expect((await call('transferSpace', { spaceId: s }, outsider.token, { body: { organization: outsider.organizationId } })).status).toBe(404);
      expect((await call('transferSpace', { spaceId: s }, admin, { body: { organization: outsider.organizationId } })).status).toBe(404);
      expect((await call('transferSpace', { spaceId: s }, admin, { body: { organization: 'no-such-org' } })).status).toBe(404);
      expect(await orgSpaces(orgA)).toContain(s);
    });

    it('403 without admin on the space, or without the create role in the target organization', async () => {
      const s = await space('Guarded too');
      expect((await call('transferSpace', { spaceId: s }, readerA, { body: { organization: orgB } })).status).toBe(403);
      expect((await call('transferSpace', { spaceId: s }, readerInB, { body: { organization: orgB } })).status).toBe(403);
      expect(await orgSpaces(orgA)).toContain(s);
    });

    it.each([
      [{}, 'organization'],
      [{ organization: 7 }, 'organization'],
      [{ organization: orgB, parent: 'x' }, 'parent'],
    ])('rejects the body %j with 400 naming %s', async (body, field) => {
      const s = await space('Bad input');
      const res = await call('transferSpace', { spaceId: s }, admin, { body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
    });
  });

  describe('transferCollection', () => {
    it('moves the collection and everything inside it; the tree is kept', async () => {
      const root = await collection('Handbook');
      const sub = await collection('Handbook.1', root);
      const s1 = await space('In root', { parent: root });
      const s2 = await space('In sub', { parent: sub, visibility: 'in-collection' });
      const res = await call('transferCollection', { collectionId: root }, admin, { body: { organization: orgB } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: root, organization: orgB });
      expect(res.body.parent).toBeUndefined();
      expect((await call('getCollectionById', { collectionId: sub })).body).toMatchObject({ organization: orgB, parent: root });
      expect((await call('getSpaceById', { spaceId: s2 })).body).toMatchObject({ organization: orgB, parent: sub, visibility: 'in-collection' });
      expect((await call('listSpacesInCollectionById', { collectionId: root })).body.items.map((s: { id: string }) => s.id)).toEqual([s1]);
      const inB = (await call('listCollectionsInOrganizationById', { organizationId: orgB }, admin, { query: { limit: 1000 } })).body.items.map(
        (c: { id: string }) => c.id,
      );
      expect(inB).toEqual(expect.arrayContaining([root, sub]));
      const inA = (await call('listCollectionsInOrganizationById', { organizationId: orgA }, admin, { query: { limit: 1000 } })).body.items.map(
        (c: { id: string }) => c.id,
      );
      expect(inA).not.toContain(root);
      expect(await orgSpaces(orgA)).not.toContain(s1);
      expect((await call('getCollectionById', { collectionId: root }, readerA)).status).toBe(404);
      expect(await events(`spaces.collection-${root}`)).toEqual(['CollectionCreated', 'CollectionTransferred']);
      expect(await events(`spaces.space-${s1}`)).toEqual(['SpaceCreated', 'SpaceTransferred']);
    });

    it('through the client; 409 when it already belongs to the target', async () => {
      const c = await collection('Client handbook');
      const res = await t.client(admin).collections.transferCollection(c, { organization: orgB });
      expect(res.status).toBe(200);
      expectMatchesOperation('transferCollection', 200, res.data);
      const again = await call('transferCollection', { collectionId: c }, admin, { body: { organization: orgB } });
      expect(again.status).toBe(409);
    });

    it('412 while something inside has team permissions; nothing moves', async () => {
      const root = await collection('Teamed handbook');
      const s = await space('Teamed inside', { parent: root });
      const team = await t.http.put(`/v1/orgs/${orgA}/teams`).set(bearer(admin)).send({ title: 'Reviewers' });
      expect((await call('updateTeamPermissionInSpace', { spaceId: s, teamId: team.body.id }, admin, { body: { role: 'review' } })).status).toBe(204);
      const res = await call('transferCollection', { collectionId: root }, admin, { body: { organization: orgB } });
      expect(res.status).toBe(412);
      expect(res.body.error.message).toContain(s);
      expect((await call('getCollectionById', { collectionId: root })).body.organization).toBe(orgA);
      expect((await call('getSpaceById', { spaceId: s })).body.organization).toBe(orgA);
    });

    it('404 unknown or invisible, 403 without admin or without create in the target, 400 bad body', async () => {
      const c = await collection('Guarded handbook');
      expect((await call('transferCollection', { collectionId: 'nope' }, admin, { body: { organization: orgB } })).status).toBe(404);
      const outsider = await t.bootstrap('Org D', email('dora'));
      expect((await call('transferCollection', { collectionId: c }, outsider.token, { body: { organization: outsider.organizationId } })).status).toBe(404);
      expect((await call('transferCollection', { collectionId: c }, readerA, { body: { organization: orgB } })).status).toBe(403);
      expect((await call('transferCollection', { collectionId: c }, readerInB, { body: { organization: orgB } })).status).toBe(403);
      const bad = await call('transferCollection', { collectionId: c }, admin, { body: {} });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain('organization');
      expect((await call('getCollectionById', { collectionId: c })).body.organization).toBe(orgA);
    });
  });
});
