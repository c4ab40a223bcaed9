import { MemberRole } from '@gitbook/api';
import { EventStore, newEventId } from '@app/platform';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { expectErrorResponse, expectMatchesOperation } from '../support/reference-schema';

/** PATCH /v1/orgs/{organizationId}: every field of the contract, with defaultContent checked against known content. */
describe('organization settings (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let adminId: string;
  let admin: string;
  let otherOrg: string;
  let other: string;

  const patch = async (body: unknown, token = admin, id = orgId) => {
    const res = await t.http
      .patch(`/v1/orgs/${id}`)
      .set(bearer(token))
      .send(body as object);
    if (res.status === 200) expectMatchesOperation('updateOrganizationById', 200, res.body);
    else expectErrorResponse('updateOrganizationById', res.status, res.body);
    return res;
  };
  const get = async (token = admin) => {
    const res = await t.http.get(`/v1/orgs/${orgId}`).set(bearer(token));
    expectMatchesOperation('getOrganizationById', res.status, res.body);
    return res.body;
  };
  const createSpace = async (org: string, token: string) => {
    const res = await t.http.post(`/v1/orgs/${org}/spaces`).set(bearer(token)).send({ title: 'Handbook' });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** Integration events of contexts that are being written elsewhere (collections). */
  const emit = async (stream: string, type: string, data: object) => {
    const r = await t.app.get(EventStore).append(
      stream,
      [
        {
          id: newEventId(),
          type,
          data,
          metadata: { actor: adminId, occurredAt: t.clock.now().toISOString(), correlationId: 'c', causationId: null, schemaVersion: 1 },
        },
      ],
      'any',
    );
    await t.engine.waitFor(r.position);
  };
  const lastUpdate = async () =>
    (await t.cli('events', '--stream', `organizations.organization-${orgId}`)).filter((e) => e.type === 'OrganizationUpdated').pop();

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, userId: adminId, token: admin } = await t.bootstrap('Acme Docs', email('ada')));
    ({ organizationId: otherOrg, token: other } = await t.bootstrap('Other Org', email('otto')));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('defaultRole: every role and null, read back by GET and by the contract query', async () => {
    for (const role of ['admin', 'create', 'review', 'edit', 'comment', 'read', null]) {
      const res = await patch({ defaultRole: role });
      expect(res.status).toBe(200);
      expect(res.body.defaultRole).toBe(role);
      expect((await get()).defaultRole).toBe(role);
    }
    const viaClient = await t.client(admin).orgs.updateOrganizationById(orgId, { defaultRole: MemberRole.Review });
    expectMatchesOperation('updateOrganizationById', 200, viaClient.data);
    expect((await get()).defaultRole).toBe('review');
    const { QueryBus } = await import('@nestjs/cqrs');
    const { GetOrganizationDefaultRoleQuery } = await import('@app/organizations');
    expect(await t.app.get(QueryBus).execute(new GetOrganizationDefaultRoleQuery(orgId))).toBe('review');
  });

  it('defaultContent: a site of the organization (asked of the sites context) is accepted and rendered; null clears it', async () => {
    expect((await patch({ defaultContent: { type: 'site', site: 'site1' } })).status).toBe(400);
    const created = await t.http.post(`/v1/orgs/${orgId}/sites`).set(bearer(admin)).send({ title: 'Docs' });
    expect(created.status).toBe(201);
    const site1 = created.body.id as string;
    const res = await patch({ defaultContent: { type: 'site', site: site1 } });
    expect(res.status).toBe(200);
    expect(res.body.defaultContent).toEqual({ type: 'site', site: site1 });
    expect((await get()).defaultContent).toEqual({ type: 'site', site: site1 });
    const cleared = await patch({ defaultContent: null });
    expect(cleared.body.defaultContent).toBeUndefined();
    expect((await get()).defaultContent).toBeUndefined();
  });

  it('defaultContent: a live space of this organization is accepted; others are 400 naming the field', async () => {
    const mine = await createSpace(orgId, admin);
    const theirs = await createSpace(otherOrg, other);
    const ok = await patch({ defaultContent: { type: 'space', space: mine } });
    expect(ok.status).toBe(200);
    // The reference Organization renders only site pointers; the space pointer is kept in the event.
    expect((await lastUpdate()).data.changes.defaultContent).toEqual({ type: 'space', space: mine });
    for (const space of [theirs, 'no-such-space']) {
      const res = await patch({ defaultContent: { type: 'space', space } });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('defaultContent.space');
    }
    expect((await t.http.delete(`/v1/spaces/${mine}`).set(bearer(admin))).status).toBe(205);
    const deleted = await patch({ defaultContent: { type: 'space', space: mine } });
    expect(deleted.status).toBe(400);
  });

  it('defaultContent: collections follow CollectionCreated / CollectionDeleted', async () => {
    await emit('spaces.collection-c1', 'CollectionCreated', { collectionId: 'c1', organizationId: orgId });
    expect((await patch({ defaultContent: { type: 'collection', collection: 'c1' } })).status).toBe(200);
    expect((await lastUpdate()).data.changes.defaultContent).toEqual({ type: 'collection', collection: 'c1' });
    await emit('spaces.collection-c1', 'CollectionDeleted', { collectionId: 'c1' });
    const res = await patch({ defaultContent: { type: 'collection', collection: 'c1' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('defaultContent.collection');
  });

  it.each([
    [{ defaultContent: { type: 'page', page: 'p' } }, 'defaultContent.type'],
    [{ defaultContent: { type: 'space' } }, 'defaultContent.space'],
    [{ defaultContent: { type: 'site', site: 's', space: 'x' } }, 'defaultContent.space'],
    [{ defaultContent: 'site1' }, 'defaultContent'],
    [{ logo: 'not a url' }, 'logo'],
    [{ emailDomains: ['not a domain'] }, 'emailDomains[0]'],
    [{ mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers' }] } }, 'mergeRules.rules[0].users'],
    [{ mergeRules: { type: 'rules', rules: [{ rule: 'nope' }] } }, 'mergeRules.rules[0].rule'],
    [{ ai: 1 }, 'ai'],
    [{ inviteLinks: 'on' }, 'inviteLinks'],
  ])('rejects %j with 400 naming %s and changes nothing', async (body, field) => {
    const before = await get();
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect(await get()).toEqual(before);
  });

  it('logo, flags and merge rules round-trip', async () => {
    const mergeRules = {
      type: 'rules',
      rules: [
        { rule: 'require_one_of_specific_reviewers', users: [adminId] },
        { rule: 'custom', expression: 'reviews >= 2' },
      ],
    };
    const res = await patch({ logo: 'https://cdn.example.com/logo.png', ai: true, sso: true, inviteLinks: true, mergeRules });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ai: true, sso: true, inviteLinks: true, mergeRules, urls: { logo: 'https://cdn.example.com/logo.png' } });
    expect(await get()).toEqual(res.body);
    const cleared = await patch({ logo: null, mergeRules: { type: 'none' } });
    expect(cleared.body.urls.logo).toBeUndefined();
    expect(cleared.body.mergeRules).toEqual({ type: 'none' });
  });

  it('outsiders get 404 even for defaultContent they could probe; non-admins 403', async () => {
    expect((await patch({ defaultContent: { type: 'space', space: 'x' } }, other)).status).toBe(404);
    const [{ token: editor }] = await t.cli('user', 'create', '--email', email('ed'), '--name', 'Ed', '--org', orgId, '--role', 'edit');
    expect((await patch({ defaultContent: { type: 'space', space: 'x' } }, editor)).status).toBe(403);
  });
});
