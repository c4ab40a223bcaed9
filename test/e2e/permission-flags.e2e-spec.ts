import { Role } from '@app/platform';
import { ORGANIZATION_FLAG_POLICY, OrganizationFlag } from '@app/organizations';
import { COLLECTION_FLAG_POLICY, CollectionPermissions, SPACE_FLAG_POLICY, SpacePermissions } from '@app/spaces';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { expectErrorResponse, expectMatchesOperation, operationUrl, referenceOperation } from '../support/reference-schema';

/**
 * Permission flags tell the truth. For every flag of Organization.permissions,
 * Space.permissions and Collection.permissions and every role, the flag the caller is shown is
 * true exactly when the route it stands for lets them through (driven over HTTP); when false,
 * that route answers 403 (404 when they cannot see the item at all). A flag whose feature this
 * server does not serve is false for everyone, and the policy's `available` must agree with the
 * router: serving a comments route while `comment` is unavailable (or the reverse) fails here,
 * so landing a feature means flipping its availability.
 */

/** Reference operations that stand for each flag (the first is driven; [] = none in the reference). */
const ORG_ROUTES: Record<OrganizationFlag, string[]> = {
  view: ['getOrganizationById'],
  admin: ['updateOrganizationById'],
  ownTeam: ['updateTeamInOrganizationById'],
  createContent: ['createSpace', 'createCollection'],
  createOpenAPISpec: ['createOpenAPISpec', 'createOrUpdateOpenAPISpecBySlug'],
  ingestConversations: ['ingestConversation'],
  viewBilling: [],
  listMembers: ['listMembersInOrganizationById'],
  listTeams: ['listTeamsInOrganizationById'],
  listIntegrations: ['listOrganizationIntegrations'],
  listInstallations: ['listOrganizationInstallations'],
  installIntegration: ['installIntegration'],
};
const SPACE_ROUTES: Record<keyof SpacePermissions, string[]> = {
  view: ['getSpaceById'],
  access: ['getCurrentRevision'],
  comment: ['postCommentInSpace', 'postCommentInChangeRequest'],
  edit: ['createChangeRequest'],
  triggerGitSync: ['importGitRepository', 'exportToGitRepository'],
  review: ['submitChangeRequestReview'],
  merge: ['mergeChangeRequest'],
  admin: ['updateSpaceById'],
  viewInviteLinks: ['listUserPermissionsInSpace'],
  installIntegration: ['installIntegrationOnSpace'],
};
const COLLECTION_ROUTES: Record<keyof CollectionPermissions, string[]> = {
  view: ['getCollectionById'],
  create: ['createCollection'],
  admin: ['updateCollectionById'],
  viewInviteLinks: ['listUserPermissionsInCollection'],
};

type Who = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read' | 'guest';
const ORG_ROLES: Who[] = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest'];
/** Effective roles on a private space or collection: each organization role gives its own; a guest without grants has none. */
const EFFECTIVE: Array<[Who, Role | null]> = [
  ['admin', 'admin'],
  ['create', 'create'],
  ['review', 'review'],
  ['edit', 'edit'],
  ['comment', 'comment'],
  ['read', 'read'],
  ['guest', null],
];

