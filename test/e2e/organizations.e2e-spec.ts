import { MemberRole } from '@gitbook/api';
import { bearer, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectErrorResponse, expectMatchesOperation } from '../support/reference-schema';

describe('organizations and users (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let adminId: string;
  let admin: string;
  let adminEmail: string;
  let readerId: string;
  let reader: string;
  let editor: string;
  let outsider: string;
  let outsiderOrgId: string;

  beforeAll(async () => {
    t = await startTestApp();
    adminEmail = email('admin');
    ({ organizationId: orgId, userId: adminId, token: admin } = await t.bootstrap('Acme Docs', adminEmail));
    [{ userId: readerId, token: reader }] = await t.cli(
      'user',
      'create',
      '--email',
      email('reader'),
      '--name',
      'Rita Reader',
      '--org',
      orgId,
      '--role',
      'read',
    );
    [{ token: editor }] = await t.cli('user', 'create', '--email', email('editor'), '--name', 'Eddie Editor', '--org', orgId, '--role', 'edit');
    ({ token: outsider, organizationId: outsiderOrgId } = await t.bootstrap('Other Org', email('outsider')));
  });
  afterAll(async () => {
    await t?.close();
  });

  const getOrg = async (id: string, token = admin) => {
    const res = await t.http.get(`/v1/orgs/${id}`).set(bearer(token));
    if (res.status === 200) expectMatchesOperation('getOrganizationById', 200, res.body);
    else expectErrorResponse('getOrganizationById', res.status, res.body);
    return res;
  };
  const patchOrg = async (id: string, body: unknown, token = admin) => {
    const res = await t.http
      .patch(`/v1/orgs/${id}`)
      .set(bearer(token))
      .send(body as object);
    if (res.status === 200) expectMatchesOperation('updateOrganizationById', 200, res.body);
    else expectErrorResponse('updateOrganizationById', res.status, res.body);
    return res;
  };
  const listOrgs = async (token = admin) => {
    const res = await t.http.get('/v1/orgs').set(bearer(token));
    if (res.status === 200) expectMatchesOperation('listOrganizationsForAuthenticatedUser', 200, res.body);
    else expectErrorResponse('listOrganizationsForAuthenticatedUser', res.status, res.body);
    return res;
  };

  describe('read', () => {
    it('lists the caller’s organizations (supertest and client)', async () => {
      const res = await listOrgs();
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(1);
      expect(res.body.next).toBeUndefined();
      expect(res.body.items).toHaveLength(1);
      expect(res.body.items[0]).toMatchObject({ object: 'organization', id: orgId, title: 'Acme Docs' });
      expect(res.body.items[0].permissions.admin).toBe(true);

      const viaClient = await t.client(admin).orgs.listOrganizationsForAuthenticatedUser();
      expect(viaClient.status).toBe(200);
      expectMatchesOperation('listOrganizationsForAuthenticatedUser', 200, viaClient.data);
      expect(viaClient.data).toEqual(res.body);

      const theirs = await listOrgs(outsider);
      expect(theirs.body.items.map((o: { id: string }) => o.id)).toEqual([outsiderOrgId]);
    });

    it('GET organization for an admin (supertest and client)', async () => {
      const res = await getOrg(orgId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        object: 'organization',
        id: orgId,
        title: 'Acme Docs',
        emailDomains: [],
        defaultRole: null,
        sso: false,
        ai: false,
        inviteLinks: false,
        urls: { location: `${t.baseUrl}/v1/orgs/${orgId}` },
      });
      expect(res.body.createdAt).toBe(t.clock.now().toISOString());
      expect(res.body.permissions).toMatchObject({ view: true, admin: true, createContent: true, viewBilling: false, listMembers: true });

      const viaClient = await t.client(admin).orgs.getOrganizationById(orgId);
      expect(viaClient.status).toBe(200);
      expectMatchesOperation('getOrganizationById', 200, viaClient.data);
      expect(viaClient.data).toEqual(res.body);
    });

    it('a read member sees the organization with member permissions only', async () => {
      const res = await getOrg(orgId, reader);
      expect(res.status).toBe(200);
      expect(res.body.permissions).toMatchObject({ view: true, admin: false, createContent: false, viewBilling: false, installIntegration: false });
      const listed = await listOrgs(reader);
      expect(listed.body.items.map((o: { id: string }) => o.id)).toEqual([orgId]);
      expect(listed.body.items[0].permissions).toEqual(res.body.permissions);
    });

    it("another user's organization is 404 (documented NotFoundError)", async () => {
      const res = await getOrg(outsiderOrgId, admin);
      expect(res.status).toBe(404);
      expectMatchesOperation('getOrganizationById', 404, res.body);
      const err = await clientError(t.client(admin).orgs.getOrganizationById(outsiderOrgId));
      expect(err.code).toBe(404);
      const unknown = await getOrg('no-such-org', admin);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe(res.body.error.message.replace(outsiderOrgId, 'no-such-org'));
    });
  });

  describe('update', () => {
    it('PATCH title, emailDomains, hostname, defaultRole, flags and mergeRules; GET and list reflect it', async () => {
      const body = {
        title: 'Acme Documentation',
        emailDomains: ['acme.example', 'docs.acme.example'],
        hostname: 'acme-docs',
        defaultRole: 'edit',
        sso: true,
        ai: true,
        inviteLinks: true,
        mergeRules: { type: 'rules', rules: [{ rule: 'require_all_reviews_approved' }, { rule: 'allow_bypass', users: [adminId] }] },
      };
      const res = await patchOrg(orgId, body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ...body, id: orgId });

      const got = await getOrg(orgId);
      expect(got.body).toEqual(res.body);
      const listed = await listOrgs();
      expect(listed.body.items[0]).toEqual(res.body);
      // Other members see the same settings.
      const byReader = await getOrg(orgId, reader);
      expect(byReader.body).toMatchObject(body);
    });

    it('defaultRole can be set back to null (guests) and flags turned off', async () => {
      const res = await patchOrg(orgId, { defaultRole: null, sso: false, ai: false, inviteLinks: false, mergeRules: { type: 'none' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ defaultRole: null, sso: false, ai: false, inviteLinks: false, mergeRules: { type: 'none' } });
      // Untouched fields keep their value.
      expect(res.body).toMatchObject({ title: 'Acme Documentation', hostname: 'acme-docs', emailDomains: ['acme.example', 'docs.acme.example'] });
      const got = await getOrg(orgId);
      expect(got.body).toEqual(res.body);
    });

    it('PATCH through the official client', async () => {
      const client = t.client(admin);
      const res = await client.orgs.updateOrganizationById(orgId, { title: 'Acme (client)', defaultRole: MemberRole.Read, emailDomains: [] });
      expect(res.status).toBe(200);
      expectMatchesOperation('updateOrganizationById', 200, res.data);
      expect(res.data).toMatchObject({ title: 'Acme (client)', defaultRole: MemberRole.Read, emailDomains: [] });
      const got = await client.orgs.getOrganizationById(orgId);
      expectMatchesOperation('getOrganizationById', 200, got.data);
      expect(got.data).toEqual(res.data);
    });

    it.each([
      ['title too short', { title: 'A' }, 'title'],
      ['title not a string', { title: 7 }, 'title'],
      ['emailDomains not an array', { emailDomains: 'acme.example' }, 'emailDomains'],
      ['hostname too short', { hostname: 'ab' }, 'hostname'],
      ['hostname with bad characters', { hostname: 'Acme Docs!' }, 'hostname'],
      ['unknown defaultRole', { defaultRole: 'owner' }, 'defaultRole'],
      ['sso not a boolean', { sso: 'yes' }, 'sso'],
      ['inherit mergeRules on an organization', { mergeRules: { type: 'inherit' } }, 'mergeRules'],
      ['unknown body field', { title: 'Fine title', plan: 'enterprise' }, 'plan'],
      ['unknown default content site', { defaultContent: { type: 'site', site: 'nope' } }, 'defaultContent'],
    ])('rejects %s with 400 naming the field, leaving the organization unchanged', async (_label, body, field) => {
      const before = (await getOrg(orgId)).body;
      const res = await patchOrg(orgId, body);
      expect(res.status).toBe(400);
      expectMatchesOperation('updateOrganizationById', 400, res.body); // documented BadRequestError
      expect(res.body.error.message).toContain(field);
      expect((await getOrg(orgId)).body).toEqual(before);
    });

    it('rejects malformed JSON with 400', async () => {
      const res = await t.http.patch(`/v1/orgs/${orgId}`).set(bearer(admin)).set('Content-Type', 'application/json').send('{"title":');
      expect(res.status).toBe(400);
      expectMatchesOperation('updateOrganizationById', 400, res.body);
    });

    it('a non-admin member gets 403 and nothing changes', async () => {
      const before = (await getOrg(orgId)).body;
      for (const token of [reader, editor]) {
        const res = await patchOrg(orgId, { title: 'Taken over' }, token);
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe(403);
        const err = await clientError(t.client(token).orgs.updateOrganizationById(orgId, { title: 'Taken over' }));
        expect(err.code).toBe(403);
      }
      expect((await getOrg(orgId)).body).toEqual(before);
    });

    it("PATCH of another user's organization is 404 and changes nothing", async () => {
      const before = (await getOrg(outsiderOrgId, outsider)).body;
      const res = await patchOrg(outsiderOrgId, { title: 'Taken over' }, admin);
      expect(res.status).toBe(404);
      expect((await getOrg(outsiderOrgId, outsider)).body).toEqual(before);
    });
  });

  describe('users', () => {
    it('GET /v1/user returns the caller (supertest and client)', async () => {
      const res = await t.http.get('/v1/user').set(bearer(admin));
      expect(res.status).toBe(200);
      expectMatchesOperation('getAuthenticatedUser', 200, res.body);
      expect(res.body).toMatchObject({ object: 'user', id: adminId, displayName: 'Ada Admin', email: adminEmail });
      expect(res.body.urls.location).toBe(`${t.baseUrl}/v1/users/${adminId}`);

      const viaClient = await t.client(admin).user.getAuthenticatedUser();
      expect(viaClient.status).toBe(200);
      expectMatchesOperation('getAuthenticatedUser', 200, viaClient.data);
      expect(viaClient.data).toEqual(res.body);

      const asReader = await t.client(reader).user.getAuthenticatedUser();
      expectMatchesOperation('getAuthenticatedUser', 200, asReader.data);
      expect(asReader.data).toMatchObject({ id: readerId, displayName: 'Rita Reader' });
    });

    it('GET /v1/users/{userId} returns a user; unknown users are 404 (documented NotFoundError)', async () => {
      const res = await t.http.get(`/v1/users/${readerId}`).set(bearer(admin));
      expect(res.status).toBe(200);
      expectMatchesOperation('getUserById', 200, res.body);
      expect(res.body).toMatchObject({ object: 'user', id: readerId, displayName: 'Rita Reader' });

      const viaClient = await t.client(admin).users.getUserById(readerId);
      expectMatchesOperation('getUserById', 200, viaClient.data);
      expect(viaClient.data.id).toBe(readerId);

      // Someone who shares no organization with the caller is not visible either (emails do not leak).
      const stranger = (await t.bootstrap('Elsewhere', email('stranger'))).userId;
      const hidden = await t.http.get(`/v1/users/${stranger}`).set(bearer(admin));
      expect(hidden.status).toBe(404);
      expectErrorResponse('getUserById', 404, hidden.body);
      const missing = await t.http.get('/v1/users/nobody').set(bearer(admin));
      expect(missing.status).toBe(404);
      expectMatchesOperation('getUserById', 404, missing.body);
      expectErrorResponse('getUserById', 404, missing.body);
      expect((await clientError(t.client(admin).users.getUserById('nobody'))).code).toBe(404);
    });
  });
});
