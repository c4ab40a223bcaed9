import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';
import { api } from '../support/content-api';

/** Requested reviewers, reviews, contributors and merge rules enforced at merge. */
describe('change request reviews and merge rules (e2e)', () => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let orgId: string;
  let admin: string;
  let editor: string;
  let editorId: string;
  let bob: string;
  let bobId: string;
  let dan: string;
  let danId: string;
  let readerId: string;

  beforeAll(async () => {
    t = await startTestApp();
    a = api(t);
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('admin')));
    [{ token: editor, userId: editorId }] = await t.cli('user', 'create', '--email', email('ed'), '--name', 'Eddie Editor', '--org', orgId, '--role', 'edit');
    [{ token: bob, userId: bobId }] = await t.cli('user', 'create', '--email', email('bob'), '--name', 'Bob Reviewer', '--org', orgId, '--role', 'review');
    [{ token: dan, userId: danId }] = await t.cli('user', 'create', '--email', email('dan'), '--name', 'Dan Reviewer', '--org', orgId, '--role', 'review');
    [{ userId: readerId }] = await t.cli('user', 'create', '--email', email('rd'), '--name', 'Rita Reader', '--org', orgId, '--role', 'read');
  });
  afterAll(async () => t?.close());

  const path = (space: string, cr: string) => `/v1/spaces/${space}/change-requests/${cr}`;
  async function setup(mergeRules?: unknown) {
    const space = (await a.createSpace(orgId, admin)).id as string;
    if (mergeRules) await t.http.patch(`/v1/spaces/${space}`).set(bearer(admin)).send({ mergeRules }).expect(200);
    const cr = (await a.createCR(space, editor, { subject: 'Change', status: 'open' })).body.id as string;
    await a.write(space, cr, editor, [{ operation: 'insert_page', title: 'New', document: { markdown: 'x' } }]);
    return { space, cr };
  }

  it('requests reviewers, lists and removes them (205, then 204), and filters listings by requested reviewer', async () => {
    const { space, cr } = await setup();
    const res = await a.send('requestReviewersForChangeRequest', 'post', `${path(space, cr)}/requested-reviewers`, editor, { users: [bobId, danId] });
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: any) => [u.kind, u.user.id, u.requestedBy.id])).toEqual([
      ['user', bobId, editorId],
      ['user', danId, editorId],
    ]);
    const list = await a.get('getRequestedReviewersByChangeRequestId', `${path(space, cr)}/requested-reviewers`, admin, { limit: 1 });
    expect(list.body).toMatchObject({ count: 2, items: [{ user: { id: bobId } }], next: { page: expect.any(String) } });
    expect((await a.listCRs(space, admin, { requestedReviewer: danId })).body.items.map((c: any) => c.id)).toEqual([cr]);
    const client = t.client(editor);
    expect((await client.spaces.removeRequestedReviewerFromChangeRequest(space, cr, danId)).status).toBe(205);
    expect((await t.http.delete(`${path(space, cr)}/requested-reviewers/${danId}`).set(bearer(editor))).status).toBe(204);
    expect((await a.listCRs(space, admin, { requestedReviewer: danId })).body.items).toEqual([]);
    for (const [users, message] of [
      [[readerId], /^users\[0\]: .* cannot review in this space/],
      [['nobody'], /^users\[0\]: nobody is not a member/],
      [[editorId], /cannot review/],
      [[], /^users: must contain at least one user id/],
    ] as const) {
      const bad = await a.send('requestReviewersForChangeRequest', 'post', `${path(space, cr)}/requested-reviewers`, editor, { users });
      expect(bad.status).toBeGreaterThanOrEqual(400);
      expect(bad.body.error.message).toMatch(message);
    }
  });

  it('submits reviews (201, Location), lists and gets them; a new request outdates the earlier review; authors cannot review', async () => {
    const { space, cr } = await setup();
    const review = await a.send('submitChangeRequestReview', 'post', `${path(space, cr)}/reviews`, bob, { status: 'changes-requested' });
    expect(review.status).toBe(201);
    expect(review.headers.location).toBe(`${t.baseUrl}${path(space, cr)}/reviews/${review.body.id}`);
    expect(review.body).toMatchObject({ object: 'change-request-review', status: 'changes-requested', reviewer: { id: bobId }, outdated: false });
    await a.send('requestReviewersForChangeRequest', 'post', `${path(space, cr)}/requested-reviewers`, editor, { users: [bobId] });
    const approved = (await t.client(bob).spaces.submitChangeRequestReview(space, cr, { status: 'approved' as never })).data;
    expectMatchesOperation('submitChangeRequestReview', 201, approved);
    expect(approved.requestedBy?.id).toBe(editorId);
    const all = await a.get('getReviewsByChangeRequestId', `${path(space, cr)}/reviews`, admin);
    expect(all.body.items.map((r: any) => [r.status, r.outdated])).toEqual([
      ['changes-requested', true],
      ['approved', false],
    ]);
    expect((await a.get('getReviewsByChangeRequestId', `${path(space, cr)}/reviews`, admin, { outdated: 'false' })).body.items.map((r: any) => r.id)).toEqual([
      approved.id,
    ]);
    expect((await a.get('getChangeRequestReviewById', `${path(space, cr)}/reviews/${approved.id}`, admin)).body.id).toBe(approved.id);
    expect((await a.get('getChangeRequestReviewById', `${path(space, cr)}/reviews/nope`, admin)).status).toBe(404);
    expect((await a.send('submitChangeRequestReview', 'post', `${path(space, cr)}/reviews`, editor, { status: 'approved' })).status).toBe(403);
    expect((await a.send('submitChangeRequestReview', 'post', `${path(space, cr)}/reviews`, bob, { status: 'meh' })).status).toBe(400);
  });

  it('lists contributors of the change request', async () => {
    const { space, cr } = await setup();
    await a.write(space, cr, admin, [{ operation: 'insert_page', title: 'Other', document: {} }]);
    await a.write(space, cr, editor, [{ operation: 'insert_page', title: 'Third', document: {} }]);
    const res = (await t.client(admin).spaces.getContributorsByChangeRequestId(space, cr)).data;
    expectMatchesOperation('getContributorsByChangeRequestId', 200, res);
    expect(res.items.map((c) => [c.user.id, c.count, c.actionType]).sort()).toEqual(
      [
        [editorId, 2, 'edit'],
        [(await t.http.get('/v1/user').set(bearer(admin))).body.id, 1, 'edit'],
      ].sort(),
    );
  });

  it('enforces require_specific_reviewers at merge (412) until the reviewers approve', async () => {
    const { space, cr } = await setup({ type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [bobId, danId] }] });
    const refused = await a.merge(space, cr, admin);
    expect(refused.status).toBe(412);
    expect(refused.body.error.message).toContain('require_specific_reviewers: needs an approval from Bob Reviewer, Dan Reviewer');
    await a.send('submitChangeRequestReview', 'post', `${path(space, cr)}/reviews`, bob, { status: 'approved' });
    expect((await a.merge(space, cr, admin)).body.error.message).toContain('needs an approval from Dan Reviewer');
    await a.send('submitChangeRequestReview', 'post', `${path(space, cr)}/reviews`, dan, { status: 'approved' });
    expect((await a.merge(space, cr, admin)).status).toBe(200);
  });

  it("follows the organization's rules when the space inherits them; bypass users may merge anyway; editors cannot merge", async () => {
    await t.http
      .patch(`/v1/orgs/${orgId}`)
      .set(bearer(admin))
      .send({ mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }, { rule: 'allow_bypass', users: [danId] }] } })
      .expect(200);
    try {
      const { space, cr } = await setup();
      expect((await a.merge(space, cr, editor)).status).toBe(403);
      const refused = await a.merge(space, cr, bob);
      expect(refused.status).toBe(412);
      expect(refused.body.error.message).toContain('require_at_least_one_review');
      expect((await a.merge(space, cr, dan)).status).toBe(200);
    } finally {
      await t.http
        .patch(`/v1/orgs/${orgId}`)
        .set(bearer(admin))
        .send({ mergeRules: { type: 'none' } })
        .expect(200);
    }
  });
});
