import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { bearer, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';
import { api, flatten } from '../support/content-api';

/**
 * Change-request comments through the official client (every operation, answers validated
 * against the reference), kept apart from the space's own discussion, and the change request's
 * `comments` counter: exact after 20 concurrent posts and resolutions, in lists too, and part
 * of the change request's ETag.
 */
describe('change-request comments and the open-comments counter (e2e)', () => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  let adminId: string;
  let editor: string;
  let editorId: string;
  let space: string;
  let cr: { id: string; number: number; status: string };
  let crPage: string;
  let c: GitBookAPI['spaces'];

  async function ok<T>(operationId: string, call: Promise<{ status: number; data: T }>): Promise<T> {
    const res = await call;
    expectMatchesOperation(operationId, res.status, res.data ?? null);
    return res.data;
  }
  /**
   * A burst of concurrent requests may be refused at admission by load shedding (503 "The server
   * is overloaded", before any handler ran): a client retries those. Nothing else is retried.
   */
  async function admitted<T>(call: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await call();
      } catch (e) {
        if (!(e instanceof GitBookAPIError && e.code === 503 && e.errorMessage.startsWith('The server is overloaded'))) throw e;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }
  const counter = async (ref = cr.id) => (await a.getCR(space, ref, admin)).body.comments as number;

  beforeAll(async () => {
    t = await startTestApp();
    a = api(t);
    let orgId: string;
    ({ organizationId: orgId, token: admin, userId: adminId } = await t.bootstrap('CR comments', email('admin')));
    [{ token: editor, userId: editorId }] = await t.cli('user', 'create', '--email', email('ed'), '--name', 'Ed Itor', '--org', orgId, '--role', 'edit');
    space = (await a.createSpace(orgId, admin)).id;
    cr = (await a.createCR(space, admin, { subject: 'Proposal' })).body;
    await a.write(space, cr.id, admin, [{ operation: 'insert_page', title: 'Draft page', document: { markdown: 'Only in the change request.' } }]);
    crPage = flatten((await a.crPages(space, cr.id, admin)).body.pages)[0].id;
    c = t.client(admin).spaces;
  });
  afterAll(async () => t?.close());

  it('every change-request operation through the client; the target names the change request and its page', async () => {
    const crRevision = (await a.getCR(space, cr.id, admin)).body.revision;
    const posted = await ok('postCommentInChangeRequest', c.postCommentInChangeRequest(space, cr.id, { page: crPage, body: { markdown: 'Why here?' } }));
    expect(posted.target).toEqual({ space, revision: crRevision, changeRequest: cr.id, page: { id: crPage } });
    expect(new URL(posted.urls.location).pathname).toBe(`/v1/spaces/${space}/change-requests/${cr.id}/comments/${posted.id}`);
    // The change request by its number is the same place.
    const byNumber = await ok('getCommentInChangeRequest', c.getCommentInChangeRequest(space, String(cr.number), posted.id));
    expect(byNumber.id).toBe(posted.id);
    expect(await ok('getCommentInChangeRequest', c.getCommentInChangeRequest(space, cr.id, posted.id, { format: 'document' }))).toMatchObject({
      body: { document: { object: 'document' } },
    });
    const edited = await ok('updateCommentInChangeRequest', c.updateCommentInChangeRequest(space, cr.id, posted.id, { body: { markdown: 'Why here??' } }));
    expect(edited.editedAt).toEqual(expect.any(String));
    const reply = await ok(
      'postCommentReplyInChangeRequest',
      t.client(editor).spaces.postCommentReplyInChangeRequest(space, cr.id, posted.id, { body: { markdown: 'Because.' } }),
    );
    expect(new URL(reply.urls.location).pathname).toBe(`/v1/spaces/${space}/change-requests/${cr.id}/comments/${posted.id}/replies/${reply.id}`);
    expect((await ok('listCommentRepliesInChangeRequest', c.listCommentRepliesInChangeRequest(space, cr.id, posted.id))).items.map((r) => r.id)).toEqual([
      reply.id,
    ]);
    expect((await ok('getCommentReplyInChangeRequest', c.getCommentReplyInChangeRequest(space, cr.id, posted.id, reply.id))).postedBy.id).toBe(editorId);
    const reacted = await ok(
      'updateCommentReplyInChangeRequest',
      c.updateCommentReplyInChangeRequest(space, cr.id, posted.id, reply.id, { addedReactions: ['👍'] } as never),
    );
    expect(reacted.reactions.map((r) => [r.emoji, r.count])).toEqual([['👍', 1]]);
    // Replies are not resolved: the comment is.
    expect(
      (await t.http.put(`/v1/spaces/${space}/change-requests/${cr.id}/comments/${posted.id}/replies/${reply.id}`).set(bearer(admin)).send({ resolved: true }))
        .status,
    ).toBe(400);
    const listed = await ok('listCommentsInChangeRequest', c.listCommentsInChangeRequest(space, cr.id, { targetPage: crPage }));
    expect(listed.items.map((x) => [x.id, x.replies])).toEqual([[posted.id, 1]]);
    expect((await ok('listCommentersInChangeRequest', c.listCommentersInChangeRequest(space, cr.id))).items.map((m) => m.user.id)).toEqual([adminId, editorId]);
    expect((await t.client(editor).spaces.deleteCommentReplyInChangeRequest(space, cr.id, posted.id, reply.id)).status).toBe(205);
    expect((await t.client(editor).spaces.deleteCommentReplyInChangeRequest(space, cr.id, posted.id, reply.id)).status).toBe(204);
    expect((await c.deleteCommentInChangeRequest(space, cr.id, posted.id)).status).toBe(205);
    expect((await c.deleteCommentInChangeRequest(space, cr.id, posted.id)).status).toBe(204);
  });

  it('a change request’s discussion and the space’s are apart; its pages are targets only there', async () => {
    const inCr = await ok('postCommentInChangeRequest', c.postCommentInChangeRequest(space, cr.id, { body: { markdown: 'CR only' } }));
    const inSpace = await ok('postCommentInSpace', c.postCommentInSpace(space, { body: { markdown: 'Space only' } }));
    expect((await clientError(c.getCommentInSpace(space, inCr.id))).code).toBe(404);
    expect((await clientError(c.getCommentInChangeRequest(space, cr.id, inSpace.id))).code).toBe(404);
    expect((await ok('listCommentsInSpace', c.listCommentsInSpace(space))).items.map((x) => x.id)).toEqual([inSpace.id]);
    expect((await ok('listCommentsInChangeRequest', c.listCommentsInChangeRequest(space, cr.id))).items.map((x) => x.id)).toEqual([inCr.id]);
    // The change request's page is not in main's revision.
    const refused = await clientError(c.postCommentInSpace(space, { page: crPage, body: { markdown: 'x' } }));
    expect([refused.code, refused.errorMessage]).toEqual([400, expect.stringMatching(/^page: /)]);
    expect((await clientError(c.listCommentsInChangeRequest(space, 'no-such-cr'))).code).toBe(404);
    expect((await clientError(c.postCommentInChangeRequest(space, '999', { body: { markdown: 'x' } }))).code).toBe(404);
    await c.deleteCommentInChangeRequest(space, cr.id, inCr.id);
    await c.deleteCommentInSpace(space, inSpace.id);
  });

  it('counts open comments exactly under 20 concurrent posts and resolutions, in reads and lists', async () => {
    const other = (await a.createCR(space, admin, { subject: 'Other' })).body;
    expect(await counter()).toBe(0);
    const post = (i: number, ref = cr.id) =>
      admitted(() =>
        ok('postCommentInChangeRequest', t.client(i % 2 ? editor : admin).spaces.postCommentInChangeRequest(space, ref, { body: { markdown: `#${i}` } })),
      );
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i)));
    expect(await counter()).toBe(20);
    // 20 at once: 8 resolutions (each resolved twice, concurrently), 6 new posts, 3 deletes of open comments, 3 on another change request.
    const resolve = (id: string) =>
      admitted(() => ok('updateCommentInChangeRequest', t.client(editor).spaces.updateCommentInChangeRequest(space, cr.id, id, { resolved: true })));
    await Promise.all([
      ...first.slice(0, 4).flatMap((x) => [resolve(x.id), resolve(x.id)]),
      ...Array.from({ length: 6 }, (_, i) => post(100 + i)),
      ...first.slice(4, 7).map((x) => admitted(() => c.deleteCommentInChangeRequest(space, cr.id, x.id))),
      ...Array.from({ length: 3 }, (_, i) => post(200 + i, other.id)),
    ]);
    // 20 + 6 posted, 4 resolved, 3 deleted; the other change request has its own 3.
    expect(await counter()).toBe(19);
    expect(await counter(String(cr.number))).toBe(19);
    expect(await counter(other.id)).toBe(3);
    const open = await ok('listCommentsInChangeRequest', c.listCommentsInChangeRequest(space, cr.id, { status: 'open', limit: 0 }));
    expect(open.count).toBe(19);
    const listedCrs = (await a.listCRs(space, admin, { status: cr.status })).body.items;
    expect(Object.fromEntries(listedCrs.map((x: { id: string; comments: number }) => [x.id, x.comments]))).toEqual({ [cr.id]: 19, [other.id]: 3 });
    // Each comment was resolved once, whatever the race: exactly one CommentResolved per stream.
    const resolvedEvents = await t.cli('events', '--type', 'CommentResolved');
    for (const x of first.slice(0, 4)) expect(resolvedEvents.filter((e) => e.stream === `comments.comment-${x.id}`)).toHaveLength(1);
    // Reopening and deleting a resolved comment move the counter only for open comments.
    await resolve(first[7].id);
    expect(await counter()).toBe(18);
    await c.deleteCommentInChangeRequest(space, cr.id, first[7].id);
    expect(await counter()).toBe(18);
    await ok('updateCommentInChangeRequest', c.updateCommentInChangeRequest(space, cr.id, first[0].id, { resolved: false }));
    expect(await counter()).toBe(19);
  });

  it('the change request’s ETag changes when its counter does', async () => {
    const url = `/v1/spaces/${space}/change-requests/${cr.id}`;
    const before = await t.http.get(url).set(bearer(admin)).expect(200);
    expect((await t.http.get(url).set(bearer(admin)).set('If-None-Match', before.headers.etag)).status).toBe(304);
    const posted = await ok('postCommentInChangeRequest', c.postCommentInChangeRequest(space, cr.id, { body: { markdown: 'One more' } }));
    const after = await t.http.get(url).set(bearer(admin)).set('If-None-Match', before.headers.etag).expect(200);
    expect(after.body.comments).toBe(before.body.comments + 1);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await ok('updateCommentInChangeRequest', c.updateCommentInChangeRequest(space, cr.id, posted.id, { resolved: true }));
    const resolved = await t.http.get(url).set(bearer(admin)).expect(200);
    expect(resolved.body.comments).toBe(before.body.comments);
    expect([resolved.headers.etag === after.headers.etag]).toEqual([false]);
  });

  it('the read models are rebuilt by replay to the same comments and counters', async () => {
    const dump = async () => JSON.stringify(await t.engine.dump('comments'));
    const live = await dump();
    await t.engine.rebuild('comments');
    expect(await dump()).toBe(live);
    expect(await counter()).toBeGreaterThan(0);
  });
});
