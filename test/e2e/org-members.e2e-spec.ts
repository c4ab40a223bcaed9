import { MemberRole } from '@gitbook/api';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

describe('organization members (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let adminId: string;
  let admin: string;
  const users: Record<string, { userId: string; token: string; email: string }> = {};
  let outsider: string;

  /** Calls a reference operation over HTTP and validates the answer against the reference. */
  async function call(operationId: string, params: Record<string, string>, token: string, opts: { body?: unknown; query?: Record<string, unknown> } = {}) {
    return callOperation(t, operationId, params, token, opts);
  }
  const list = (query: Record<string, unknown> = {}, token = admin) => call('listMembersInOrganizationById', { organizationId: orgId }, token, { query });
  const get = (userId: string, token = admin) => call('getMemberInOrganizationById', { organizationId: orgId, userId }, token);
  const patch = (userId: string, body: unknown, token = admin) => call('updateMemberInOrganizationById', { organizationId: orgId, userId }, token, { body });
  const remove = (userId: string, token = admin) => call('removeMemberFromOrganizationById', { organizationId: orgId, userId }, token);

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, userId: adminId, token: admin } = await t.bootstrap('Acme Docs', email('ada')));
    for (const [name, display, role] of [
      ['edith', 'Edith Editor', 'edit'],
      ['rita', 'Rita Reader', 'read'],
      ['carl', 'Carl Creator', 'create'],
      ['rex', 'Rex Reviewer', 'review'],
    ] as const) {
      t.clock.advance(1000);
      const mail = email(name);
      const [u] = await t.cli('user', 'create', '--email', mail, '--name', display, '--org', orgId, '--role', role);
      users[name] = { ...u, email: mail };
    }
    ({ token: outsider } = await t.bootstrap('Other Org', email('otto')));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('list and get', () => {
    it('lists members newest first by default, with the reference shape (supertest and client)', async () => {
      const res = await list();
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(5);
      expect(res.body.next).toBeUndefined();
      expect(res.body.items.map((m: { id: string }) => m.id)).toEqual([users.rex.userId, users.carl.userId, users.rita.userId, users.edith.userId, adminId]);
      expect(res.body.items[3]).toEqual({
        object: 'member',
        id: users.edith.userId,
        role: 'edit',
        disabled: false,
        sso: false,
        spaces: 0,
        teams: 0,
        joinedAt: expect.any(String),
        user: {
          object: 'user',
          id: users.edith.userId,
          displayName: 'Edith Editor',
          email: users.edith.email,
          urls: { location: `${t.baseUrl}/v1/users/${users.edith.userId}` },
        },
      });

      const viaClient = await t.client(admin).orgs.listMembersInOrganizationById(orgId);
      expect(viaClient.status).toBe(200);
      expectMatchesOperation('listMembersInOrganizationById', 200, viaClient.data);
      expect(viaClient.data).toEqual(res.body);

      const asc = await list({ order: 'asc' });
      expect(asc.body.items.map((m: { id: string }) => m.id)).toEqual([...res.body.items.map((m: { id: string }) => m.id)].reverse());
    });

    it('filters by role (also guest) and by a case-insensitive search on name and email', async () => {
      expect((await list({ role: 'edit' })).body.items.map((m: { id: string }) => m.id)).toEqual([users.edith.userId]);
      expect((await list({ role: 'guest' })).body).toEqual({ items: [], count: 0 });
      const byName = await list({ search: 'rEaDeR' });
      expect(byName.body.items.map((m: { id: string }) => m.id)).toEqual([users.rita.userId]);
      expect(byName.body.count).toBe(1);
      const byEmail = await t.client(admin).orgs.listMembersInOrganizationById(orgId, { search: users.carl.email.slice(0, 8).toUpperCase() });
      expectMatchesOperation('listMembersInOrganizationById', 200, byEmail.data);
      expect(byEmail.data.items.map((m) => m.id)).toEqual([users.carl.userId]);
      expect((await list({ search: 'nobody-like-this' })).body).toEqual({ items: [], count: 0 });
    });

    it('pages with an opaque cursor; a member joining meanwhile neither repeats nor skips anyone', async () => {
      const seen: string[] = [];
      let page: string | undefined;
      let added = false;
      do {
        const res = await list({ limit: 2, order: 'asc', ...(page ? { page } : {}) });
        expect(res.status).toBe(200);
        expect(res.body.items.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.items.map((m: { id: string }) => m.id));
        page = res.body.next?.page;
        if (!added) {
          added = true;
          t.clock.advance(1000);
          const [late] = await t.cli('user', 'create', '--email', email('late'), '--name', 'Late Larry', '--org', orgId, '--role', 'read');
          users.late = { ...late, email: '' };
        }
      } while (page);
      expect(seen).toEqual([adminId, users.edith.userId, users.rita.userId, users.carl.userId, users.rex.userId, users.late.userId]);
      expect(new Set(seen).size).toBe(seen.length);
    });

    it('gets one member; an unknown member is 404 (supertest and client)', async () => {
      const res = await get(users.rita.userId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ object: 'member', id: users.rita.userId, role: 'read', user: { displayName: 'Rita Reader' } });
      const viaClient = await t.client(users.rita.token).orgs.getMemberInOrganizationById(orgId, adminId);
      expectMatchesOperation('getMemberInOrganizationById', 200, viaClient.data);
      expect(viaClient.data).toMatchObject({ id: adminId, role: 'admin' });
      expect((await get('nobody')).status).toBe(404);
      expect((await clientError(t.client(admin).orgs.getMemberInOrganizationById(orgId, 'nobody'))).code).toBe(404);
    });

    it('every member with a role may list; another organization’s token gets 404', async () => {
      for (const u of ['edith', 'rita', 'carl', 'rex']) expect((await list({}, users[u].token)).status).toBe(200);
      expect((await list({}, outsider)).status).toBe(404);
      expect((await get(adminId, outsider)).status).toBe(404);
      expect((await clientError(t.client(outsider).orgs.listMembersInOrganizationById(orgId))).code).toBe(404);
    });

    it.each([
      [{ limit: -1 }, 'limit'],
      [{ limit: 1001 }, 'limit'],
      [{ role: 'boss' }, 'role'],
      [{ order: 'up' }, 'order'],
      [{ sort: 'lastSeenAt' }, 'sort'],
      [{ page: 'not-a-cursor' }, 'page'],
    ])('rejects the query %j with 400 naming %s', async (query, field) => {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
    });
  });

  describe('change role', () => {
    it('an admin changes a role; GET and the role filter reflect it (supertest and client)', async () => {
      const res = await patch(users.rita.userId, { role: 'comment' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: users.rita.userId, role: 'comment' });
      expect((await get(users.rita.userId)).body).toEqual(res.body);
      expect((await list({ role: 'comment' })).body.items.map((m: { id: string }) => m.id)).toEqual([users.rita.userId]);

      const viaClient = await t.client(admin).orgs.updateMemberInOrganizationById(orgId, users.rita.userId, { role: MemberRole.Review });
      expectMatchesOperation('updateMemberInOrganizationById', 200, viaClient.data);
      expect(viaClient.data.role).toBe('review');
      // The member's own view of the organization follows the new role.
      const org = await t.client(users.rita.token).orgs.getOrganizationById(orgId);
      expect(org.data.permissions).toMatchObject({ admin: false, createContent: false, listMembers: true });
    });

    it('null makes a guest: still in the organization, but without listMembers (403)', async () => {
      const res = await patch(users.rita.userId, { role: null });
      expect(res.status).toBe(200);
      expect(res.body.role).toBeNull();
      expect((await list({ role: 'guest' })).body.items.map((m: { id: string }) => m.id)).toEqual([users.rita.userId]);
      const org = await t.http.get(`/v1/orgs/${orgId}`).set(bearer(users.rita.token));
      expectMatchesOperation('getOrganizationById', 200, org.body);
      expect(org.body.permissions).toMatchObject({ view: true, listMembers: false, listTeams: false, admin: false });
      const denied = await list({}, users.rita.token);
      expect(denied.status).toBe(403);
      expect(denied.body.error.message).toContain('listMembers');
      expect((await patch(users.rita.userId, { role: 'read' })).body.role).toBe('read');
    });

    it('an empty body changes nothing (and is still for admins only)', async () => {
      const before = (await get(users.edith.userId)).body;
      const res = await patch(users.edith.userId, {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual(before);
      expect((await patch(users.edith.userId, {}, users.edith.token)).status).toBe(403);
    });

    it('non-admins get 403 and nothing changes; unknown members 404; outsiders 404', async () => {
      for (const u of ['edith', 'carl', 'rex']) {
        const res = await patch(users.rita.userId, { role: 'admin' }, users[u].token);
        expect(res.status).toBe(403);
        expect(res.body.error.message).toContain('admin');
      }
      expect(
        (await clientError(t.client(users.carl.token).orgs.updateMemberInOrganizationById(orgId, users.carl.userId, { role: MemberRole.Admin }))).code,
      ).toBe(403);
      expect((await get(users.rita.userId)).body.role).toBe('read');
      expect((await patch('nobody', { role: 'read' })).status).toBe(404);
      expect((await patch(users.rita.userId, { role: 'read' }, outsider)).status).toBe(404);
    });

    it.each([
      [{ role: 'owner' }, 'role'],
      [{ role: 7 }, 'role'],
      [{ role: 'read', title: 'x' }, 'title'],
    ])('rejects %j with 400 naming %s', async (body, field) => {
      const res = await patch(users.rita.userId, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
      expect((await get(users.rita.userId)).body.role).toBe('read');
    });

    it('the last admin can be neither demoted nor removed (409); with a second admin it can', async () => {
      const demote = await patch(adminId, { role: 'edit' });
      expect(demote.status).toBe(409);
      expect(demote.body.error.message).toContain('last admin');
      const removeLast = await remove(adminId);
      expect(removeLast.status).toBe(409);
      expect((await get(adminId)).body.role).toBe('admin');

      expect((await patch(users.carl.userId, { role: 'admin' })).body.role).toBe('admin');
      expect((await patch(adminId, { role: 'edit' }, users.carl.token)).body.role).toBe('edit');
      expect((await patch(adminId, { role: 'admin' }, users.carl.token)).body.role).toBe('admin');
      // An admin may make themselves a guest: the answer still shows the result of their write.
      const self = await patch(users.carl.userId, { role: null }, users.carl.token);
      expect(self.status).toBe(200);
      expect(self.body).toMatchObject({ id: users.carl.userId, role: null });
      expect((await list({}, users.carl.token)).status).toBe(403);
      expect((await patch(users.carl.userId, { role: 'create' })).body.role).toBe('create');
    });
  });

  describe('remove', () => {
    it('205 removes, 204 when not a member; the removed user loses access (supertest and client)', async () => {
      const [{ userId, token }] = await t.cli('user', 'create', '--email', email('gone'), '--name', 'Gone Gina', '--org', orgId, '--role', 'edit');
      expect((await get(userId)).status).toBe(200);
      expect((await remove(userId, users.edith.token)).status).toBe(403);
      const res = await remove(userId);
      expect(res.status).toBe(205);
      expect((await get(userId)).status).toBe(404);
      expect((await remove(userId)).status).toBe(204);
      expect((await list()).body.items.map((m: { id: string }) => m.id)).not.toContain(userId);
      // Their organization is gone for them: 404, and no longer in their list.
      expect((await t.http.get(`/v1/orgs/${orgId}`).set(bearer(token))).status).toBe(404);
      const theirs = await t.http.get('/v1/orgs').set(bearer(token));
      expectMatchesOperation('listOrganizationsForAuthenticatedUser', 200, theirs.body);
      expect(theirs.body).toEqual({ items: [], count: 0 });

      const [{ userId: other }] = await t.cli('user', 'create', '--email', email('gone2'), '--name', 'Gone Gus', '--org', orgId, '--role', 'read');
      const viaClient = await t.client(admin).orgs.removeMemberFromOrganizationById(orgId, other);
      expect(viaClient.status).toBe(205);
      expect((await clientError(t.client(admin).orgs.getMemberInOrganizationById(orgId, other))).code).toBe(404);
      expect((await remove(other, outsider)).status).toBe(404);
    });
  });

  it('every change is an event of the organization stream, with its actor (CLI)', async () => {
    const events = await t.cli('events', '--stream', `organizations.organization-${orgId}`);
    const types = events.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['OrganizationCreated', 'OrganizationMemberAdded']);
    expect(types).toEqual(expect.arrayContaining(['OrganizationMemberRoleChanged', 'OrganizationMemberRemoved']));
    const change = events.find((e) => e.type === 'OrganizationMemberRoleChanged' && e.data.userId === users.rita.userId);
    expect(change).toMatchObject({ actor: adminId, data: { organizationId: orgId, role: 'comment', from: 'read' } });
    const removed = events.filter((e) => e.type === 'OrganizationMemberRemoved');
    expect(removed).toHaveLength(2);
    expect(removed[0]).toMatchObject({ actor: adminId, data: { organizationId: orgId, role: 'edit' } });
  });
});
