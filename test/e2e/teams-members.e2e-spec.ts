import { TeamMemberRole } from '@gitbook/api';
import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

describe('team members (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let adminId: string;
  let admin: string;
  const u: Record<string, { userId: string; token: string; email: string }> = {};
  let team: string;
  let other: string;

  async function call(operationId: string, params: Record<string, string>, token: string, opts: { body?: unknown; query?: Record<string, unknown> } = {}) {
    return callOperation(t, operationId, params, token, opts);
  }
  const members = (teamId = team, query: Record<string, unknown> = {}, token = admin) =>
    call('listTeamMembersInOrganizationById', { organizationId: orgId, teamId }, token, { query });
  const seatIds = async (teamId = team) => (await members(teamId)).body.items.map((m: { organization: { id: string } }) => m.organization.id);
  const add = (userId: string, body: unknown = {}, token = admin, teamId = team) =>
    call('addMemberToOrganizationTeamById', { organizationId: orgId, teamId, userId }, token, { body });
  const drop = (userId: string, token = admin, teamId = team) => call('deleteMemberFromOrganizationTeamById', { organizationId: orgId, teamId, userId }, token);
  const update = (body: unknown, token = admin, teamId = team) => call('updateMembersInOrganizationTeam', { organizationId: orgId, teamId }, token, { body });
  const getTeam = async (teamId = team) => (await call('getTeamInOrganizationById', { organizationId: orgId, teamId }, admin)).body;
  const member = async (userId: string) => (await call('getMemberInOrganizationById', { organizationId: orgId, userId }, admin)).body;

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, userId: adminId, token: admin } = await t.bootstrap('Acme Docs', email('ada')));
    for (const [name, role] of [
      ['edith', 'edit'],
      ['olga', 'edit'],
      ['rita', 'read'],
      ['pat', 'comment'],
    ] as const) {
      const mail = email(name);
      const [x] = await t.cli('user', 'create', '--email', mail, '--name', `${name} Example`, '--org', orgId, '--role', role);
      u[name] = { ...x, email: mail };
    }
    team = (await t.client(admin).orgs.createOrganizationTeam(orgId, { title: 'Writers' })).data.id;
    other = (await t.client(admin).orgs.createOrganizationTeam(orgId, { title: 'Others' })).data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('PUT .../members/{userId} adds a member (204); the list, the team and the member show it', async () => {
    const res = await add(u.edith.userId);
    expect(res.status).toBe(204);
    const list = await members();
    expect(list.body.count).toBe(1);
    expect(list.body.items[0]).toEqual({
      organization: expect.objectContaining({
        object: 'member',
        id: u.edith.userId,
        role: 'edit',
        teams: 1,
        user: expect.objectContaining({ displayName: 'edith Example' }),
      }),
      team: { role: 'member' },
      permissions: { view: true },
    });
    expect((await getTeam()).members).toBe(1);
    expect((await member(u.edith.userId)).teams).toBe(1);
  });

  it('the same PUT with role owner changes the role; the client adds too', async () => {
    expect((await add(u.olga.userId, { role: 'owner' })).status).toBe(204);
    expect((await add(u.olga.userId, { role: 'owner' })).status).toBe(204);
    const viaClient = await t.client(admin).orgs.addMemberToOrganizationTeamById(orgId, team, u.rita.userId, { role: TeamMemberRole.Member });
    expect(viaClient.status).toBe(204);
    const list = await t.client(admin).orgs.listTeamMembersInOrganizationById(orgId, team);
    expectMatchesOperation('listTeamMembersInOrganizationById', 200, list.data);
    expect(list.data.items.map((m) => [m.organization.id, m.team.role])).toEqual([
      [u.edith.userId, 'member'],
      [u.olga.userId, 'owner'],
      [u.rita.userId, 'member'],
    ]);
    expect((await getTeam()).members).toBe(3);
  });

  it('pages through a team’s members in the order they were added', async () => {
    const first = await members(team, { limit: 2 });
    expect(first.body.count).toBe(3);
    expect(first.body.items).toHaveLength(2);
    const second = await members(team, { limit: 2, page: first.body.next.page });
    expect(second.body.next).toBeUndefined();
    expect([...first.body.items, ...second.body.items].map((m: { organization: { id: string } }) => m.organization.id)).toEqual([
      u.edith.userId,
      u.olga.userId,
      u.rita.userId,
    ]);
  });

  it('lists a member’s teams with their team role, filtered by title', async () => {
    await add(u.olga.userId, {}, admin, other);
    const res = await call('listTeamsForOrganizationMember', { organizationId: orgId, userId: u.olga.userId }, u.rita.token);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((i: { team: { id: string }; member: { role: string } }) => [i.team.id, i.member.role])).toEqual([
      [team, 'owner'],
      [other, 'member'],
    ]);
    const filtered = await t.client(admin).orgs.listTeamsForOrganizationMember(orgId, u.olga.userId, { title: 'OTH' });
    expectMatchesOperation('listTeamsForOrganizationMember', 200, filtered.data);
    expect(filtered.data.items.map((i) => i.team.title)).toEqual(['Others']);
    expect((await call('listTeamsForOrganizationMember', { organizationId: orgId, userId: 'nobody' }, admin)).status).toBe(404);
    expect((await member(u.olga.userId)).teams).toBe(2);
  });

  it('PUT .../members adds by id or email, re-roles with memberships, removes; a user in add and remove is removed', async () => {
    const res = await update({
      add: [u.pat.email.toUpperCase(), u.edith.userId],
      memberships: { [u.edith.userId]: { role: 'owner' } },
      remove: [u.rita.userId, u.edith.userId, 'nobody@example.com'],
    });
    expect(res.status).toBe(204);
    expect(await seatIds()).toEqual([u.olga.userId, u.pat.userId]);
    expect((await getTeam()).members).toBe(2);
    expect((await member(u.rita.userId)).teams).toBe(0);

    const viaClient = await t
      .client(admin)
      .orgs.updateMembersInOrganizationTeam(orgId, team, { add: [u.rita.userId], memberships: { [u.pat.userId]: { role: TeamMemberRole.Owner } } });
    expect(viaClient.status).toBe(204);
    const roles = (await members()).body.items.map((m: { organization: { id: string }; team: { role: string } }) => [m.organization.id, m.team.role]);
    expect(roles).toEqual([
      [u.olga.userId, 'owner'],
      [u.pat.userId, 'owner'],
      [u.rita.userId, 'member'],
    ]);
  });

  it('DELETE .../members/{userId}: 205 removed, 204 not in the team (supertest and client)', async () => {
    expect((await drop(u.rita.userId)).status).toBe(205);
    expect((await drop(u.rita.userId)).status).toBe(204);
    expect(await seatIds()).toEqual([u.olga.userId, u.pat.userId]);
    await add(u.rita.userId);
    expect((await t.client(admin).orgs.deleteMemberFromOrganizationTeamById(orgId, team, u.rita.userId)).status).toBe(205);
    expect((await t.client(admin).orgs.deleteMemberFromOrganizationTeamById(orgId, team, u.rita.userId)).status).toBe(204);
    expect((await getTeam()).members).toBe(2);
  });

  it('a team owner manages their team’s members, not other teams; plain members cannot (403)', async () => {
    expect((await add(u.edith.userId, {}, u.olga.token)).status).toBe(204);
    expect((await drop(u.edith.userId, u.olga.token)).status).toBe(205);
    expect((await add(u.edith.userId, {}, u.olga.token, other)).status).toBe(403);
    expect((await add(u.edith.userId, {}, u.rita.token)).status).toBe(403);
    expect((await update({ remove: [u.olga.userId] }, u.edith.token)).status).toBe(403);
    expect((await clientError(t.client(u.edith.token).orgs.deleteMemberFromOrganizationTeamById(orgId, team, u.olga.userId))).code).toBe(403);
    expect(await seatIds()).toEqual([u.olga.userId, u.pat.userId]);
  });

  it('only organization members join teams; bad bodies are 400 naming the field', async () => {
    const [{ userId: stranger }] = await t.cli('user', 'create', '--email', email('stranger'), '--name', 'Stranger');
    const notMember = await add(stranger);
    expect(notMember.status).toBe(400);
    expect(notMember.body.error.message).toContain('not a member');
    const cases: Array<[unknown, string]> = [
      [{ add: 'x' }, 'add'],
      [{ add: [''] }, 'add[0]'],
      [{ memberships: { [u.rita.userId]: { role: 'boss' } } }, 'role'],
      [{ kick: [] }, 'kick'],
      [{ add: ['nobody@example.com'] }, 'add[0]'],
      [{ add: [u.rita.userId, stranger] }, 'add[1]'],
    ];
    for (const [body, field] of cases) {
      const res = await update(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
    }
    const badRole = await add(u.rita.userId, { role: 'admin' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error.message).toContain('role');
    expect(await seatIds()).toEqual([u.olga.userId, u.pat.userId]);
  });

  it('unknown teams are 404 on every team-member route', async () => {
    expect((await members('nope')).status).toBe(404);
    expect((await add(u.rita.userId, {}, admin, 'nope')).status).toBe(404);
    expect((await drop(u.rita.userId, admin, 'nope')).status).toBe(404);
    expect((await update({ add: [] }, admin, 'nope')).status).toBe(404);
  });

  it('removing someone from the organization frees their team seats', async () => {
    expect((await call('removeMemberFromOrganizationById', { organizationId: orgId, userId: u.pat.userId }, admin)).status).toBe(205);
    expect(await seatIds()).toEqual([u.olga.userId]);
    expect((await getTeam()).members).toBe(1);
    const events = await t.cli('events', '--stream', `organizations.organization-${orgId}`);
    const last = events.slice(-2);
    expect(last.map((e) => e.type)).toEqual(['TeamMemberRemoved', 'OrganizationMemberRemoved']);
    expect(last[0].data).toMatchObject({ teamId: team, userId: u.pat.userId });
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['TeamMemberAdded', 'TeamMemberRoleChanged', 'TeamMemberRemoved']));
  });

  it('guests and outsiders may not see teams; the guest gets 403, another organization 404', async () => {
    await call('updateMemberInOrganizationById', { organizationId: orgId, userId: u.rita.userId }, admin, { body: { role: null } });
    expect((await members(team, {}, u.rita.token)).status).toBe(403);
    const { token: outsider } = await t.bootstrap('Other', email('otto'));
    expect((await members(team, {}, outsider)).status).toBe(404);
    expect((await t.http.get(`/v1/orgs/${orgId}/members/${adminId}/teams`).set(bearer(outsider))).status).toBe(404);
  });

  it('parallel membership changes on one organization all land (bounded retries on the stream revision)', async () => {
    const results = await Promise.all(['edith', 'olga', 'rita'].map((n) => add(u[n].userId, {}, admin, other)));
    expect(results.map((r) => r.status)).toEqual([204, 204, 204]);
    const teams = await Promise.all([1, 2, 3, 4, 5].map((i) => t.client(admin).orgs.createOrganizationTeam(orgId, { title: `Parallel ${i}` })));
    expect(new Set(teams.map((r) => r.data.id)).size).toBe(5);
    expect((await getTeam(other)).members).toBe(3);
  });

  it('rebuilding the organizations projection reproduces the live read models', async () => {
    await t.engine.drain();
    const before = await t.engine.dump('organizations');
    expect(before.organization_team_members.length).toBeGreaterThan(0);
    await t.engine.rebuild('organizations');
    expect(await t.engine.dump('organizations')).toEqual(before);
  });
});
