import { X509Certificate } from 'crypto';
import { inflateRawSync } from 'zlib';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';
import { testIdp, TestIdp } from '../support/saml-idp';

const DAY = 24 * 60 * 60 * 1000;

describe('SSO: SAML providers (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let editor: { userId: string; token: string };
  let outsider: string;
  let idp: TestIdp;
  let teamId: string;

  const call = (operationId: string, params: Record<string, string>, token = admin, opts: { body?: unknown; query?: Record<string, unknown> } = {}) =>
    callOperation(t, operationId, params, token, opts);
  const create = (body: unknown, token = admin) => call('createOrganizationSAMLProvider', { organizationId: orgId }, token, { body });
  const get = (samlProviderId: string, token = admin) => call('getOrganizationSAMLProviderById', { organizationId: orgId, samlProviderId }, token);
  const patch = (samlProviderId: string, body: unknown, token = admin) =>
    call('updateOrganizationSAMLProvider', { organizationId: orgId, samlProviderId }, token, { body });
  const full = () => ({ label: 'Okta', entityID: idp.entityID, ssoURL: idp.ssoURL, certificate: idp.certificate, defaultTeam: teamId, defaultRole: 'edit' });

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('ada')));
    [editor] = await t.cli('user', 'create', '--email', email('ed'), '--name', 'Ed', '--org', orgId, '--role', 'edit');
    ({ token: outsider } = await t.bootstrap('Other', email('otto')));
    idp = testIdp(t.clock.now());
    teamId = (await t.http.put(`/v1/orgs/${orgId}/teams`).set(bearer(admin)).send({ title: 'SSO people' }).expect(201)).body.id;
  });
  afterAll(async () => t?.close());

  let providerId: string;

  it('an admin creates a provider (201, Location) with its service endpoints; GET and the list show it', async () => {
    const res = await create(full());
    expect(res.status).toBe(201);
    providerId = res.body.id;
    const base = `${t.baseUrl}/v1/orgs/${orgId}/saml/${providerId}`;
    expect(res.headers.location).toBe(base);
    expect(res.body).toMatchObject({
      object: 'saml-provider',
      label: 'Okta',
      entityID: idp.entityID,
      ssoURL: idp.ssoURL,
      defaultRole: 'edit',
      defaultTeam: { object: 'team', id: teamId, title: 'SSO people' },
      status: 'active',
      createdAt: t.clock.now().toISOString(),
      service: { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` },
      urls: { location: base },
    });
    expect(new X509Certificate(res.body.certificate).fingerprint256).toBe(new X509Certificate(idp.certificate).fingerprint256);
    expect((await get(providerId)).body).toEqual(res.body);
    expect((await call('listSAMLProvidersInOrganizationById', { organizationId: orgId })).body).toEqual({ items: [res.body], count: 1 });
  });

  it('works through the official client; a label alone makes a pending provider, completed by PATCH', async () => {
    const api = t.client(admin);
    const made = await api.orgs.createOrganizationSamlProvider(orgId, { label: 'Azure AD' });
    expectMatchesOperation('createOrganizationSAMLProvider', 201, made.data);
    expect(made.data).toMatchObject({ status: 'pending', entityID: '', certificate: '', ssoURL: 'about:blank', defaultRole: null });
    expect(made.data.defaultTeam).toBeUndefined();
    const other = testIdp(t.clock.now());
    const done = await api.orgs.updateOrganizationSamlProvider(orgId, made.data.id, {
      entityID: other.entityID,
      ssoURL: other.ssoURL,
      certificate: other.certificate,
    });
    expectMatchesOperation('updateOrganizationSAMLProvider', 200, done.data);
    expect(done.data).toMatchObject({ status: 'active', label: 'Azure AD', entityID: other.entityID });
    const listed = await api.orgs.listSamlProvidersInOrganizationById(orgId, { limit: 1 });
    expect([listed.data.count, listed.data.items.map((p) => p.id), !!listed.data.next]).toEqual([2, [providerId], true]);
    const page2 = await api.orgs.listSamlProvidersInOrganizationById(orgId, { page: listed.data.next!.page });
    expect(page2.data.items.map((p) => p.id)).toEqual([made.data.id]);
    expect((await api.orgs.deleteOrganizationSamlProvider(orgId, made.data.id)).status).toBe(205);
    expect((await api.orgs.deleteOrganizationSamlProvider(orgId, made.data.id)).status).toBe(204);
    expect((await clientError(api.orgs.getOrganizationSamlProviderById(orgId, made.data.id))).code).toBe(404);
  });

  it('listSSOProviderLoginsInOrganization: active providers’ start URLs, without a token; unknown organizations have none', async () => {
    await create({ label: 'Pending one' });
    const res = await t.http.get(`/v1/orgs/${orgId}/sso`).expect(200);
    expectMatchesOperation('listSSOProviderLoginsInOrganization', 200, res.body);
    expect(res.body).toEqual({ items: [{ id: providerId, label: 'Okta', startURL: `${t.baseUrl}/v1/orgs/${orgId}/saml/${providerId}/start` }] });
    const viaClient = await t.client(outsider).orgs.listSsoProviderLoginsInOrganization(orgId);
    expect(viaClient.data).toEqual(res.body);
    expect((await t.http.get('/v1/orgs/no-such-org/sso').expect(200)).body).toEqual({ items: [] });
  });

  it('the start URL redirects to the IdP with an AuthnRequest for this service; the entity ID serves its metadata', async () => {
    const p = (await get(providerId)).body;
    const start = await t.http.get(new URL(p.service.startURL).pathname).query({ RelayState: 'back-to-docs' }).expect(302);
    const to = new URL(start.headers.location);
    expect(`${to.origin}${to.pathname}`).toBe(idp.ssoURL);
    expect(to.searchParams.get('RelayState')).toBe('back-to-docs');
    const request = inflateRawSync(Buffer.from(to.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    expect(request).toContain(`AssertionConsumerServiceURL="${p.service.acsURL}"`);
    expect(request).toContain(`<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${p.service.entityID}</saml:Issuer>`);
    const meta = await t.http.get(new URL(p.service.entityID).pathname).expect(200);
    expect(meta.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(meta.text).toContain(`entityID="${p.service.entityID}"`);
    expect(meta.text).toContain(`Location="${p.service.acsURL}"`);
    const long = await t.http.get(new URL(p.service.startURL).pathname).query({ RelayState: 'x'.repeat(81) });
    expect([long.status, long.body.error.message]).toEqual([400, expect.stringContaining('RelayState: must be at most 80 characters')]);
    expect((await t.http.get(`/v1/orgs/${orgId}/saml/nope/start`)).status).toBe(404);
  });

  it('a certificate that is not one, or expired, is 400; the field is named', async () => {
    const bad = await create({ ...full(), certificate: 'not a certificate' });
    expect([bad.status, bad.body.error.message]).toEqual([400, expect.stringMatching(/^certificate: /)]);
    const old = testIdp(t.clock.now(), { notBefore: new Date(t.clock.now().getTime() - 30 * DAY), notAfter: new Date(t.clock.now().getTime() - DAY) });
    const expired = await create({ ...full(), certificate: old.certificate });
    expect([expired.status, expired.body.error.message]).toEqual([400, expect.stringContaining('certificate: the certificate expired on')]);
    const patched = await patch(providerId, { certificate: old.certificate });
    expect(patched.status).toBe(400);
  });

  it.each([
    ['no label', {}, 'label: must be a string'],
    ['an empty label', { label: '' }, 'label: must be 1 to 30 characters'],
    ['a label of 31 characters', { label: 'x'.repeat(31) }, 'label: must be 1 to 30 characters'],
    ['a sign-in URL that is not http(s)', { label: 'L', ssoURL: 'javascript:alert(1)' }, 'ssoURL: must be an absolute http(s) URL'],
    ['an entity ID of 1025 characters', { label: 'L', entityID: 'x'.repeat(1025) }, 'entityID: must be 1 to 1024 characters'],
    ['a role that is not one', { label: 'L', defaultRole: 'owner' }, 'defaultRole: must be one of'],
    ['an unknown field', { label: 'L', extra: 1 }, 'body.extra: unknown field'],
  ])('refuses %s, naming the field (400)', async (_what, body, message) => {
    const res = await create(body);
    expect([res.status, res.body.error.message]).toEqual([400, expect.stringContaining(message)]);
  });

  it('a default team must be one of the organization (404 naming defaultTeam)', async () => {
    const res = await create({ label: 'L', defaultTeam: 'no-such-team' });
    expect([res.status, res.body.error.message]).toEqual([404, expect.stringMatching(/^defaultTeam: no team/)]);
  });

  it('PATCH changes only the fields given; defaultTeam null removes it', async () => {
    const res = await patch(providerId, { label: 'Okta SSO', defaultTeam: null, defaultRole: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ label: 'Okta SSO', defaultRole: null, entityID: idp.entityID, status: 'active' });
    expect(res.body.defaultTeam).toBeUndefined();
    await patch(providerId, { label: 'Okta', defaultTeam: teamId, defaultRole: 'edit' });
  });

  it('only admins manage providers (403); outsiders learn nothing (404)', async () => {
    for (const res of [
      await create({ label: 'Mine' }, editor.token),
      await get(providerId, editor.token),
      await patch(providerId, { label: 'Taken' }, editor.token),
      await call('listSAMLProvidersInOrganizationById', { organizationId: orgId }, editor.token),
      await call('deleteOrganizationSAMLProvider', { organizationId: orgId, samlProviderId: providerId }, editor.token),
    ])
      expect(res.status).toBe(403);
    for (const res of [await create({ label: 'Mine' }, outsider), await get(providerId, outsider), await patch(providerId, { label: 'Taken' }, outsider)])
      expect(res.status).toBe(404);
    expect((await get(providerId)).body.label).toBe('Okta');
  });

  it('a GET carries an ETag; PATCH with a stale If-Match is 412', async () => {
    const first = await t.http.get(`/v1/orgs/${orgId}/saml/${providerId}`).set(bearer(admin)).expect(200);
    await patch(providerId, { label: 'Okta 2' });
    const stale = await t.http.patch(`/v1/orgs/${orgId}/saml/${providerId}`).set(bearer(admin)).set('If-Match', first.headers.etag).send({ label: 'Lost' });
    expect(stale.status).toBe(412);
    await patch(providerId, { label: 'Okta' });
  });
});
