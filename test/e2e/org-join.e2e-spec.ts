import { bearer, clientError, startTestApp, TestApp } from '../support/test-app';
import { expectErrorResponse, expectMatchesOperation } from '../support/reference-schema';

const rand = () => Math.random().toString(36).slice(2);

/** POST /v1/orgs/{organizationId}/join and GET /v1/email-domains/{emailDomain}/orgs. */
describe('joining by email domain (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let adminEmail: string;
  const domain = `acme-${rand()}.test`;

  const join = async (token: string, org = orgId) => {
    const res = await t.http.post(`/v1/orgs/${org}/join`).set(bearer(token));
    if (res.status < 400) expectMatchesOperation('joinOrganization', res.status, res.body);
    else expectErrorResponse('joinOrganization', res.status, res.body);
    return res;
  };
  const forDomain = async (d: string, token: string) => {
    const res = await t.http.get(`/v1/email-domains/${encodeURIComponent(d)}/orgs`).set(bearer(token));
    if (res.status < 400) expectMatchesOperation('getOrganizationsForEmailDomain', res.status, res.body);
    else expectErrorResponse('getOrganizationsForEmailDomain', res.status, res.body);
    return res;
  };
  const user = async (mail: string) => (await t.cli('user', 'create', '--email', mail, '--name', mail.split('@')[0]))[0] as { userId: string; token: string };
  const memberRole = async (userId: string) => {
    const res = await t.http.get(`/v1/orgs/${orgId}/members/${userId}`).set(bearer(admin));
    if (res.status === 200) expectMatchesOperation('getMemberInOrganizationById', 200, res.body);
    else expectErrorResponse('getMemberInOrganizationById', res.status, res.body);
    return res.status === 200 ? res.body.role : 'not a member';
  };

  beforeAll(async () => {
    t = await startTestApp();
    adminEmail = `ada-${rand()}@example.com`;
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme Docs', adminEmail));
    const res = await t.http
      .patch(`/v1/orgs/${orgId}`)
      .set(bearer(admin))
      .send({ emailDomains: [domain.toUpperCase()], defaultRole: 'comment' });
    expectMatchesOperation('updateOrganizationById', 200, res.body);
    expect(res.body.emailDomains).toEqual([domain]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a user whose verified email is in an allowed domain joins with the defaultRole (204)', async () => {
    const { userId, token } = await user(`jo-${rand()}@${domain}`);
    expect(await memberRole(userId)).toBe('not a member');
    const res = await join(token);
    expect(res.status).toBe(204);
    expect(await memberRole(userId)).toBe('comment');
    const orgs = await t.http.get('/v1/orgs').set(bearer(token));
    expect(orgs.body.items.map((o: { id: string }) => o.id)).toEqual([orgId]);
    // Joining again is harmless.
    expect((await join(token)).status).toBe(204);
    const events = (await t.cli('events', '--stream', `organizations.organization-${orgId}`)).filter((e) => e.type === 'OrganizationJoined');
    expect(events).toEqual([expect.objectContaining({ actor: userId, data: expect.objectContaining({ userId, role: 'comment', source: 'email-domain' }) })]);
  });

  it('the official client joins too; a null defaultRole makes a guest', async () => {
    await t.client(admin).orgs.updateOrganizationById(orgId, { defaultRole: null });
    const { userId, token } = await user(`cli-${rand()}@${domain}`);
    const res = await t.client(token).orgs.joinOrganization(orgId);
    expect(res.status).toBe(204);
    expect(await memberRole(userId)).toBeNull();
  });

  it('another domain is a 400 naming the email rule; nothing changes', async () => {
    const { userId, token } = await user(`mal-${rand()}@evil-${domain}`);
    const res = await join(token);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('email');
    expect(res.body.error.message).toContain('domain');
    expect(await memberRole(userId)).toBe('not a member');
    expect((await clientError(t.client(token).orgs.joinOrganization(orgId))).code).toBe(400);
  });

  it('an unknown organization is a 404', async () => {
    const { token } = await user(`who-${rand()}@${domain}`);
    expect((await join(token, 'no-such-org')).status).toBe(404);
  });

  describe('organizations for an email domain', () => {
    it('lists the organizations a user of that domain may join (supertest and client)', async () => {
      const { token } = await user(`look-${rand()}@${domain}`);
      const res = await forDomain(domain.toUpperCase(), token);
      expect(res.status).toBe(200);
      expect(res.body.organizations.map((o: { id: string }) => o.id)).toEqual([orgId]);
      expect(res.body.organizations[0]).toMatchObject({ object: 'organization', emailDomains: [domain], permissions: { view: false, admin: false } });
      const viaClient = await t.client(token).emailDomains.getOrganizationsForEmailDomain(domain);
      expectMatchesOperation('getOrganizationsForEmailDomain', 200, viaClient.data);
      expect(viaClient.data).toEqual(res.body);
    });

    it('members see their organizations; others do not learn which organizations use a domain', async () => {
      const asAdmin = await forDomain(domain, admin);
      expect(asAdmin.body.organizations.map((o: { id: string; permissions: { admin: boolean } }) => [o.id, o.permissions.admin])).toEqual([[orgId, true]]);
      const { token: stranger } = await user(`x-${rand()}@elsewhere.test`);
      expect((await forDomain(domain, stranger)).body).toEqual({ organizations: [] });
      expect((await forDomain('nobody.test', admin)).body).toEqual({ organizations: [] });
    });

    it('follows changes of the organization’s email domains', async () => {
      const { token } = await user(`chg-${rand()}@${domain}`);
      await t.http
        .patch(`/v1/orgs/${orgId}`)
        .set(bearer(admin))
        .send({ emailDomains: ['other.test'] });
      expect((await forDomain(domain, token)).body).toEqual({ organizations: [] });
      expect((await join(token)).status).toBe(400);
      await t.http
        .patch(`/v1/orgs/${orgId}`)
        .set(bearer(admin))
        .send({ emailDomains: ['other.test', domain] });
      expect((await forDomain(domain, token)).body.organizations).toHaveLength(1);
      expect((await join(token)).status).toBe(204);
    });
  });
});
