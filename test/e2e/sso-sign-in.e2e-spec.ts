import { generateKeyPairSync } from 'crypto';
import * as fs from 'fs';
import { EventStore, ManualClock } from '@app/platform';
import { bearer, callOperation, email, startTestApp, stateEventsAfter, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';
import { AssertionOptions, testIdp, TestIdp } from '../support/saml-idp';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

describe('SSO: signing in with SAML (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let adminId: string;
  let admin: string;
  let idp: TestIdp;
  let teamId: string;
  let service: { acsURL: string; startURL: string; entityID: string };
  let acsPath: string;

  const response = (o: Partial<AssertionOptions> & { email: string }) => idp.response({ service, now: t.clock.now(), ...o });
  /** Posts the SAML response to the ACS as the IdP's HTML form does (the HTTP-POST binding). */
  const post = (samlResponse: string, path = () => acsPath) => t.http.post(path()).type('form').send({ SAMLResponse: samlResponse, RelayState: 'r1' });
  const refused = async (samlResponse: string, reason: RegExp) => {
    const before = await t.app.get(EventStore).headPosition();
    const res = await post(samlResponse);
    expect([res.status, res.body.error?.message]).toEqual([401, expect.stringMatching(reason)]);
    expect(await stateEventsAfter(t.app.get(EventStore), before)).toEqual([]);
  };

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, userId: adminId, token: admin } = await t.bootstrap('Acme', email('ada')));
    idp = testIdp(t.clock.now());
    teamId = (await t.http.put(`/v1/orgs/${orgId}/teams`).set(bearer(admin)).send({ title: 'Staff' }).expect(201)).body.id;
    const p = (
      await t.http
        .post(`/v1/orgs/${orgId}/saml`)
        .set(bearer(admin))
        .send({ label: 'Test IdP', entityID: idp.entityID, ssoURL: idp.ssoURL, certificate: idp.certificate, defaultTeam: teamId, defaultRole: 'edit' })
        .expect(201)
    ).body;
    service = p.service;
    acsPath = new URL(service.acsURL).pathname;
  });
  afterAll(async () => {
    const { dataDir } = t;
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a signed assertion for a new email signs in: a user, a member with the default role and team, an API token', async () => {
    const who = email('sam');
    const res = await post(response({ email: who, displayName: 'Sam Single' })).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      object: 'sso-sign-in',
      organizationId: orgId,
      userId: expect.any(String),
      joined: true,
      tokenId: expect.any(String),
      token: expect.stringMatching(/^gb_api_/),
    });
    const me = await t.client(res.body.token).user.getAuthenticatedUser();
    expect(me.data).toMatchObject({ id: res.body.userId, email: who, displayName: 'Sam Single' });
    const member = await callOperation(t, 'getMemberInOrganizationById', { organizationId: orgId, userId: res.body.userId }, admin);
    expect(member.body).toMatchObject({ role: 'edit', sso: true, teams: 1 });
    const seats = await t.http.get(`/v1/orgs/${orgId}/teams/${teamId}/members`).set(bearer(admin)).expect(200);
    expect(seats.body.items.map((m: { organization: { id: string } }) => m.organization.id)).toContain(res.body.userId);
  });

  it('signing in again (a new assertion) keeps the member and issues another token; a JSON body works too', async () => {
    const who = email('jo');
    const first = await post(response({ email: who })).expect(200);
    t.clock.advance(MINUTE);
    const again = await t.http
      .post(acsPath)
      .send({ SAMLResponse: response({ email: who.toUpperCase() }) })
      .expect(200);
    expect([again.body.userId, again.body.joined, again.body.tokenId === first.body.tokenId]).toEqual([first.body.userId, false, false]);
  });

  it('a signed response (instead of a signed assertion) is accepted', async () => {
    await post(response({ email: email('resp'), sign: 'response' })).expect(200);
  });

  it('a replayed assertion is refused (401) and writes nothing, even after a restart', async () => {
    const who = email('rex');
    const assertionId = `_replay-${Date.now()}`;
    const saml = response({ email: who, assertionId });
    const first = await post(saml);
    expect([first.status, first.body.error?.message]).toEqual([200, undefined]);
    await refused(saml, /already used to sign in \(a replay\)/);
    // Another process on the same data folder (its own port, so its own service URLs): the
    // assertion's ID is what was consumed, whatever the bytes around it.
    const clock = new ManualClock(t.clock.now().toISOString());
    const { dataDir } = t;
    await t.app.close();
    t = await startTestApp({ dataDir, clock });
    service = (await t.http.get(`/v1/orgs/${orgId}/saml`).set(bearer(admin)).expect(200)).body.items[0].service;
    acsPath = new URL(service.acsURL).pathname;
    await refused(response({ email: who, assertionId }), /a replay/);
    await post(response({ email: who })).expect(200);
  });

  it('of two simultaneous posts of one assertion exactly one signs in', async () => {
    const saml = response({ email: email('twin') });
    const answers = await Promise.all([post(saml), post(saml), post(saml)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
  });

  it('refuses unsigned, forged, misaddressed, foreign and out-of-window assertions (401), writing nothing', async () => {
    const who = email('eve');
    await refused(response({ email: who, sign: 'none' }), /could not be verified \(Invalid signature/);
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    await refused(response({ email: who, key: forger }), /could not be verified \(Invalid signature/);
    await refused(response({ email: who, audience: 'https://another-service.test/metadata' }), /audience mismatch/);
    await refused(response({ email: who, recipient: 'https://another-service.test/acs' }), /recipient https:\/\/another-service\.test\/acs, not this service/);
    const now = t.clock.now().getTime();
    await refused(response({ email: who, notBefore: new Date(now - 10 * MINUTE), notOnOrAfter: new Date(now - 2 * MINUTE) }), /expired at/);
    await refused(response({ email: who, notBefore: new Date(now + 5 * MINUTE) }), /not valid before/);
    const stranger = testIdp(t.clock.now());
    await refused(stranger.response({ service, now: t.clock.now(), email: who }), /could not be verified/);
  });

  it('an assertion that expires while in flight is refused once this server’s clock passes it', async () => {
    const saml = response({ email: email('late') });
    t.clock.advance(7 * MINUTE);
    await refused(saml, /expired at/);
  });

  it('bad bodies are 400 naming the field; a form body is accepted only here (415 elsewhere)', async () => {
    for (const [body, message] of [
      [{}, 'SAMLResponse: is required'],
      [{ SAMLResponse: '%%%' }, 'SAMLResponse: must be base64'],
      [{ SAMLResponse: 'abc', other: 1 }, 'body.other: unknown field'],
    ] as const) {
      const res = await t.http.post(acsPath).send(body);
      expect([res.status, res.body.error.message]).toEqual([400, expect.stringContaining(message)]);
    }
    const text = await t.http.post(acsPath).set('Content-Type', 'text/plain').send('SAMLResponse=abc');
    expect(text.status).toBe(415);
    const form = await t.http.put(`/v1/orgs/${orgId}/teams`).set(bearer(admin)).type('form').send({ title: 'x' });
    expect(form.status).toBe(415);
    const twice = await t.http.post(acsPath).type('form').send('SAMLResponse=a&SAMLResponse=b');
    expect([twice.status, twice.body.error.message]).toEqual([400, 'body.SAMLResponse: given more than once']);
    const garbage = await t.http
      .post(acsPath)
      .type('form')
      .send({ SAMLResponse: Buffer.from('<nope/>').toString('base64') });
    expect(garbage.status).toBe(401);
  });

  it('an existing member of this organization alone becomes an SSO member, keeping their role', async () => {
    const who = email('mo');
    const [mo] = await t.cli('user', 'create', '--email', who, '--name', 'Mo', '--org', orgId, '--role', 'review');
    const res = await post(response({ email: who })).expect(200);
    expect([res.body.userId, res.body.joined]).toEqual([mo.userId, false]);
    const member = await callOperation(t, 'getMemberInOrganizationById', { organizationId: orgId, userId: mo.userId }, admin);
    expect(member.body).toMatchObject({ role: 'review', sso: true, teams: 0 });
  });

  it('a user who belongs to another organization is refused (412): the IdP would vouch for their whole account', async () => {
    const who = email('multi');
    await t.bootstrap('Elsewhere', who);
    const res = await post(response({ email: who }));
    expect([res.status, res.body.error.message]).toEqual([412, expect.stringContaining('an SSO member belongs to one organization only')]);
  });

  it('a pending or unknown provider has no ACS (404); an expired provider certificate refuses sign-ins (401)', async () => {
    const pending = (await t.http.post(`/v1/orgs/${orgId}/saml`).set(bearer(admin)).send({ label: 'Later' }).expect(201)).body;
    expect((await post(response({ email: email('p') }), () => new URL(pending.service.acsURL).pathname)).status).toBe(404);
    expect((await post(response({ email: email('p') }), () => `/v1/orgs/${orgId}/saml/unknown/acs`)).status).toBe(404);
    const short = testIdp(t.clock.now(), { notBefore: new Date(t.clock.now().getTime() - DAY), notAfter: new Date(t.clock.now().getTime() + DAY) });
    const p = (
      await t.http
        .post(`/v1/orgs/${orgId}/saml`)
        .set(bearer(admin))
        .send({ label: 'Short', entityID: short.entityID, ssoURL: short.ssoURL, certificate: short.certificate })
        .expect(201)
    ).body;
    t.clock.advance(2 * DAY);
    const res = await t.http
      .post(new URL(p.service.acsURL).pathname)
      .type('form')
      .send({ SAMLResponse: short.response({ service: p.service, now: t.clock.now(), email: email('s') }) });
    expect([res.status, res.body.error.message]).toEqual([401, expect.stringContaining("the provider's certificate cannot be used: the certificate expired")]);
  });
});

describe('SSO enforced by the organization (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: { userId: string; token: string };
  let bob: { userId: string; token: string };
  let idp: TestIdp;
  let service: { acsURL: string; entityID: string };
  /** Adds a user by email invite (no token issued, unlike the CLI's user create). */
  const invite = async (who: string) => {
    const res = await t.http
      .post(`/v1/orgs/${orgId}/invites`)
      .set(bearer(admin.token))
      .send({ emails: [who], role: 'edit' })
      .expect(200);
    return res.body.users[0] as string;
  };

  beforeAll(async () => {
    t = await startTestApp();
    const boot = await t.bootstrap('Strict', email('ada'));
    orgId = boot.organizationId;
    admin = boot;
    idp = testIdp(t.clock.now());
    service = (
      await t.http
        .post(`/v1/orgs/${orgId}/saml`)
        .set(bearer(admin.token))
        .send({ label: 'IdP', entityID: idp.entityID, ssoURL: idp.ssoURL, certificate: idp.certificate, defaultRole: 'read' })
        .expect(201)
    ).body.service;
    [bob] = await t.cli('user', 'create', '--email', email('bob'), '--name', 'Bob', '--org', orgId, '--role', 'edit');
    await t.http.patch(`/v1/orgs/${orgId}`).set(bearer(admin.token)).send({ sso: true }).expect(200);
  });
  afterAll(async () => t?.close());

  it('non-SSO members get no new tokens; SSO members get theirs by signing in; tokens issued before stay valid', async () => {
    await expect(t.cli('token', 'create', '--user', bob.userId)).rejects.toThrow(/enforces single sign-on and user \S+ is not its SSO member/);
    await expect(t.cli('token', 'create', '--user', admin.userId)).rejects.toThrow(/GET \/v1\/orgs\/\S+\/sso lists where to start/);
    await t.http.get('/v1/user').set(bearer(bob.token)).expect(200);
    const signedIn = await t.http
      .post(new URL(service.acsURL).pathname)
      .type('form')
      .send({ SAMLResponse: idp.response({ service, now: t.clock.now(), email: email('new') }) })
      .expect(200);
    await t.http.get('/v1/user').set(bearer(signedIn.body.token)).expect(200);
    expect((await t.cli('token', 'create', '--user', signedIn.body.userId))[0].token).toMatch(/^gb_api_/);
  });

  it('setUserAsSSOMemberForOrganization (admins): the member may get tokens again; a member of another organization is 412', async () => {
    const cy = await invite(email('cy'));
    const forbidden = await callOperation(t, 'setUserAsSSOMemberForOrganization', { organizationId: orgId, userId: cy }, bob.token);
    expect(forbidden.status).toBe(403);
    await expect(t.cli('token', 'create', '--user', cy)).rejects.toThrow(/enforces single sign-on/);
    const res = await callOperation(t, 'setUserAsSSOMemberForOrganization', { organizationId: orgId, userId: cy }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'member', id: cy, role: 'edit', sso: true });
    const viaClient = await t.client(admin.token).orgs.setUserAsSsoMemberForOrganization(orgId, cy);
    expectMatchesOperation('setUserAsSSOMemberForOrganization', 200, viaClient.data);
    expect((await t.cli('token', 'create', '--user', cy))[0].token).toMatch(/^gb_api_/);
    const multiEmail = email('multi');
    await t.bootstrap('Second', multiEmail);
    const multi = await invite(multiEmail);
    const refused = await callOperation(t, 'setUserAsSSOMemberForOrganization', { organizationId: orgId, userId: multi }, admin.token);
    expect([refused.status, refused.body.error.message]).toEqual([412, expect.stringContaining('belongs to other organizations too')]);
    expect((await callOperation(t, 'setUserAsSSOMemberForOrganization', { organizationId: orgId, userId: 'nobody' }, admin.token)).status).toBe(404);
  });
});
