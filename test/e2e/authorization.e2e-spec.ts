import { QueryBus } from '@nestjs/cqrs';
import { Role } from '@app/platform';
import { collectionPermissions, CollectionPermissions, GetSpaceAccessQuery, spacePermissions, SpacePermissions } from '@app/spaces';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { expectErrorResponse, expectMatchesOperation, operationUrl, referenceOperation } from '../support/reference-schema';

/**
 * One authorization model everywhere: for every kind of caller (organization members of each
 * role, a guest with a direct grant, team and collection grantees, an outsider) and for every
 * flag of Space.permissions and Collection.permissions, the flag shown to the caller matches
 * what the operation behind it does: allowed when true; 403 when false but the item is
 * visible; 404 when the caller cannot see the item at all (existence does not leak).
 */
describe('authorization: every permission flag against its operation (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let author: string; // creates the change requests others review and merge
  let spaceId: string;
  let collectionId: string;
  const callers: Record<string, { userId: string; token: string; onSpace: Role | null; onCollection: Role | null }> = {};

  async function call(operationId: string, params: Record<string, string>, token: string, opts: { body?: unknown } = {}) {
    const op = referenceOperation(operationId);
    const req = t.http[op.method.toLowerCase()](operationUrl(operationId, params)).set(bearer(token));
    const res = await (opts.body !== undefined ? req.send(opts.body as object) : req);
    if (res.status < 400) expectMatchesOperation(operationId, res.status, res.body);
    else expectErrorResponse(operationId, res.status, res.body);
    return res.status as number;
  }
  const newChangeRequest = async () => {
    const res = await t.http.post(`/v1/spaces/${spaceId}/change-requests`).set(bearer(author)).send({ subject: 'Proposal' });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const team = async (title: string, members: string[]) => {
    const res = await t.http.put(`/v1/orgs/${orgId}/teams`).set(bearer(author)).send({ title, members });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  /** The operation behind each space flag; null when this API serves no route for it yet (the flag is then false for everyone). */
  const SPACE_OPS: Record<keyof SpacePermissions, ((token: string) => Promise<number>) | null> = {
    view: (tk) => call('getSpaceById', { spaceId }, tk),
    access: (tk) => call('getCurrentRevision', { spaceId }, tk),
    admin: (tk) => call('updateSpaceById', { spaceId }, tk, { body: { editMode: 'live' } }),
    viewInviteLinks: (tk) => call('listUserPermissionsInSpace', { spaceId }, tk),
    edit: (tk) => call('createChangeRequest', { spaceId }, tk, { body: { subject: 'Mine' } }),
    review: async (tk) => call('submitChangeRequestReview', { spaceId, changeRequestId: await newChangeRequest() }, tk, { body: { status: 'approved' } }),
    merge: async (tk) => call('mergeChangeRequest', { spaceId, changeRequestId: await newChangeRequest() }, tk),
    comment: (tk) => call('postCommentInSpace', { spaceId }, tk, { body: { body: { markdown: 'A remark' } } }),
    // Import answers 204 at once (a timer fetches later; the address is a documentation range nobody serves).
    triggerGitSync: (tk) => call('importGitRepository', { spaceId }, tk, { body: { url: 'https://203.0.113.10/docs.git', ref: 'refs/heads/main' } }),
    installIntegration: null, // integrations: not built yet
  };
  const COLLECTION_OPS: Record<keyof CollectionPermissions, (token: string) => Promise<number>> = {
    view: (tk) => call('getCollectionById', { collectionId }, tk),
    admin: (tk) => call('updateCollectionById', { collectionId }, tk, { body: {} }),
    viewInviteLinks: (tk) => call('listUserPermissionsInCollection', { collectionId }, tk),
    create: (tk) => call('createCollection', { organizationId: orgId }, tk, { body: { title: 'Inner', parent: collectionId } }),
  };

  beforeAll(async () => {
    t = await startTestApp();
    const boot = await t.bootstrap('Authz Org', email('author'));
    orgId = boot.organizationId;
    author = boot.token;
    const user = async (name: string, role?: Role) => {
      const [u] = await t.cli('user', 'create', '--email', email(name), '--name', name, ...(role ? ['--org', orgId, '--role', role] : []));
      return u as { userId: string; token: string };
    };
    const roles: Role[] = ['admin', 'create', 'review', 'edit', 'comment', 'read'];
    for (const r of roles) callers[`member ${r}`] = { ...(await user(`m-${r}`, r)), onSpace: r, onCollection: r };
    callers['guest with a direct edit grant'] = { ...(await user('guest-direct')), onSpace: 'edit', onCollection: null };
    callers['read member of a team granted review on the space'] = { ...(await user('team-member', 'read')), onSpace: 'review', onCollection: 'read' };
    callers['guest granted create on the collection'] = { ...(await user('coll-guest')), onSpace: 'create', onCollection: 'create' };
    callers['read member of a team granted admin on the collection'] = { ...(await user('coll-team', 'read')), onSpace: 'admin', onCollection: 'admin' };
    const outsider = await t.bootstrap('Outside Org', email('outsider'));
    callers['admin of another organization'] = { userId: outsider.userId, token: outsider.token, onSpace: null, onCollection: null };

    collectionId = (await t.http.post(`/v1/orgs/${orgId}/collections`).set(bearer(author)).send({ title: 'Handbook' })).body.id;
    spaceId = (await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(author)).send({ title: 'Private', parent: collectionId })).body.id;
    const grant = async (path: string, body: unknown) => expect((await t.http.post(path).set(bearer(author)).send(body)).status).toBe(204);
    await grant(`/v1/spaces/${spaceId}/permissions`, { role: 'edit', users: [callers['guest with a direct edit grant'].userId] });
    await grant(`/v1/spaces/${spaceId}/permissions`, {
      role: 'review',
      teams: [await team('Reviewers', [callers['read member of a team granted review on the space'].userId])],
    });
    await grant(`/v1/collections/${collectionId}/permissions`, { role: 'create', users: [callers['guest granted create on the collection'].userId] });
    await grant(`/v1/collections/${collectionId}/permissions`, {
      role: 'admin',
      teams: [await team('Owners', [callers['read member of a team granted admin on the collection'].userId])],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const names = () => Object.keys(callers);
  const spaceFlags = Object.keys(SPACE_OPS) as Array<keyof SpacePermissions>;
  const collectionFlags = Object.keys(COLLECTION_OPS) as Array<keyof CollectionPermissions>;

  it('each caller is shown the flags of the role the model gives them, on the space and on the collection', async () => {
    for (const name of names()) {
      const c = callers[name];
      const s = await t.http.get(`/v1/spaces/${spaceId}`).set(bearer(c.token));
      expect([name, c.onSpace ? s.body.permissions : s.status]).toEqual([name, c.onSpace ? spacePermissions(c.onSpace) : 404]);
      const col = await t.http.get(`/v1/collections/${collectionId}`).set(bearer(c.token));
      expect([name, c.onCollection ? col.body.permissions : col.status]).toEqual([name, c.onCollection ? collectionPermissions(c.onCollection) : 404]);
      // Other contexts (content, comments, git) see the same role and flags through GetSpaceAccessQuery.
      const info = await t.app.get(QueryBus).execute(new GetSpaceAccessQuery(spaceId, c.userId));
      expect([name, info?.role, info?.permissions]).toEqual([name, c.onSpace, spacePermissions(c.onSpace)]);
    }
  });

  describe.each([
    'member admin',
    'member create',
    'member review',
    'member edit',
    'member comment',
    'member read',
    'guest with a direct edit grant',
    'read member of a team granted review on the space',
    'guest granted create on the collection',
    'read member of a team granted admin on the collection',
    'admin of another organization',
  ])('%s', (name) => {
    it.each(spaceFlags)('Space.permissions.%s matches its operation', async (flag) => {
      const c = callers[name];
      const flags = spacePermissions(c.onSpace);
      const op = SPACE_OPS[flag];
      if (!op) {
        // A feature this server does not serve: the flag promises nothing, so it is false (test/e2e/permission-flags.e2e-spec.ts).
        expect([flag, flags[flag]]).toEqual([flag, false]);
        return;
      }
      const status = await op(c.token);
      const expected = flags[flag] ? 'allowed' : flags.view ? 403 : 404;
      expect([flag, status >= 200 && status < 300 ? 'allowed' : status]).toEqual([flag, expected]);
    });

    it.each(collectionFlags)('Collection.permissions.%s matches its operation', async (flag) => {
      const c = callers[name];
      const flags = collectionPermissions(c.onCollection);
      const status = await COLLECTION_OPS[flag](c.token);
      const expected = flags[flag] ? 'allowed' : flags.view ? 403 : 404;
      expect([flag, status >= 200 && status < 300 ? 'allowed' : status]).toEqual([flag, expected]);
    });
  });
});