describe('permission flags against the routes they stand for (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let author: string; // bootstrap admin: creates the items and the change requests others review and merge
  let spaceId: string;
  let collectionId: string;
  const who = {} as Record<Who, { userId: string; token: string; team: string }>;

  async function call(operationId: string, params: Record<string, string>, token: string, body?: unknown): Promise<{ status: number; body: any }> {
    const op = referenceOperation(operationId);
    const req = t.http[op.method.toLowerCase()](operationUrl(operationId, params)).set(bearer(token));
    const res = await (body !== undefined ? req.send(body as object) : req);
    if (res.status < 400) expectMatchesOperation(operationId, res.status, res.body);
    else expectErrorResponse(operationId, res.status, res.body);
    return res;
  }
  const ok = (status: number) => status >= 200 && status < 300;
  const newChangeRequest = async () => (await call('createChangeRequest', { spaceId }, author, { subject: 'Proposal' })).body.id as string;

  /** Method and path of every route the server serves, path parameters normalized. */
  let served: Set<string>;
  const normalize = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{\w+\}|:\w+/g, ':p')}`;
  const isServed = (operationId: string) => {
    const op = referenceOperation(operationId);
    return served.has(normalize(op.method, `/v1${op.path}`));
  };

  beforeAll(async () => {
    t = await startTestApp();
    const boot = await t.bootstrap('Flags Org', email('author'));
    orgId = boot.organizationId;
    author = boot.token;
    for (const role of ORG_ROLES) {
      const [u] = await t.cli('user', 'create', '--email', email(role), '--name', `M ${role}`, '--org', orgId, '--role', role === 'guest' ? 'read' : role);
      const team = (await call('createOrganizationTeam', { organizationId: orgId }, author, { title: `Team of ${role}`, members: [u.userId] })).body.id;
      expect((await call('addMemberToOrganizationTeamById', { organizationId: orgId, teamId: team, userId: u.userId }, author, { role: 'owner' })).status).toBe(
        204,
      );
      who[role] = { userId: u.userId, token: u.token, team };
    }
    expect((await call('updateMemberInOrganizationById', { organizationId: orgId, userId: who.guest.userId }, author, { role: null })).status).toBe(200);
    collectionId = (await call('createCollection', { organizationId: orgId }, author, { title: 'Handbook' })).body.id;
    spaceId = (await call('createSpace', { organizationId: orgId }, author, { title: 'Private', parent: collectionId })).body.id;
    const app = t.app.getHttpAdapter().getInstance() as { router?: { stack: any[] }; _router?: { stack: any[] } };
    served = new Set(
      (app.router ?? app._router)!.stack.filter((l) => l.route).flatMap((l) => Object.keys(l.route.methods).map((m) => normalize(m, l.route.path))),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the policy agrees with the router: a flag is available exactly when a route for it is served', () => {
    const rows = [
      ...Object.entries(ORGANIZATION_FLAG_POLICY).map(([f, p]) => ['Organization', f, p.available, ORG_ROUTES[f as OrganizationFlag]] as const),
      ...Object.entries(SPACE_FLAG_POLICY).map(([f, p]) => ['Space', f, p.available, SPACE_ROUTES[f as keyof SpacePermissions]] as const),
      ...Object.entries(COLLECTION_FLAG_POLICY).map(([f, p]) => ['Collection', f, p.available, COLLECTION_ROUTES[f as keyof CollectionPermissions]] as const),
    ];
    it.each(rows)('%s.permissions.%s', (_, flag, available, operations) => {
      expect({ flag, available }).toEqual({ flag, available: operations.some(isServed) });
    });
  });

  describe.each(ORG_ROLES)('Organization.permissions of a %s member', (role) => {
    const DRIVE: Partial<Record<OrganizationFlag, (token: string) => Promise<{ status: number }>>> = {
      view: (tk) => call('getOrganizationById', { organizationId: orgId }, tk),
      admin: (tk) => call('updateOrganizationById', { organizationId: orgId }, tk, { title: 'Flags Org' }),
      ownTeam: (tk) => call('updateTeamInOrganizationById', { organizationId: orgId, teamId: who[role].team }, tk, { title: `Team of ${role}` }),
      createContent: (tk) => call('createSpace', { organizationId: orgId }, tk, { title: `By ${role}` }),
      createOpenAPISpec: (tk) => call('createOpenAPISpec', { organizationId: orgId }, tk, { slug: `spec-by-${role}`, source: { text: 'openapi: 3.0.3' } }),
      ingestConversations: (tk) =>
        call('ingestConversation', { organizationId: orgId }, tk, { id: `by-${role}`, parts: [{ type: 'message', role: 'user', body: 'Hello' }] }),
      listMembers: (tk) => call('listMembersInOrganizationById', { organizationId: orgId }, tk),
      listTeams: (tk) => call('listTeamsInOrganizationById', { organizationId: orgId }, tk),
    };
    it.each(Object.keys(ORGANIZATION_FLAG_POLICY) as OrganizationFlag[])('%s', async (flag) => {
      const flags = (await call('getOrganizationById', { organizationId: orgId }, who[role].token)).body.permissions;
      const drive = DRIVE[flag];
      if (!drive) {
        expect({ flag, value: flags[flag] }).toEqual({ flag, value: false });
        return;
      }
      const { status } = await drive(who[role].token);
      expect({ flag, value: flags[flag], status: ok(status) ? 'allowed' : status }).toEqual({
        flag,
        value: flags[flag],
        status: flags[flag] ? 'allowed' : 403,
      });
    });
  });

  describe.each(EFFECTIVE)('Space.permissions and Collection.permissions with the effective role of a %s member (%s)', (name, role) => {
    const SPACE_DRIVE: Partial<Record<keyof SpacePermissions, (token: string) => Promise<{ status: number }>>> = {
      view: (tk) => call('getSpaceById', { spaceId }, tk),
      access: (tk) => call('getCurrentRevision', { spaceId }, tk),
      comment: (tk) => call('postCommentInSpace', { spaceId }, tk, { body: { markdown: 'A remark' } }),
      edit: (tk) => call('createChangeRequest', { spaceId }, tk, { subject: 'Mine' }),
      review: async (tk) => call('submitChangeRequestReview', { spaceId, changeRequestId: await newChangeRequest() }, tk, { status: 'approved' }),
      merge: async (tk) => call('mergeChangeRequest', { spaceId, changeRequestId: await newChangeRequest() }, tk),
      admin: (tk) => call('updateSpaceById', { spaceId }, tk, { editMode: 'live' }),
      viewInviteLinks: (tk) => call('listUserPermissionsInSpace', { spaceId }, tk),
      // Recorded (204) and left to a timer the test never fires: no remote is contacted (an address literal: no DNS either).
      triggerGitSync: (tk) => call('importGitRepository', { spaceId }, tk, { url: 'https://203.0.113.10/docs.git', ref: 'refs/heads/main' }),
    };
    const COLLECTION_DRIVE: Record<keyof CollectionPermissions, (token: string) => Promise<{ status: number }>> = {
      view: (tk) => call('getCollectionById', { collectionId }, tk),
      create: (tk) => call('createCollection', { organizationId: orgId }, tk, { title: 'Inner', parent: collectionId }),
      admin: (tk) => call('updateCollectionById', { collectionId }, tk, {}),
      viewInviteLinks: (tk) => call('listUserPermissionsInCollection', { collectionId }, tk),
    };

    it.each(Object.keys(SPACE_FLAG_POLICY) as Array<keyof SpacePermissions>)('Space.permissions.%s', async (flag) => {
      const shown = await call('getSpaceById', { spaceId }, who[name].token);
      if (!role) {
        // Cannot see the space: no flags shown, and every route is 404 (existence does not leak).
        expect(shown.status).toBe(404);
        if (SPACE_DRIVE[flag]) expect({ flag, status: (await SPACE_DRIVE[flag]!(who[name].token)).status }).toEqual({ flag, status: 404 });
        return;
      }
      const flags = shown.body.permissions;
      const drive = SPACE_DRIVE[flag];
      if (!drive) {
        expect({ flag, value: flags[flag] }).toEqual({ flag, value: false });
        return;
      }
      const { status } = await drive(who[name].token);
      expect({ flag, value: flags[flag], status: ok(status) ? 'allowed' : status }).toEqual({
        flag,
        value: flags[flag],
        status: flags[flag] ? 'allowed' : 403,
      });
    });

    it.each(Object.keys(COLLECTION_FLAG_POLICY) as Array<keyof CollectionPermissions>)('Collection.permissions.%s', async (flag) => {
      const shown = await call('getCollectionById', { collectionId }, who[name].token);
      const { status } = await COLLECTION_DRIVE[flag](who[name].token);
      if (!role) {
        expect({ flag, shown: shown.status, status }).toEqual({ flag, shown: 404, status: 404 });
        return;
      }
      const flags = shown.body.permissions;
      expect({ flag, value: flags[flag], status: ok(status) ? 'allowed' : status }).toEqual({
        flag,
        value: flags[flag],
        status: flags[flag] ? 'allowed' : 403,
      });
    });
  });
});
