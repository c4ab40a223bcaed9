import { InviteUsersAndTeams, MemberRole } from '@gitbook/api';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

type U = { userId: string; token: string };

/** Collection users and teams, and how collection grants flow down to what is inside. */
describe('collection permissions (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: U;
  let reader: U;
  let writer: U; // in the team
  let guest: U;
  let other: { organizationId: string; token: string };
  let team: string;
  let root: string;
  let sub: string;
  let spaceInSub: string;

  async function call(
    operationId: string,
    params: Record<string, string>,
    token = admin.token,
    opts: { body?: unknown; query?: Record<string, unknown> } = {},
  ) {
    return callOperation(t, operationId, params, token, opts);
  }
  const spaceFlags = async (u: U, spaceId = spaceInSub) => {
    const res = await call('getSpaceById', { spaceId }, u.token);
    return res.status === 404 ? null : res.body.permissions;
  };
  const collectionFlags = async (u: U, collectionId = sub) => {
    const res = await call('getCollectionById', { collectionId }, u.token);
    return res.status === 404 ? null : res.body.permissions;
  };
  const pairs = (res: { body: { items: Array<{ permission: string; user: { id: string } }> } }) => res.body.items.map((i) => [i.user.id, i.permission]);

  beforeAll(async () => {
    t = await startTestApp();
    const boot = await t.bootstrap('Perm Org', email('ada'));
    orgId = boot.organizationId;
    admin = { userId: boot.userId, token: boot.token };
    [reader] = await t.cli('user', 'create', '--email', email('rita'), '--name', 'Rita', '--org', orgId, '--role', 'read');
    [writer] = await t.cli('user', 'create', '--email', email('will'), '--name', 'Will', '--org', orgId, '--role', 'read');
    [guest] = await t.cli('user', 'create', '--email', email('gus'), '--name', 'Gus Guest');
    other = await t.bootstrap('Other Org', email('otto'));
    team = (
      await t.http
        .put(`/v1/orgs/${orgId}/teams`)
        .set(bearer(admin.token))
        .send({ title: 'Writers', members: [writer.userId] })
    ).body.id;
    root = (await call('createCollection', { organizationId: orgId }, admin.token, { body: { title: 'Root' } })).body.id;
    sub = (await call('createCollection', { organizationId: orgId }, admin.token, { body: { title: 'Sub', parent: root } })).body.id;
    spaceInSub = (await call('createSpace', { organizationId: orgId }, admin.token, { body: { title: 'Deep', parent: sub } })).body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a user invited on a collection reaches it, its sub-collections and the spaces inside', async () => {
    expect(await collectionFlags(guest, root)).toBeNull();
    expect(await spaceFlags(guest)).toBeNull();
    expect((await call('inviteToCollection', { collectionId: root }, admin.token, { body: { role: 'create', users: [guest.userId] } })).status).toBe(204);
    expect(await collectionFlags(guest, root)).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
    expect(await collectionFlags(guest, sub)).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
    expect(await spaceFlags(guest)).toMatchObject({ view: true, edit: true, review: true, admin: false });
    const listed = await call('listSpacesInCollectionById', { collectionId: sub }, guest.token);
    expect(listed.body.items.map((s: { id: string }) => s.id)).toEqual([spaceInSub]);
    // The create role on the collection lets the guest create inside it, not at the organization's top level.
    expect((await call('createSpace', { organizationId: orgId }, guest.token, { body: { title: 'By guest', parent: sub } })).status).toBe(201);
    expect((await call('createSpace', { organizationId: orgId }, guest.token, { body: { title: 'By guest' } })).status).toBe(404);
    expect(pairs(await call('listUserPermissionsInCollection', { collectionId: root }))).toEqual([[guest.userId, 'create']]);
    expect(pairs(await call('listUserPermissionsInCollection', { collectionId: sub }))).toEqual([]); // inherited, not direct
  });

  it('a team invited on a collection gives its members the role below it', async () => {
    expect(await spaceFlags(writer)).toMatchObject({ edit: false });
    expect((await call('updateTeamPermissionInCollection', { collectionId: root, teamId: team }, admin.token, { body: { role: 'edit' } })).status).toBe(204);
    expect(await spaceFlags(writer)).toMatchObject({ edit: true, review: false });
    const teams = await call('listTeamPermissionsInCollection', { collectionId: root });
    expect(teams.body.items).toEqual([{ permission: 'edit', team: expect.objectContaining({ object: 'team', id: team, members: 1 }) }]);
  });

  it('the collection defaultLevel raises members on everything inside', async () => {
    expect(await spaceFlags(reader)).toMatchObject({ view: true, comment: false });
    await call('updateCollectionById', { collectionId: sub }, admin.token, { body: { defaultLevel: 'comment' } });
    // The raised role holds the comment flag; the aggregate below shows it.
    expect(await spaceFlags(reader)).toMatchObject({ view: true, comment: true, edit: false });
    expect(await collectionFlags(reader, root)).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
  });

  it('aggregate on a collection and on a space inside lists members, inherited grantees and team members', async () => {
    const onSub = await call('listPermissionsAggregateInCollection', { collectionId: sub });
    expect(Object.fromEntries(pairs(onSub))).toEqual({
      [admin.userId]: 'admin',
      [reader.userId]: 'comment',
      [writer.userId]: 'edit',
      [guest.userId]: 'create',
    });
    const onSpace = await call('listPermissionsAggregateInSpace', { spaceId: spaceInSub });
    expect(Object.fromEntries(pairs(onSpace))).toEqual(Object.fromEntries(pairs(onSub)));
    const creators = await call('listPermissionsAggregateInCollection', { collectionId: sub }, admin.token, { query: { role: 'create' } });
    expect(pairs(creators)).toEqual([[guest.userId, 'create']]);
  });

  it('PATCH, DELETE (205 then 204) and null for users; DELETE for teams; access goes away', async () => {
    expect((await call('updateUserPermissionInCollection', { collectionId: root, userId: guest.userId }, admin.token, { body: { role: 'read' } })).status).toBe(
      204,
    );
    expect(await spaceFlags(guest)).toMatchObject({ view: true, edit: false });
    expect((await call('removeUserFromCollection', { collectionId: root, userId: guest.userId })).status).toBe(205);
    expect((await call('removeUserFromCollection', { collectionId: root, userId: guest.userId })).status).toBe(204);
    expect(await spaceFlags(guest)).toBeNull();
    expect(await collectionFlags(guest)).toBeNull();
    expect((await call('removeTeamFromCollection', { collectionId: root, teamId: team })).status).toBe(205);
    expect((await call('removeTeamFromCollection', { collectionId: root, teamId: team })).status).toBe(204);
    expect(await spaceFlags(writer)).toMatchObject({ edit: false });
    expect((await call('updateUserPermissionInCollection', { collectionId: root, userId: 'nobody' }, admin.token, { body: { role: 'read' } })).status).toBe(
      404,
    );
    expect((await call('updateTeamPermissionInCollection', { collectionId: root, teamId: 'nobody' }, admin.token, { body: { role: 'read' } })).status).toBe(
      404,
    );
    const bad = await call('inviteToCollection', { collectionId: root }, admin.token, { body: { role: 'read', users: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('users');
  });

  it('only collection admins see or change who has access: 403 for a read member, 404 for outsiders', async () => {
    for (const op of ['listUserPermissionsInCollection', 'listTeamPermissionsInCollection', 'listPermissionsAggregateInCollection']) {
      expect((await call(op, { collectionId: root }, reader.token)).status).toBe(403);
      expect((await call(op, { collectionId: root }, other.token)).status).toBe(404);
    }
    expect((await call('inviteToCollection', { collectionId: root }, reader.token, { body: { role: 'admin', users: [reader.userId] } })).status).toBe(403);
    expect((await call('inviteToCollection', { collectionId: root }, other.token, { body: { role: 'admin', users: [reader.userId] } })).status).toBe(404);
    expect((await call('removeUserFromCollection', { collectionId: root, userId: reader.userId }, other.token)).status).toBe(404);
  });

  it('every endpoint through the official client', async () => {
    const client = t.client(admin.token);
    const c = (await client.orgs.createCollection(orgId, { title: 'Client collection' })).data.id;
    // The schema's anyOf allows users and teams together; the generated type only one of them.
    const both = { role: MemberRole.Comment, users: [guest.userId], teams: [team] } as unknown as InviteUsersAndTeams;
    expect((await client.collections.inviteToCollection(c, both)).status).toBe(204);
    const u = await client.collections.listUserPermissionsInCollection(c);
    expectMatchesOperation('listUserPermissionsInCollection', 200, u.data);
    expect(u.data.items.map((i) => [i.user.id, i.permission])).toEqual([[guest.userId, 'comment']]);
    const tm = await client.collections.listTeamPermissionsInCollection(c);
    expectMatchesOperation('listTeamPermissionsInCollection', 200, tm.data);
    expect(tm.data.items.map((i) => [i.team.id, i.permission])).toEqual([[team, 'comment']]);
    expect((await client.collections.updateUserPermissionInCollection(c, guest.userId, { role: MemberRole.Admin })).status).toBe(204);
    expect((await client.collections.updateTeamPermissionInCollection(c, team, { role: MemberRole.Review })).status).toBe(204);
    const agg = await client.collections.listPermissionsAggregateInCollection(c, { role: MemberRole.Review });
    expectMatchesOperation('listPermissionsAggregateInCollection', 200, agg.data);
    expect(agg.data.items.map((i) => i.user.id)).toEqual([writer.userId]);
    expect((await client.collections.removeTeamFromCollection(c, team)).status).toBe(205);
    expect((await client.collections.removeUserFromCollection(c, guest.userId)).status).toBe(205);
    expect((await clientError(client.collections.inviteToCollection(c, { role: MemberRole.Read, teams: ['no-team'] }))).code).toBe(404);
    const events = (await t.cli('events', '--stream', `spaces.collection-${c}`)).map((e) => e.type);
    expect(events).toEqual([
      'CollectionCreated',
      'CollectionPermissionGranted',
      'CollectionTeamPermissionGranted',
      'CollectionPermissionGranted',
      'CollectionTeamPermissionGranted',
      'CollectionTeamPermissionRevoked',
      'CollectionPermissionRevoked',
    ]);
  });
});
