import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { expectErrorResponse, expectMatchesOperation, operationUrl, referenceOperation } from '../support/reference-schema';

type Flag = 'view' | 'admin' | 'listMembers' | 'listTeams' | 'ownTeam' | 'createContent' | 'createOpenAPISpec' | 'ingestConversations';
/** Flags of features this server does not serve (no route): false for every role. */
const UNSERVED = ['viewBilling', 'listIntegrations', 'listInstallations', 'installIntegration'];

/**
 * docs/organization-roles.md, tested: each organization permission flag that guards an endpoint of
 * this context is checked against what the endpoint does, for members of every role. A token of
 * another organization gets 404 on every route.
 */
describe('organization roles and permissions (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let teamId: string;
  let ownedTeam: string;
  let inviteId: string;
  const who: Record<string, { userId: string; token: string }> = {};
  let outsider: string;

  async function call(operationId: string, params: Record<string, string>, token: string, body?: unknown) {
    const op = referenceOperation(operationId);
    const req = t.http[op.method.toLowerCase()](operationUrl(operationId, params)).set(bearer(token));
    const res = await (body !== undefined ? req.send(body as object) : req);
    if (res.status < 400) expectMatchesOperation(operationId, res.status, res.body);
    else expectErrorResponse(operationId, res.status, res.body);
    return res;
  }

  beforeAll(async () => {
    t = await startTestApp();
    const boot = await t.bootstrap('Acme Docs', email('ada'));
    orgId = boot.organizationId;
    who.admin = { userId: boot.userId, token: boot.token };
    for (const role of ['create', 'review', 'edit', 'comment', 'read', 'guest']) {
      [who[role]] = await t.cli('user', 'create', '--email', email(role), '--name', role, '--org', orgId, '--role', role === 'guest' ? 'read' : role);
    }
    [who.owner] = await t.cli('user', 'create', '--email', email('owner'), '--name', 'Owner', '--org', orgId, '--role', 'read');
    const admin = who.admin.token;
    await call('updateMemberInOrganizationById', { organizationId: orgId, userId: who.guest.userId }, admin, { role: null });
    await call('updateOrganizationById', { organizationId: orgId }, admin, { inviteLinks: true });
    teamId = (await call('createOrganizationTeam', { organizationId: orgId }, admin, { title: 'Everyone' })).body.id;
    ownedTeam = (await call('createOrganizationTeam', { organizationId: orgId }, admin, { title: 'Owned', members: [who.owner.userId] })).body.id;
    await call('addMemberToOrganizationTeamById', { organizationId: orgId, teamId: ownedTeam, userId: who.owner.userId }, admin, { role: 'owner' });
    // A guest owning a team still manages nothing: guests cannot see teams (ownTeam stays false).
    await call('addMemberToOrganizationTeamById', { organizationId: orgId, teamId: ownedTeam, userId: who.guest.userId }, admin, { role: 'owner' });
    inviteId = (await call('createOrganizationInvite', { organizationId: orgId }, admin, { role: 'read' })).body.id;
    // A spec that every allowed role replaces and changes (so those answer 200, not 201).
    await call('createOpenAPISpec', { organizationId: orgId }, admin, { slug: 'guarded', source: { text: SPEC } });
    ({ token: outsider } = await t.bootstrap('Other Org', email('otto')));
  });
  afterAll(async () => {
    await t?.close();
  });

  const SPEC = 'openapi: 3.0.3\ninfo: {title: Guarded, version: "1"}\npaths: {}\n';
  let specs = 0;
  const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'owner'];
  /** The flags of the organization's services (OpenAPI specs at create, conversations at edit), by role. */
  const services = (createOpenAPISpec: boolean, ingestConversations: boolean) => ({ createOpenAPISpec, ingestConversations });
  const EXPECTED: Record<string, Record<Flag, boolean>> = {
    admin: { view: true, admin: true, listMembers: true, listTeams: true, ownTeam: false, createContent: true, ...services(true, true) },
    create: { view: true, admin: false, listMembers: true, listTeams: true, ownTeam: false, createContent: true, ...services(true, true) },
    review: { view: true, admin: false, listMembers: true, listTeams: true, ownTeam: false, createContent: false, ...services(false, true) },
    edit: { view: true, admin: false, listMembers: true, listTeams: true, ownTeam: false, createContent: false, ...services(false, true) },
    comment: { view: true, admin: false, listMembers: true, listTeams: true, ownTeam: false, createContent: false, ...services(false, false) },
    read: { view: true, admin: false, listMembers: true, listTeams: true, ownTeam: false, createContent: false, ...services(false, false) },
    guest: { view: true, admin: false, listMembers: false, listTeams: false, ownTeam: false, createContent: false, ...services(false, false) },
    owner: { view: true, admin: false, listMembers: true, listTeams: true, ownTeam: true, createContent: false, ...services(false, false) },
  };

  const flagsOf = async (role: string) =>
    (await call('getOrganizationById', { organizationId: orgId }, who[role].token)).body.permissions as Record<Flag, boolean>;

  it.each(ROLES)('%s: Organization.permissions follows the role table', async (role) => {
    const flags = await flagsOf(role);
    expect(flags).toMatchObject(EXPECTED[role]);
    expect(UNSERVED.filter((f) => (flags as Record<string, boolean>)[f] !== false)).toEqual([]);
  });

  /** Operations each flag opens, with the status they answer when allowed. */
  const GUARDED: Array<[Flag, string, (token: string) => Promise<{ status: number }>, number]> = [
    ['admin', 'updateOrganizationById', (tk) => call('updateOrganizationById', { organizationId: orgId }, tk, { title: 'Acme Docs' }), 200],
    [
      'admin',
      'updateMemberInOrganizationById',
      (tk) => call('updateMemberInOrganizationById', { organizationId: orgId, userId: who.read.userId }, tk, { role: 'read' }),
      200,
    ],
    ['admin', 'removeMemberFromOrganizationById', (tk) => call('removeMemberFromOrganizationById', { organizationId: orgId, userId: 'not-a-member' }, tk), 204],
    ['admin', 'inviteUsersToOrganization', (tk) => call('inviteUsersToOrganization', { organizationId: orgId }, tk, { emails: [] }), 200],
    ['admin', 'listOrganizationInviteLinks', (tk) => call('listOrganizationInviteLinks', { organizationId: orgId }, tk), 200],
    ['admin', 'getOrganizationInviteLink', (tk) => call('getOrganizationInviteLink', { organizationId: orgId, inviteId }, tk), 200],
    ['admin', 'updateOrganizationInviteById', (tk) => call('updateOrganizationInviteById', { organizationId: orgId, inviteId }, tk, { role: 'read' }), 200],
    ['admin', 'deleteOrganizationInviteById', (tk) => call('deleteOrganizationInviteById', { organizationId: orgId, inviteId: 'no-such-invite' }, tk), 204],
    ['admin', 'createOrganizationTeam', (tk) => call('createOrganizationTeam', { organizationId: orgId }, tk, { title: 'Made' }), 201],
    ['admin', 'removeTeamFromOrganizationById', (tk) => call('removeTeamFromOrganizationById', { organizationId: orgId, teamId: 'no-such-team' }, tk), 204],
    [
      'admin',
      'updateTeamInOrganizationById (any team)',
      (tk) => call('updateTeamInOrganizationById', { organizationId: orgId, teamId }, tk, { title: 'Everyone' }),
      200,
    ],
    [
      'admin',
      'addMemberToOrganizationTeamById (any team)',
      (tk) => call('addMemberToOrganizationTeamById', { organizationId: orgId, teamId, userId: who.read.userId }, tk, {}),
      204,
    ],
    ['listMembers', 'listMembersInOrganizationById', (tk) => call('listMembersInOrganizationById', { organizationId: orgId }, tk), 200],
    ['listMembers', 'getMemberInOrganizationById', (tk) => call('getMemberInOrganizationById', { organizationId: orgId, userId: who.admin.userId }, tk), 200],
    ['listTeams', 'listTeamsInOrganizationById', (tk) => call('listTeamsInOrganizationById', { organizationId: orgId }, tk), 200],
    ['listTeams', 'getTeamInOrganizationById', (tk) => call('getTeamInOrganizationById', { organizationId: orgId, teamId }, tk), 200],
    ['listTeams', 'listTeamMembersInOrganizationById', (tk) => call('listTeamMembersInOrganizationById', { organizationId: orgId, teamId }, tk), 200],
    [
      'listTeams',
      'listTeamsForOrganizationMember',
      (tk) => call('listTeamsForOrganizationMember', { organizationId: orgId, userId: who.owner.userId }, tk),
      200,
    ],
    ['view', 'getOrganizationById', (tk) => call('getOrganizationById', { organizationId: orgId }, tk), 200],
    ['createContent', 'createSpace (top level)', (tk) => call('createSpace', { organizationId: orgId }, tk, { title: 'Made' }), 201],
    ['createContent', 'createCollection (top level)', (tk) => call('createCollection', { organizationId: orgId }, tk, { title: 'Made' }), 201],
    // OpenAPI specs: reading them needs only `view`; creating, replacing, changing and deleting them needs createOpenAPISpec.
    ['view', 'listOpenAPISpecs', (tk) => call('listOpenAPISpecs', { organizationId: orgId }, tk), 200],
    ['view', 'getOpenAPISpecBySlug', (tk) => call('getOpenAPISpecBySlug', { organizationId: orgId, specSlug: 'guarded' }, tk), 200],
    [
      'createOpenAPISpec',
      'createOpenAPISpec',
      (tk) => call('createOpenAPISpec', { organizationId: orgId }, tk, { slug: `made-${++specs}`, source: { text: SPEC } }),
      201,
    ],
    [
      'createOpenAPISpec',
      'createOrUpdateOpenAPISpecBySlug',
      (tk) => call('createOrUpdateOpenAPISpecBySlug', { organizationId: orgId, specSlug: 'guarded' }, tk, { source: { text: SPEC } }),
      200,
    ],
    [
      'createOpenAPISpec',
      'updateOpenAPISpecBySlug',
      (tk) => call('updateOpenAPISpecBySlug', { organizationId: orgId, specSlug: 'guarded' }, tk, { visibility: 'private' }),
      200,
    ],
    ['createOpenAPISpec', 'deleteOpenAPISpecBySlug', (tk) => call('deleteOpenAPISpecBySlug', { organizationId: orgId, specSlug: 'no-such-spec' }, tk), 204],
    [
      'ingestConversations',
      'ingestConversation',
      (tk) => call('ingestConversation', { organizationId: orgId }, tk, { id: 'guarded', parts: [{ type: 'message', role: 'user', body: 'Hello' }] }),
      204,
    ],
  ];

  describe.each(ROLES)('%s', (role) => {
    it.each(GUARDED.map(([flag, name, run, ok]) => ({ flag, name, run, ok })))('$name: allowed iff $flag', async ({ flag, run, ok }) => {
      const flags = await flagsOf(role);
      const res = await run(who[role].token);
      expect({ flag, value: flags[flag], status: res.status }).toEqual({ flag, value: flags[flag], status: flags[flag] ? ok : 403 });
    });

    it('ownTeam: manages the members and title of the teams it owns (admins manage all)', async () => {
      const flags = await flagsOf(role);
      const add = await call('addMemberToOrganizationTeamById', { organizationId: orgId, teamId: ownedTeam, userId: who.read.userId }, who[role].token, {});
      const rename = await call('updateTeamInOrganizationById', { organizationId: orgId, teamId: ownedTeam }, who[role].token, { title: 'Owned' });
      const allowed = flags.ownTeam || flags.admin;
      expect([add.status, rename.status]).toEqual(allowed ? [204, 200] : [403, 403]);
      // Owning one team manages only that team.
      if (flags.ownTeam && !flags.admin) {
        expect((await call('addMemberToOrganizationTeamById', { organizationId: orgId, teamId, userId: who.read.userId }, who[role].token, {})).status).toBe(
          403,
        );
      }
    });
  });

  it('a token of another organization gets 404 on every route of this context', async () => {
    const p = { organizationId: orgId, userId: who.read.userId, teamId, inviteId };
    const routes: Array<[string, unknown?]> = [
      ['getOrganizationById'],
      ['updateOrganizationById', { title: 'Mine' }],
      ['listMembersInOrganizationById'],
      ['getMemberInOrganizationById'],
      ['updateMemberInOrganizationById', { role: 'admin' }],
      ['removeMemberFromOrganizationById'],
      ['listTeamsForOrganizationMember'],
      ['inviteUsersToOrganization', { emails: [] }],
      ['joinOrganizationWithInvite'],
      ['listOrganizationInviteLinks'],
      ['createOrganizationInvite', { role: 'admin' }],
      ['getOrganizationInviteLink'],
      ['updateOrganizationInviteById', { role: 'admin' }],
      ['deleteOrganizationInviteById'],
      ['listTeamsInOrganizationById'],
      ['createOrganizationTeam', { title: 'Mine' }],
      ['getTeamInOrganizationById'],
      ['updateTeamInOrganizationById', { title: 'Mine' }],
      ['removeTeamFromOrganizationById'],
      ['listTeamMembersInOrganizationById'],
      ['updateMembersInOrganizationTeam', { add: [] }],
      ['addMemberToOrganizationTeamById', {}],
      ['deleteMemberFromOrganizationTeamById'],
    ];
    // joinOrganizationWithInvite is the one route meant for non-members: it answers 404 here only
    // because this invite is deleted first (a live link would let anyone holding it join).
    await call('deleteOrganizationInviteById', { organizationId: orgId, inviteId }, who.admin.token);
    for (const [op, body] of routes) {
      const res = await call(op, p, outsider, body);
      expect({ op, status: res.status }).toEqual({ op, status: 404 });
    }
    // The join-by-domain route answers 404 only for unknown organizations (the reference's 400 says the domain is wrong).
    expect((await call('joinOrganization', { organizationId: 'no-such-org' }, outsider)).status).toBe(404);
    expect((await call('listMembersInOrganizationById', { organizationId: orgId }, who.admin.token)).body.count).toBe(8);
  });

  it('odd bodies on every write route answer 4xx naming a field, never 500', async () => {
    const p = { organizationId: orgId, userId: who.read.userId, teamId, inviteId: 'x' };
    const writes = [
      'updateOrganizationById',
      'updateMemberInOrganizationById',
      'inviteUsersToOrganization',
      'createOrganizationInvite',
      'updateOrganizationInviteById',
      'createOrganizationTeam',
      'updateTeamInOrganizationById',
      'updateMembersInOrganizationTeam',
      'addMemberToOrganizationTeamById',
    ];
    const bodies: unknown[] = [
      [],
      [1, 2],
      { role: { $ne: null } },
      { title: { a: 1 } },
      { emails: [null] },
      { add: [1] },
      { memberships: [] },
      { memberships: { x: null } },
      { defaultContent: [] },
      { mergeRules: null },
    ];
    for (const op of writes) {
      for (const body of bodies) {
        const res = await call(op, p, who.admin.token, body);
        expect({ op, body, status: res.status < 500 }).toEqual({ op, body, status: true });
        if (res.status === 400) expect(res.body.error.message).toMatch(/^[\w.[\]]+: /);
      }
    }
  });
});
