import { EventStore, newEventId } from '@app/platform';
import { callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

describe('teams (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let adminId: string;
  let admin: string;
  let outsider: string;
  let outsiderOrgId: string;
  const u: Record<string, { userId: string; token: string }> = {};

  async function call(operationId: string, params: Record<string, string>, token: string, opts: { body?: unknown; query?: Record<string, unknown> } = {}) {
    return callOperation(t, operationId, params, token, opts);
  }
  const create = (body: unknown, token = admin) => call('createOrganizationTeam', { organizationId: orgId }, token, { body });
  const list = (query: Record<string, unknown> = {}, token = admin) => call('listTeamsInOrganizationById', { organizationId: orgId }, token, { query });
  const get = (teamId: string, token = admin) => call('getTeamInOrganizationById', { organizationId: orgId, teamId }, token);
  const rename = (teamId: string, body: unknown, token = admin) => call('updateTeamInOrganizationById', { organizationId: orgId, teamId }, token, { body });
  const del = (teamId: string, token = admin) => call('removeTeamFromOrganizationById', { organizationId: orgId, teamId }, token);
  const seat = (teamId: string, userId: string, body: unknown = {}, token = admin) =>
    call('addMemberToOrganizationTeamById', { organizationId: orgId, teamId, userId }, token, { body });
  const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((i) => i.id);

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, userId: adminId, token: admin } = await t.bootstrap('Acme Docs', email('ada')));
    for (const [name, role] of [
      ['edith', 'edit'],
      ['olga', 'edit'],
      ['rita', 'read'],
    ] as const) {
      [u[name]] = await t.cli('user', 'create', '--email', email(name), '--name', name, '--org', orgId, '--role', role);
    }
    ({ token: outsider, organizationId: outsiderOrgId } = await t.bootstrap('Other Org', email('otto')));
  });
  afterAll(async () => {
    await t?.close();
  });

  let writers: string;
  let reviewers: string;

  it('PUT creates a team with members (201, Location); GET and the list reflect it', async () => {
    const res = await create({ title: 'Writers', members: [u.edith.userId, u.olga.userId] });
    expect(res.status).toBe(201);
    writers = res.body.id;
    expect(res.headers.location).toBe(`${t.baseUrl}/v1/orgs/${orgId}/teams/${writers}`);
    expect(res.body).toEqual({
      object: 'team',
      id: writers,
      title: 'Writers',
      members: 2,
      spaces: 0,
      createdAt: t.clock.now().toISOString(),
      permissions: { admin: true, view: true },
    });
    expect((await get(writers)).body).toEqual(res.body);
    expect((await list()).body).toEqual({ items: [res.body], count: 1 });
  });

  it('creates through the official client too', async () => {
    t.clock.advance(1000);
    const res = await t.client(admin).orgs.createOrganizationTeam(orgId, { title: 'Reviewers' });
    expect(res.status).toBe(201);
    expectMatchesOperation('createOrganizationTeam', 201, res.data);
    reviewers = res.data.id;
    expect(res.data).toMatchObject({ title: 'Reviewers', members: 0, spaces: 0 });
    const got = await t.client(u.rita.token).orgs.getTeamInOrganizationById(orgId, reviewers);
    expectMatchesOperation('getTeamInOrganizationById', 200, got.data);
    expect(got.data).toEqual({ ...res.data, permissions: { admin: false, view: true } });
  });

  it.each([
    [{}, 'title'],
    [{ title: '' }, 'title'],
    [{ title: '   ' }, 'title'],
    [{ title: 'x'.repeat(65) }, 'title'],
    [{ title: 7 }, 'title'],
    [{ title: 'T', members: 'x' }, 'members'],
    [{ title: 'T', owner: 'x' }, 'owner'],
  ])('rejects %j with 400 naming %s; nothing is created', async (body, field) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect((await list()).body.count).toBe(2);
  });

  it('only organization members can be members of a team (400 naming the entry)', async () => {
    const [{ userId: stranger }] = await t.cli('user', 'create', '--email', email('stranger'), '--name', 'Stranger');
    const res = await create({ title: 'Mixed', members: [u.edith.userId, stranger] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('members[1]');
    expect(res.body.error.message).toContain('not a member');
    expect((await list()).body.count).toBe(2);
  });

  it('only admins create (403); another organization gets 404', async () => {
    expect((await create({ title: 'Mine' }, u.edith.token)).status).toBe(403);
    expect((await clientError(t.client(u.rita.token).orgs.createOrganizationTeam(orgId, { title: 'Mine' }))).code).toBe(403);
    expect((await create({ title: 'Mine' }, outsider)).status).toBe(404);
    expect((await list()).body.count).toBe(2);
  });

  it('lists with paging, a case-insensitive title filter and an owner filter', async () => {
    for (const title of ['Docs Team', 'API docs', 'Support']) {
      t.clock.advance(1000);
      await create({ title });
    }
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = await list({ limit: 2, ...(page ? { page } : {}) });
      expect(res.body.count).toBe(5);
      seen.push(...ids(res));
      page = res.body.next?.page;
    } while (page);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen.slice(0, 2)).toEqual([writers, reviewers]);

    const docs = await list({ title: 'DOCS' });
    expect(docs.body.items.map((x: { title: string }) => x.title)).toEqual(['Docs Team', 'API docs']);
    expect(docs.body.count).toBe(2);
    const viaClient = await t.client(admin).orgs.listTeamsInOrganizationById(orgId, { title: 'writ' });
    expectMatchesOperation('listTeamsInOrganizationById', 200, viaClient.data);
    expect(viaClient.data.items.map((x) => x.id)).toEqual([writers]);

    // "Manage" = organization admins manage every team; a team owner manages that team.
    expect((await seat(writers, u.olga.userId, { role: 'owner' })).status).toBe(204);
    expect(ids(await list({ owner: u.olga.userId }))).toEqual([writers]);
    expect((await list({ owner: adminId })).body.count).toBe(5);
    expect((await list({ owner: u.rita.userId })).body).toEqual({ items: [], count: 0 });
    expect((await list({ owner: 'nobody' })).body).toEqual({ items: [], count: 0 });
    expect(ids(await list({ owner: u.olga.userId, title: 'nope' }))).toEqual([]);
  });

  it('permissions.admin tells who manages each team', async () => {
    const asOlga = await list({}, u.olga.token);
    expect(asOlga.body.items.map((x: { permissions: { admin: boolean } }) => x.permissions.admin)).toEqual([true, false, false, false, false]);
    const asRita = await list({}, u.rita.token);
    expect(asRita.body.items.every((x: { permissions: { admin: boolean; view: boolean } }) => !x.permissions.admin && x.permissions.view)).toBe(true);
  });

  it('PATCH renames (admins and the team’s owners); plain members get 403', async () => {
    const res = await rename(writers, { title: '  Authors ' }, u.olga.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: writers, title: 'Authors', members: 2, permissions: { admin: true } });
    expect((await get(writers)).body.title).toBe('Authors');
    expect(ids(await list({ title: 'author' }))).toEqual([writers]);

    const viaClient = await t.client(admin).orgs.updateTeamInOrganizationById(orgId, reviewers, { title: 'Editors' });
    expectMatchesOperation('updateTeamInOrganizationById', 200, viaClient.data);
    expect(viaClient.data.title).toBe('Editors');

    expect((await rename(reviewers, { title: 'Olga’s' }, u.olga.token)).status).toBe(403);
    expect((await rename(writers, { title: 'Edith’s' }, u.edith.token)).status).toBe(403);
    expect((await rename(writers, { title: '' })).status).toBe(400);
    expect((await rename(writers, {})).status).toBe(400);
    expect((await get(writers)).body.title).toBe('Authors');
  });

  it('unknown teams and teams of another organization are 404; outsiders get 404 on every team route', async () => {
    const { id: theirs } = (await t.client(outsider).orgs.createOrganizationTeam(outsiderOrgId, { title: 'Theirs' })).data;
    expect((await get(theirs)).status).toBe(404);
    expect((await get('nope')).status).toBe(404);
    expect((await rename('nope', { title: 'x' })).status).toBe(404);
    expect((await clientError(t.client(admin).orgs.getTeamInOrganizationById(orgId, theirs))).code).toBe(404);
    const p = { organizationId: orgId, teamId: writers, userId: u.edith.userId };
    expect((await list({}, outsider)).status).toBe(404);
    expect((await get(writers, outsider)).status).toBe(404);
    expect((await rename(writers, { title: 'x' }, outsider)).status).toBe(404);
    expect((await del(writers, outsider)).status).toBe(404);
    expect((await call('listTeamMembersInOrganizationById', p, outsider)).status).toBe(404);
    expect((await call('updateMembersInOrganizationTeam', p, outsider, { body: { add: [] } })).status).toBe(404);
    expect((await seat(writers, u.edith.userId, {}, outsider)).status).toBe(404);
    expect((await call('deleteMemberFromOrganizationTeamById', p, outsider)).status).toBe(404);
    expect((await get(writers)).body.members).toBe(2);
  });

  it('spaces counts distinct spaces granted through the spaces context’s integration events', async () => {
    const store = t.app.get(EventStore);
    const emit = async (type: string, data: object) => {
      const r = await store.append(
        `spaces.space-${(data as { spaceId: string }).spaceId}`,
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
    await emit('SpaceTeamPermissionGranted', { spaceId: 's1', organizationId: orgId, teamId: writers, role: 'edit' });
    await emit('SpaceTeamPermissionGranted', { spaceId: 's1', organizationId: orgId, teamId: writers, role: 'admin' });
    await emit('SpaceTeamPermissionGranted', { spaceId: 's2', organizationId: orgId, teamId: writers, role: 'read' });
    await emit('SpaceTeamPermissionGranted', { spaceId: 's2', organizationId: orgId, teamId: reviewers, role: 'read' });
    expect((await get(writers)).body.spaces).toBe(2);
    expect((await get(reviewers)).body.spaces).toBe(1);
    await emit('SpaceTeamPermissionRevoked', { spaceId: 's1', teamId: writers });
    await emit('SpaceTeamPermissionRevoked', { spaceId: 's1', teamId: writers });
    expect((await get(writers)).body.spaces).toBe(1);
    await emit('SpacePurged', { spaceId: 's2', organizationId: orgId, deletedAt: 'x', purgedAt: 'y' });
    expect((await get(writers)).body.spaces).toBe(0);
    expect((await get(reviewers)).body.spaces).toBe(0);
  });

  it('DELETE answers 205 then 204; the team is gone from GET, lists and its members’ counts', async () => {
    const before = await call('getMemberInOrganizationById', { organizationId: orgId, userId: u.edith.userId }, admin);
    expect(before.body.teams).toBe(1);
    expect((await del(writers, u.olga.token)).status).toBe(403);
    const gone = await del(writers);
    expect(`${gone.status} ${JSON.stringify(gone.body)}`).toMatch(/^205 /);
    expect((await get(writers)).status).toBe(404);
    expect(ids(await list())).not.toContain(writers);
    expect((await del(writers)).status).toBe(204);
    const after = await call('getMemberInOrganizationById', { organizationId: orgId, userId: u.edith.userId }, admin);
    expect(after.body.teams).toBe(0);
    const viaClient = await t.client(admin).orgs.removeTeamFromOrganizationById(orgId, reviewers);
    expect(viaClient.status).toBe(205);
    expect((await t.client(admin).orgs.removeTeamFromOrganizationById(orgId, reviewers)).status).toBe(204);
    expect((await list()).body.count).toBe(3);
  });

  it('every team change is an event of the organization stream (CLI)', async () => {
    const events = await t.cli('events', '--stream', `organizations.organization-${orgId}`);
    const types = new Set(events.map((e) => e.type));
    for (const type of ['TeamCreated', 'TeamMemberAdded', 'TeamMemberRoleChanged', 'TeamRenamed', 'TeamDeleted']) expect(types).toContain(type);
    expect(events.find((e) => e.type === 'TeamRenamed')).toMatchObject({ actor: u.olga.userId, data: { teamId: writers, title: 'Authors', from: 'Writers' } });
  });
});
