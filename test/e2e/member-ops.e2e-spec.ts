import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

type User = { userId: string; token: string };

describe('member operations: spaces of a member, ping, own profile (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: User;
  let editor: User;
  let guest: string;
  let guestToken: string;
  let outsider: User;
  const spaces: Record<string, string> = {};

  const memberSpaces = (userId: string, token = admin.token, query: Record<string, unknown> = {}) =>
    callOperation(t, 'listSpacesForOrganizationMember', { organizationId: orgId, userId }, token, { query });
  const titles = (res: { body: { items: Array<{ space: { title: string } }> } }) => res.body.items.map((i) => i.space.title);
  const newSpace = async (title: string, more: object = {}) => {
    t.clock.advance(1000);
    spaces[title] = (
      await t.http
        .post(`/v1/orgs/${orgId}/spaces`)
        .set(bearer(admin.token))
        .send({ title, ...more })
        .expect(201)
    ).body.id;
  };

  beforeAll(async () => {
    t = await startTestApp();
    const boot = await t.bootstrap('Acme', email('ada'));
    orgId = boot.organizationId;
    admin = boot;
    [editor] = await t.cli('user', 'create', '--email', email('ed'), '--name', 'Ed Itor', '--org', orgId, '--role', 'edit');
    const guestEmail = email('gus');
    [{ userId: guest, token: guestToken }] = await t.cli('user', 'create', '--email', guestEmail, '--name', 'Gus');
    await t.http
      .post(`/v1/orgs/${orgId}/invites`)
      .set(bearer(admin.token))
      .send({ emails: [guestEmail], role: null })
      .expect(200);
    outsider = await t.bootstrap('Other', email('otto'));
    await newSpace('Handbook');
    await newSpace('Runbooks');
    await newSpace('Public docs', { visibility: 'public' });
    await newSpace('Deleted');
    await t.http.delete(`/v1/spaces/${spaces.Deleted}`).set(bearer(admin.token)).expect(205);
    await t.http
      .post(`/v1/spaces/${spaces.Runbooks}/permissions`)
      .set(bearer(admin.token))
      .send({ role: 'admin', users: [editor.userId] })
      .expect(204);
    await t.http
      .post(`/v1/spaces/${spaces.Runbooks}/permissions`)
      .set(bearer(admin.token))
      .send({ role: 'comment', users: [guest] })
      .expect(204);
  });
  afterAll(async () => t?.close());

  describe('listSpacesForOrganizationMember', () => {
    it('the live spaces a member can access, with their role on each, newest first', async () => {
      const res = await memberSpaces(editor.userId);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(3);
      expect(res.body.items.map((i: { permission: string; space: { title: string } }) => [i.space.title, i.permission])).toEqual([
        ['Public docs', 'edit'],
        ['Runbooks', 'admin'],
        ['Handbook', 'edit'],
      ]);
      // The space as the caller (an admin) sees it.
      expect(res.body.items[0].space).toMatchObject({ object: 'space', id: spaces['Public docs'], permissions: { admin: true } });
    });

    it('a guest reaches only what was granted to them and public spaces', async () => {
      const res = await memberSpaces(guest, admin.token, { order: 'asc' });
      expect(res.body.items.map((i: { permission: string; space: { title: string } }) => [i.space.title, i.permission])).toEqual([
        ['Runbooks', 'comment'],
        ['Public docs', 'read'],
      ]);
      // A guest may list their own, not others' (listing members needs a role).
      expect(titles(await memberSpaces(guest, guestToken))).toEqual(['Public docs', 'Runbooks']);
      const denied = await memberSpaces(editor.userId, guestToken);
      expect([denied.status, denied.body.error.message]).toEqual([403, expect.stringContaining('listMembers')]);
    });

    it('pages on creation and id: no item skipped or repeated; the cursor is bound to the list', async () => {
      const first = await memberSpaces(editor.userId, editor.token, { limit: 2 });
      expect([titles(first), first.body.count]).toEqual([['Public docs', 'Runbooks'], 3]);
      await newSpace('Newest');
      const second = await memberSpaces(editor.userId, editor.token, { limit: 2, page: first.body.next.page });
      expect([titles(second), second.body.next]).toEqual([['Handbook'], undefined]);
      const other = await memberSpaces(guest, admin.token, { page: first.body.next.page });
      expect([other.status, other.body.error.message]).toEqual([400, expect.stringMatching(/^page: /)]);
      expect((await memberSpaces(editor.userId, admin.token, { limit: 0 })).body).toEqual({ items: [], count: 4 });
    });

    it('works through the official client', async () => {
      const res = await t.client(editor.token).orgs.listSpacesForOrganizationMember(orgId, editor.userId, { order: 'asc', limit: 10 });
      expectMatchesOperation('listSpacesForOrganizationMember', 200, res.data);
      expect(res.data.items.map((i) => i.space.title)).toEqual(['Handbook', 'Runbooks', 'Public docs', 'Newest']);
    });

    it('an unknown member is 404; outsiders learn nothing (404)', async () => {
      expect((await memberSpaces('nobody')).status).toBe(404);
      expect((await memberSpaces(outsider.userId)).status).toBe(404);
      expect((await memberSpaces(editor.userId, outsider.token)).status).toBe(404);
      expect((await memberSpaces(editor.userId, admin.token, { order: 'sideways' })).status).toBe(400);
    });
  });

  describe('updateOrganizationMemberLastSeenAt (ping)', () => {
    const member = async (userId: string) => (await callOperation(t, 'getMemberInOrganizationById', { organizationId: orgId, userId }, admin.token)).body;

    it('sets the member’s lastSeenAt, to the minute; the organization’s ETag does not move', async () => {
      expect((await member(editor.userId)).lastSeenAt).toBeUndefined();
      const orgTag = (await t.http.get(`/v1/orgs/${orgId}`).set(bearer(admin.token))).headers.etag;
      const res = await callOperation(t, 'updateOrganizationMemberLastSeenAt', { organizationId: orgId }, editor.token);
      expect([res.status, res.body]).toEqual([200, {}]);
      const seenAt = t.clock.now().toISOString();
      expect((await member(editor.userId)).lastSeenAt).toBe(seenAt);
      t.clock.advance(59_000);
      await callOperation(t, 'updateOrganizationMemberLastSeenAt', { organizationId: orgId }, editor.token);
      expect((await member(editor.userId)).lastSeenAt).toBe(seenAt);
      t.clock.advance(1_000);
      const viaClient = await t.client(editor.token).orgs.updateOrganizationMemberLastSeenAt(orgId);
      expectMatchesOperation('updateOrganizationMemberLastSeenAt', 200, viaClient.data);
      expect((await member(editor.userId)).lastSeenAt).toBe(t.clock.now().toISOString());
      expect((await t.http.get(`/v1/orgs/${orgId}`).set(bearer(admin.token))).headers.etag).toBe(orgTag);
    });

    it('guests ping too; outsiders are told the organization does not exist (404)', async () => {
      expect((await callOperation(t, 'updateOrganizationMemberLastSeenAt', { organizationId: orgId }, guestToken)).status).toBe(200);
      expect((await member(guest)).lastSeenAt).toBe(t.clock.now().toISOString());
      expect((await callOperation(t, 'updateOrganizationMemberLastSeenAt', { organizationId: orgId }, outsider.token)).status).toBe(404);
    });
  });

  describe('updateUserById', () => {
    const update = (userId: string, body: unknown, token: string) => callOperation(t, 'updateUserById', { userId }, token, { body });

    it('users change their own display name and photo; members find them by the new name', async () => {
      const res = await update(editor.userId, { displayName: 'Edith Editor', photoURL: 'https://img.example.com/ed.png' }, editor.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ object: 'user', id: editor.userId, displayName: 'Edith Editor', photoURL: 'https://img.example.com/ed.png' });
      expect((await t.http.get('/v1/user').set(bearer(editor.token))).body).toEqual(res.body);
      const found = await t.http.get(`/v1/orgs/${orgId}/members`).query({ search: 'edith' }).set(bearer(admin.token)).expect(200);
      expect(found.body.items.map((m: { id: string }) => m.id)).toEqual([editor.userId]);
      expect(found.body.items[0].user.photoURL).toBe('https://img.example.com/ed.png');
    });

    it('works through the official client; null removes the photo', async () => {
      const res = await t.client(editor.token).users.updateUserById(editor.userId, { displayName: 'Ed' });
      expectMatchesOperation('updateUserById', 200, res.data);
      expect(res.data).toMatchObject({ displayName: 'Ed', photoURL: 'https://img.example.com/ed.png' });
      const removed = await update(editor.userId, { photoURL: null }, editor.token);
      expect(removed.body.photoURL).toBeUndefined();
    });

    it('someone else’s profile is 403, an admin’s attempt included, whether or not the user exists', async () => {
      for (const [userId, token] of [
        [editor.userId, admin.token],
        [admin.userId, editor.token],
        ['nobody', editor.token],
      ]) {
        const res = await update(userId, { displayName: 'Taken over' }, token);
        expect([res.status, res.body.error.message]).toEqual([403, 'Users can only update their own profile (displayName, photoURL)']);
      }
      expect((await clientError(t.client(outsider.token).users.updateUserById(editor.userId, { displayName: 'X' }))).code).toBe(403);
    });

    it.each([
      ['no field', {}, 'body: must have at least one of displayName, photoURL'],
      ['an empty name', { displayName: '' }, 'displayName: must be 1 to 64 characters'],
      ['a name of 65 characters', { displayName: 'x'.repeat(65) }, 'displayName: must be 1 to 64 characters'],
      ['a name that is not a string', { displayName: 7 }, 'displayName: must be a string'],
      ['a photo that is not an http(s) URL', { photoURL: 'javascript:alert(1)' }, 'photoURL: must be an absolute http(s) URL'],
      ['another field', { email: 'x@y.test' }, 'body.email: unknown field'],
    ])('refuses %s (400, naming the field)', async (_what, body, message) => {
      const res = await update(editor.userId, body, editor.token);
      expect([res.status, res.body.error.message]).toEqual([400, expect.stringContaining(message)]);
    });
  });
});
