import { MemberRole } from '@gitbook/api';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

type U = { userId: string; token: string };

/** Space users and space teams: every endpoint, through supertest and the official client. */
describe('space permissions (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: U;
  let reader: U;
  let writer: U; // in the team
  let guest: U; // not a member of the organization
  let other: { organizationId: string; token: string };
  let team: string;
  let spaceId: string;

  async function call(
    operationId: string,
    params: Record<string, string>,
    token = admin.token,
    opts: { body?: unknown; query?: Record<string, unknown> } = {},
  ) {
    return callOperation(t, operationId, params, token, opts);
  }
  const invite = (body: unknown, token = admin.token) => call('inviteToSpace', { spaceId }, token, { body });
  const users = async () =>
    (await call('listUserPermissionsInSpace', { spaceId })).body.items.map((i: { permission: string; user: { id: string } }) => [i.user.id, i.permission]);
  const aggregate = async (query: Record<string, unknown> = {}) => call('listPermissionsAggregateInSpace', { spaceId }, admin.token, { query });
  const roleOf = async (u: U) => {
    const res = await call('getSpaceById', { spaceId }, u.token);
    return res.status === 404 ? null : res.body.permissions;
  };

  beforeAll(async () => {
    t = await startTestApp();
    const boot = await t.bootstrap('Perm Org', email('ada'));
    orgId = boot.organizationId;
    admin = { userId: boot.userId, token: boot.token };
    [reader] = await t.cli('user', 'create', '--email', email('rita'), '--name', 'Rita Reader', '--org', orgId, '--role', 'read');
    [writer] = await t.cli('user', 'create', '--email', email('will'), '--name', 'Will Writer', '--org', orgId, '--role', 'read');
    [guest] = await t.cli('user', 'create', '--email', email('gus'), '--name', 'Gus Guest');
    other = await t.bootstrap('Other Org', email('otto'));
    const res = await t.http
      .put(`/v1/orgs/${orgId}/teams`)
      .set(bearer(admin.token))
      .send({ title: 'Writers', members: [writer.userId] });
    expect(res.status).toBe(201);
    team = res.body.id;
    spaceId = (await call('createSpace', { organizationId: orgId }, admin.token, { body: { title: 'Handbook' } })).body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts with nobody invited; a guest cannot see the private space', async () => {
    expect(await users()).toEqual([]);
    expect(await roleOf(guest)).toBeNull();
  });

  it('POST permissions invites users with a role (204): the guest can now read and comment; the list shows them', async () => {
    const res = await invite({ role: 'comment', users: [guest.userId] });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await users()).toEqual([[guest.userId, 'comment']]);
    // The comment role holds the comment flag; the role shows in the list.
    expect(await roleOf(guest)).toMatchObject({ view: true, comment: true, edit: false, admin: false });
    const listed = (await call('listUserPermissionsInSpace', { spaceId })).body.items[0];
    expect(listed.user).toMatchObject({ object: 'user', id: guest.userId, displayName: 'Gus Guest' });
    const events = (await t.cli('events', '--stream', `spaces.space-${spaceId}`)).map((e) => e.type);
    expect(events).toEqual(['SpaceCreated', 'SpacePermissionGranted']);
  });

  it('POST permissions invites teams: their members get the role', async () => {
    expect(await roleOf(writer)).toMatchObject({ edit: false });
    expect((await invite({ role: 'edit', teams: [team] })).status).toBe(204);
    expect(await roleOf(writer)).toMatchObject({ edit: true, review: false });
    const teams = await call('listTeamPermissionsInSpace', { spaceId });
    expect(teams.status).toBe(200);
    expect(teams.body.items).toEqual([
      { permission: 'edit', team: expect.objectContaining({ object: 'team', id: team, title: 'Writers', members: 1, spaces: 1 }) },
    ]);
    expect(teams.body.count).toBe(1);
  });

  it('404 for an unknown user, an unknown team or a team of another organization; nothing is granted', async () => {
    const otherTeam = await t.http.put(`/v1/orgs/${other.organizationId}/teams`).set(bearer(other.token)).send({ title: 'Theirs' });
    for (const body of [
      { role: 'read', users: ['nobody'] },
      { role: 'read', teams: ['no-team'] },
      { role: 'read', teams: [otherTeam.body.id] },
      { role: 'read', users: [reader.userId, 'nobody'] },
    ]) {
      const res = await invite(body);
      expect(res.status).toBe(404);
    }
    expect(await users()).toEqual([[guest.userId, 'comment']]);
  });

  it.each([
    [{ users: ['x'] }, 'role'],
    [{ role: 'owner', users: ['x'] }, 'role'],
    [{ role: 'read' }, 'users'],
    [{ role: 'read', users: [] }, 'users'],
    [{ role: 'read', users: 'x' }, 'users'],
    [{ role: 'read', teams: [3] }, 'teams'],
    [{ role: 'read', users: ['x'], colour: 1 }, 'colour'],
  ])('rejects %j with 400 naming %s', async (body, field) => {
    const res = await invite(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('PATCH permissions/users/{userId} changes the role; null makes the user a guest again (grant removed)', async () => {
    expect((await call('updateUserPermissionInSpace', { spaceId, userId: guest.userId }, admin.token, { body: { role: 'review' } })).status).toBe(204);
    expect(await users()).toEqual([[guest.userId, 'review']]);
    expect(await roleOf(guest)).toMatchObject({ review: true, merge: true, admin: false });
    expect((await call('updateUserPermissionInSpace', { spaceId, userId: guest.userId }, admin.token, { body: { role: null } })).status).toBe(204);
    expect(await users()).toEqual([]);
    expect(await roleOf(guest)).toBeNull();
    expect((await call('updateUserPermissionInSpace', { spaceId, userId: 'nobody' }, admin.token, { body: { role: 'read' } })).status).toBe(404);
    const bad = await call('updateUserPermissionInSpace', { spaceId, userId: guest.userId }, admin.token, { body: { role: 'boss' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('role');
  });

  it('DELETE permissions/users/{userId}: 205 removed, then 204', async () => {
    await invite({ role: 'read', users: [guest.userId, reader.userId] });
    const first = await call('removeUserFromSpace', { spaceId, userId: guest.userId });
    expect(first.status).toBe(205);
    expect((await call('removeUserFromSpace', { spaceId, userId: guest.userId })).status).toBe(204);
    expect((await call('removeUserFromSpace', { spaceId, userId: 'nobody' })).status).toBe(204);
    expect(await users()).toEqual([[reader.userId, 'read']]);
    expect(await roleOf(guest)).toBeNull();
  });

  it('team PATCH and DELETE: 204 updated, 404 unknown team, 205 removed then 204', async () => {
    expect((await call('updateTeamPermissionInSpace', { spaceId, teamId: team }, admin.token, { body: { role: 'review' } })).status).toBe(204);
    expect(await roleOf(writer)).toMatchObject({ review: true });
    expect((await call('updateTeamPermissionInSpace', { spaceId, teamId: 'no-team' }, admin.token, { body: { role: 'read' } })).status).toBe(404);
    expect((await call('removeTeamFromSpace', { spaceId, teamId: team })).status).toBe(205);
    expect((await call('removeTeamFromSpace', { spaceId, teamId: team })).status).toBe(204);
    expect(await roleOf(writer)).toMatchObject({ view: true, edit: false });
    expect((await call('listTeamPermissionsInSpace', { spaceId })).body).toEqual({ items: [], count: 0 });
  });

  it('aggregate: every user who can access the space with their effective role; the role filter; paging', async () => {
    await invite({ role: 'comment', users: [guest.userId] });
    await invite({ role: 'edit', teams: [team] });
    const all = await aggregate();
    expect(all.status).toBe(200);
    const byUser = Object.fromEntries(all.body.items.map((i: { permission: string; user: { id: string } }) => [i.user.id, i.permission]));
    expect(byUser).toEqual({ [admin.userId]: 'admin', [reader.userId]: 'read', [writer.userId]: 'edit', [guest.userId]: 'comment' });
    expect(all.body.count).toBe(4);
    const editors = await aggregate({ role: 'edit' });
    expect(editors.body.items.map((i: { user: { id: string } }) => i.user.id)).toEqual([writer.userId]);
    expect(editors.body.count).toBe(1);
    const first = await aggregate({ limit: 3 });
    expect(first.body.items).toHaveLength(3);
    const second = await aggregate({ limit: 3, page: first.body.next.page });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next).toBeUndefined();
    expect([...first.body.items, ...second.body.items]).toEqual(all.body.items);
    const bad = await aggregate({ role: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('role');
  });

  it('only admins of the space see or change who has access: 403 for a read member, 404 for outsiders', async () => {
    for (const [op, body] of [
      ['listUserPermissionsInSpace'],
      ['listTeamPermissionsInSpace'],
      ['listPermissionsAggregateInSpace'],
      ['inviteToSpace', { role: 'admin', users: [reader.userId] }],
    ] as const) {
      expect((await call(op, { spaceId }, reader.token, { body })).status).toBe(403);
      expect((await call(op, { spaceId }, other.token, { body })).status).toBe(404);
    }
    expect((await call('updateUserPermissionInSpace', { spaceId, userId: reader.userId }, reader.token, { body: { role: 'admin' } })).status).toBe(403);
    expect((await call('removeUserFromSpace', { spaceId, userId: guest.userId }, other.token)).status).toBe(404);
    expect((await call('listUserPermissionsInSpace', { spaceId: 'nope' })).status).toBe(404);
    expect(await roleOf(reader)).toMatchObject({ admin: false });
  });

  it('deleting a team revokes its grants (TeamDeleted → revoke-deleted-team-grants saga)', async () => {
    const doomed = (
      await t.http
        .put(`/v1/orgs/${orgId}/teams`)
        .set(bearer(admin.token))
        .send({ title: 'Doomed', members: [reader.userId] })
    ).body.id;
    expect((await invite({ role: 'admin', teams: [doomed] })).status).toBe(204);
    expect((await call('listTeamPermissionsInSpace', { spaceId })).body.items.map((i: { team: { id: string } }) => i.team.id)).toContain(doomed);
    expect((await t.http.delete(`/v1/orgs/${orgId}/teams/${doomed}`).set(bearer(admin.token))).status).toBe(205);
    await t.engine.drain();
    expect((await call('listTeamPermissionsInSpace', { spaceId })).body.items.map((i: { team: { id: string } }) => i.team.id)).not.toContain(doomed);
    const events = (await t.cli('events', '--stream', `spaces.space-${spaceId}`)).map((e) => e.type);
    expect(events[events.length - 1]).toBe('SpaceTeamPermissionRevoked');
  });

  it('every endpoint through the official client', async () => {
    const client = t.client(admin.token);
    const s = (await client.orgs.createSpace(orgId, { title: 'Client space' })).data.id;
    expect((await client.spaces.inviteToSpace(s, { role: MemberRole.Read, users: [guest.userId] })).status).toBe(204);
    const listed = await client.spaces.listUserPermissionsInSpace(s);
    expectMatchesOperation('listUserPermissionsInSpace', 200, listed.data);
    expect(listed.data.items.map((i) => [i.user.id, i.permission])).toEqual([[guest.userId, 'read']]);
    expect((await client.spaces.updateUserPermissionInSpace(s, guest.userId, { role: MemberRole.Edit })).status).toBe(204);
    expect((await client.spaces.updateTeamPermissionInSpace(s, team, { role: MemberRole.Comment })).status).toBe(204);
    const teams = await client.spaces.listTeamPermissionsInSpace(s);
    expectMatchesOperation('listTeamPermissionsInSpace', 200, teams.data);
    expect(teams.data.items.map((i) => [i.team.id, i.permission])).toEqual([[team, 'comment']]);
    const agg = await client.spaces.listPermissionsAggregateInSpace(s, { role: MemberRole.Edit });
    expectMatchesOperation('listPermissionsAggregateInSpace', 200, agg.data);
    expect(agg.data.items.map((i) => i.user.id)).toEqual([guest.userId]);
    expect((await client.spaces.removeTeamFromSpace(s, team)).status).toBe(205);
    expect((await client.spaces.removeUserFromSpace(s, guest.userId)).status).toBe(205);
    expect((await client.spaces.removeUserFromSpace(s, guest.userId)).status).toBe(204);
    expect((await clientError(client.spaces.inviteToSpace(s, { role: MemberRole.Read, users: ['nobody'] }))).code).toBe(404);
  });
});
