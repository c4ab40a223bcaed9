import { MemberRole } from '@gitbook/api';
import { bearer, callOperation, clientError, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

const email = (who: string, domain = 'example.com') => `${who}-${Math.random().toString(36).slice(2)}@${domain}`;

describe('organization invites (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let adminId: string;
  let admin: string;
  let editor: string;
  let outsider: string;
  let outsiderId: string;
  let outsiderOrgId: string;

  async function call(operationId: string, params: Record<string, string>, token: string, opts: { body?: unknown; query?: Record<string, unknown> } = {}) {
    return callOperation(t, operationId, params, token, opts);
  }
  const invite = (body: unknown, token = admin) => call('inviteUsersToOrganization', { organizationId: orgId }, token, { body });
  const member = (userId: string) => call('getMemberInOrganizationById', { organizationId: orgId, userId }, admin);
  const links = (token = admin, query: Record<string, unknown> = {}) => call('listOrganizationInviteLinks', { organizationId: orgId }, token, { query });
  const createLink = (body: unknown, token = admin) => call('createOrganizationInvite', { organizationId: orgId }, token, { body });
  const getLink = (inviteId: string, token = admin) => call('getOrganizationInviteLink', { organizationId: orgId, inviteId }, token);
  const patchLink = (inviteId: string, body: unknown, token = admin) =>
    call('updateOrganizationInviteById', { organizationId: orgId, inviteId }, token, { body });
  const deleteLink = (inviteId: string, token = admin) => call('deleteOrganizationInviteById', { organizationId: orgId, inviteId }, token);
  const joinLink = (inviteId: string, token: string, org = orgId) => call('joinOrganizationWithInvite', { organizationId: org, inviteId }, token);
  const orgsOf = async (token: string) => (await t.http.get('/v1/orgs').set(bearer(token))).body.items.map((o: { id: string }) => o.id);

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, userId: adminId, token: admin } = await t.bootstrap('Acme Docs', email('ada')));
    [{ token: editor }] = await t.cli('user', 'create', '--email', email('edith'), '--name', 'Edith', '--org', orgId, '--role', 'edit');
    ({ token: outsider, userId: outsiderId, organizationId: outsiderOrgId } = await t.bootstrap('Other Org', email('otto')));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('invite by email', () => {
    it('adds unknown emails as new users and known users as members of one more organization', async () => {
      const ottoEmail = (await t.http.get('/v1/user').set(bearer(outsider))).body.email;
      const fresh = email('newbie');
      const res = await invite({ emails: [fresh, { email: ottoEmail.toUpperCase(), role: 'review' }], role: 'comment' });
      expect(res.status).toBe(200);
      expect(res.body.invited).toBe(2);
      expect(res.body.users).toHaveLength(2);
      const [newId, ottoId] = res.body.users;
      expect(ottoId).toBe(outsiderId);
      expect((await member(newId)).body).toMatchObject({ role: 'comment', user: { email: fresh, displayName: fresh.split('@')[0] } });
      expect((await member(outsiderId)).body.role).toBe('review');
      // One user, several organizations.
      expect(await orgsOf(outsider)).toEqual([outsiderOrgId, orgId]);
      const asOtto = await t.http.get(`/v1/orgs/${orgId}`).set(bearer(outsider));
      expect(asOtto.body.permissions).toMatchObject({ view: true, listMembers: true, admin: false });
    });

    it('never changes existing members; without a role the organization’s defaultRole applies (client)', async () => {
      await call('updateOrganizationById', { organizationId: orgId }, admin, { body: { defaultRole: 'read' } });
      const fresh = email('defaulted');
      const res = await t
        .client(admin)
        .orgs.inviteUsersToOrganization(orgId, { emails: [fresh, (await t.http.get('/v1/user').set(bearer(admin))).body.email] });
      expect(res.status).toBe(200);
      expectMatchesOperation('inviteUsersToOrganization', 200, res.data);
      expect(res.data.invited).toBe(1);
      expect((await member(res.data.users[0])).body.role).toBe('read');
      expect((await member(adminId)).body.role).toBe('admin');
    });

    it('sso: granted to users of no other organization; others are reported in failedSSOEmails', async () => {
      const fresh = email('sso');
      const [{ userId: elsewhere }] = await t.cli('user', 'create', '--email', 'busy@corp.test', '--name', 'Busy', '--org', outsiderOrgId, '--role', 'read');
      const res = await invite({ emails: [fresh, 'busy@corp.test'], role: 'read', sso: true });
      expect(res.body).toEqual({ users: [expect.any(String), elsewhere], invited: 2, failedSSOEmails: ['busy@corp.test'] });
      expect((await member(res.body.users[0])).body.sso).toBe(true);
      expect((await member(elsewhere)).body.sso).toBe(false);
    });

    it.each([
      [{}, 'emails'],
      [{ emails: 'a@b.test' }, 'emails'],
      [{ emails: ['not-an-email'] }, 'emails[0]'],
      [{ emails: [{ email: 'a@b.test' }] }, 'emails[0].role'],
      [{ emails: [{ email: 'a@b.test', role: 'boss' }] }, 'emails[0].role'],
      [{ emails: [], role: 'owner' }, 'role'],
      [{ emails: [], sso: 'yes' }, 'sso'],
    ])('rejects %j with 400 naming %s', async (body, field) => {
      const res = await invite(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
    });

    it('only admins invite (403, and no user is created); other organizations get 404', async () => {
      const fresh = email('nope');
      expect((await invite({ emails: [fresh] }, editor)).status).toBe(403);
      expect((await clientError(t.client(editor).orgs.inviteUsersToOrganization(orgId, { emails: [fresh] }))).code).toBe(403);
      const { token: third } = await t.bootstrap('Third', email('third'));
      expect((await invite({ emails: [fresh] }, third)).status).toBe(404);
      const search = await call('listMembersInOrganizationById', { organizationId: orgId }, admin, { query: { search: fresh } });
      expect(search.body.count).toBe(0);
      const events = await t.cli('events');
      expect(events.some((e) => e.type === 'UserRegistered' && e.data.email === fresh)).toBe(false);
    });
  });

  describe('link invites', () => {
    let link: string;

    it('creating needs invite links enabled (412 names inviteLinks)', async () => {
      const res = await createLink({ role: 'edit' });
      expect(res.status).toBe(412);
      expect(res.body.error.message).toContain('inviteLinks');
      expect((await call('updateOrganizationById', { organizationId: orgId }, admin, { body: { inviteLinks: true } })).body.inviteLinks).toBe(true);
    });

    it('admins create (201), get and list links (supertest and client)', async () => {
      const res = await createLink({ role: 'edit' });
      expect(res.status).toBe(201);
      link = res.body.id;
      expect(res.body).toEqual({ object: 'invite', id: link, role: 'edit', redundant: true });
      expect((await getLink(link)).body).toEqual(res.body);
      const viaClient = await t.client(admin).orgs.createOrganizationInvite(orgId, { role: null });
      expect(viaClient.status).toBe(201);
      expectMatchesOperation('createOrganizationInvite', 201, viaClient.data);
      const listed = await links();
      expect(listed.body).toEqual({ items: [res.body, viaClient.data], count: 2 });
      const paged = await t.client(admin).orgs.listOrganizationInviteLinks(orgId, { limit: 1 });
      expectMatchesOperation('listOrganizationInviteLinks', 200, paged.data);
      expect(paged.data.items).toEqual([res.body]);
      expect(paged.data.next?.page).toEqual(expect.any(String));
      const got = await t.client(admin).orgs.getOrganizationInviteLink(orgId, link);
      expectMatchesOperation('getOrganizationInviteLink', 200, got.data);
    });

    it('PATCH changes the role; bad bodies are 400', async () => {
      const res = await patchLink(link, { role: 'comment' });
      expect(res.status).toBe(200);
      expect(res.body.role).toBe('comment');
      expect((await getLink(link)).body.role).toBe('comment');
      const viaClient = await t.client(admin).orgs.updateOrganizationInviteById(orgId, link, { role: MemberRole.Edit });
      expectMatchesOperation('updateOrganizationInviteById', 200, viaClient.data);
      for (const [body, field] of [
        [{ role: 'boss' }, 'role'],
        [{}, 'role'],
        [{ level: 'read' }, 'level'],
      ] as const) {
        const bad = await patchLink(link, body);
        expect(bad.status).toBe(400);
        expect(bad.body.error.message).toContain(field);
      }
      for (const [body, field] of [
        [{ role: 'x' }, 'role'],
        [{}, 'role'],
        [{ level: 'read', space: 's1' }, 'space'],
        [{ role: 'read', extra: 1 }, 'extra'],
      ] as const) {
        const bad = await createLink(body);
        expect(bad.status).toBe(400);
        expect(bad.body.error.message).toContain(field);
      }
      expect((await patchLink('nope', { role: 'read' })).status).toBe(404);
      expect((await getLink('nope')).status).toBe(404);
    });

    it('non-admins get 403 on every link route; other organizations get 404', async () => {
      expect((await links(editor)).status).toBe(403);
      expect((await getLink(link, editor)).status).toBe(403);
      expect((await createLink({ role: 'read' }, editor)).status).toBe(403);
      expect((await patchLink(link, { role: 'admin' }, editor)).status).toBe(403);
      expect((await deleteLink(link, editor)).status).toBe(403);
      const { token: third } = await t.bootstrap('Third', email('third'));
      for (const res of [
        await links(third),
        await getLink(link, third),
        await createLink({ role: 'read' }, third),
        await patchLink(link, { role: 'read' }, third),
        await deleteLink(link, third),
      ]) {
        expect(res.status).toBe(404);
      }
      expect((await getLink(link)).body.role).toBe('edit');
    });

    it('anyone holding a link joins with its role (200 {}); joining again changes nothing', async () => {
      const { token: joiner, userId: joinerId } = await t.bootstrap('Joiner Org', email('joiner'));
      const res = await joinLink(link, joiner);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect((await member(joinerId)).body.role).toBe('edit');
      expect(await orgsOf(joiner)).toContain(orgId);
      expect((await joinLink(link, joiner)).status).toBe(200);
      const { token: viaClientToken, userId: viaClientId } = await t.bootstrap('Client Org', email('cj'));
      const viaClient = await t.client(viaClientToken).orgs.joinOrganizationWithInvite(orgId, link);
      expect(viaClient.status).toBe(200);
      expectMatchesOperation('joinOrganizationWithInvite', 200, viaClient.data);
      expect((await member(viaClientId)).body.role).toBe('edit');
    });

    it('an unknown invite, or links switched off, is 404', async () => {
      const { token: late } = await t.bootstrap('Late Org', email('late'));
      expect((await joinLink('nope', late)).status).toBe(404);
      expect((await joinLink(link, late, outsiderOrgId)).status).toBe(404);
      await call('updateOrganizationById', { organizationId: orgId }, admin, { body: { inviteLinks: false } });
      expect((await joinLink(link, late)).status).toBe(404);
      await call('updateOrganizationById', { organizationId: orgId }, admin, { body: { inviteLinks: true } });
      expect(await orgsOf(late)).not.toContain(orgId);
    });

    it('DELETE answers 205 then 204; the deleted link no longer works (client too)', async () => {
      expect((await deleteLink(link)).status).toBe(205);
      expect((await deleteLink(link)).status).toBe(204);
      expect((await getLink(link)).status).toBe(404);
      expect((await links()).body.count).toBe(1);
      const { token: late } = await t.bootstrap('Later Org', email('later'));
      expect((await joinLink(link, late)).status).toBe(404);
      const other = (await links()).body.items[0].id;
      expect((await t.client(admin).orgs.deleteOrganizationInviteById(orgId, other)).status).toBe(205);
      expect((await t.client(admin).orgs.deleteOrganizationInviteById(orgId, other)).status).toBe(204);
      expect((await links()).body).toEqual({ items: [], count: 0 });
    });

    it('invite events are in the organization stream (CLI)', async () => {
      const events = await t.cli('events', '--stream', `organizations.organization-${orgId}`);
      const types = events.map((e) => e.type);
      for (const type of ['OrganizationInviteCreated', 'OrganizationInviteRoleChanged', 'OrganizationInviteDeleted', 'OrganizationJoined'])
        expect(types).toContain(type);
      const joined = events.find((e) => e.type === 'OrganizationJoined');
      expect(joined).toMatchObject({ data: { source: 'invite-link', inviteId: expect.any(String), role: 'edit' } });
      // Events name the invite by its record id; the link's id (a credential) is never in them.
      expect(link.startsWith(joined.data.inviteId)).toBe(true);
      expect(JSON.stringify(events)).not.toContain(link);
      expect(events.filter((e) => e.type === 'OrganizationMemberAdded' && e.data.source === 'email-invite')[0]).toMatchObject({
        actor: adminId,
        data: { addedBy: adminId },
      });
    });
  });
});
