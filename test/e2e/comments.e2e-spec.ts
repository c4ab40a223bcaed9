import { GitBookAPI } from '@gitbook/api';
import { bearer, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';
import { api, flatten } from '../support/content-api';

/**
 * Space comments through the official client, every answer validated against the reference:
 * targets (space, page, node, table cell), bodies in both formats, edits, resolution,
 * reactions, replies, lists with their filters, commenters, deletes, pages that move or go, and
 * the audit trail. Change-request comments and their counter: comments-change-requests.e2e-spec.ts.
 */
describe('space comments through the official client (e2e)', () => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  let adminId: string;
  let bob: string;
  let bobId: string;
  let space: string;
  const pages: Record<string, string> = {};
  let c: GitBookAPI['spaces'];

  /** An official-client call whose answer must match the reference for its operation. */
  async function ok<T>(operationId: string, call: Promise<{ status: number; data: T }>): Promise<T> {
    const res = await call;
    expectMatchesOperation(operationId, res.status, res.data ?? null);
    return res.data;
  }
  /** A refusal through the client: its status and the message naming the field or rule (error bodies are validated in comments-permissions). */
  async function refused(_operationId: string, call: Promise<unknown>, status: number, message?: RegExp) {
    const e = await clientError(call);
    expect({ status: e.code, message: e.errorMessage }).toEqual({ status, message: message ? expect.stringMatching(message) : expect.any(String) });
  }

  beforeAll(async () => {
    t = await startTestApp();
    a = api(t);
    let orgId: string;
    ({ organizationId: orgId, token: admin, userId: adminId } = await t.bootstrap('Comments', email('admin')));
    [{ token: bob, userId: bobId }] = await t.cli('user', 'create', '--email', email('bob'), '--name', 'Bob Commenter', '--org', orgId, '--role', 'comment');
    space = (await a.createSpace(orgId, admin)).id;
    const cr = (await a.createCR(space, admin)).body.id;
    await a.write(space, cr, admin, [
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'Intro paragraph.\n\n| Name | Value |\n| --- | --- |\n| a | 1 |\n' } },
      { operation: 'insert_page', title: 'Old', document: { markdown: 'To be removed.' } },
    ]);
    await a.merge(space, cr, admin);
    for (const p of flatten((await a.mainPages(space, admin)).body.pages)) pages[p.title] = p.id;
    c = t.client(admin).spaces;
  });
  afterAll(async () => t?.close());

  it('posts on the space, a page, a node and a table cell; the target answers in the contract’s shape', async () => {
    const doc = (await a.mainPage(space, pages.Guide, admin, { format: 'document' })).body.document;
    const [paragraph, table] = doc.nodes;
    const record = Object.keys(table.data.records)[0];
    const definition = Object.keys(table.data.definition)[0];
    const revision = (await t.http.get(`/v1/spaces/${space}/content`).set(bearer(admin))).body.id;

    const onSpace = await ok('postCommentInSpace', c.postCommentInSpace(space, { body: { markdown: 'Space-wide **note**' } }));
    expect(onSpace).toMatchObject({ object: 'comment', status: 'open', replies: 0, repliers: [], reactions: [], body: { markdown: 'Space-wide **note**' } });
    expect(onSpace.target).toEqual({ space, revision });
    expect(onSpace.postedBy).toMatchObject({ id: adminId });
    const onPage = await ok('postCommentInSpace', c.postCommentInSpace(space, { page: pages.Guide, body: { markdown: 'Page' } }));
    expect(onPage.target).toEqual({ space, revision, page: { id: pages.Guide } });
    const onNode = await ok('postCommentInSpace', c.postCommentInSpace(space, { page: pages.Guide, node: paragraph.key, body: { markdown: 'Node' } }));
    expect(onNode.target).toEqual({ space, revision, page: { id: pages.Guide }, node: { id: paragraph.key } });
    const onCell = await ok(
      'postCommentInSpace',
      c.postCommentInSpace(space, { page: pages.Guide, node: table.key, tableCell: { record, definition }, body: { markdown: 'Cell' } }),
    );
    expect(onCell.target).toEqual({ space, revision, page: { id: pages.Guide }, node: { id: table.key }, tableCell: { record, definition } });
    // urls.location is the comment itself.
    const located = await t.http.get(new URL(onNode.urls.location).pathname).set(bearer(admin)).expect(200);
    expect(located.body.id).toBe(onNode.id);

    // A target that is not in main's revision is 400, naming the field.
    await refused('postCommentInSpace', c.postCommentInSpace(space, { page: 'no-such-page', body: { markdown: 'x' } }), 400, /page/);
    await refused('postCommentInSpace', c.postCommentInSpace(space, { page: pages.Guide, node: 'zz', body: { markdown: 'x' } }), 400, /node/);
    await refused('postCommentInSpace', c.postCommentInSpace(space, { node: paragraph.key, body: { markdown: 'x' } }), 400, /page/);
    await refused(
      'postCommentInSpace',
      c.postCommentInSpace(space, { page: pages.Guide, node: paragraph.key, tableCell: { record, definition }, body: { markdown: 'x' } }),
      400,
      /tableCell/,
    );
    // Bodies: markdown, not empty, at most 20,000 characters.
    await refused('postCommentInSpace', c.postCommentInSpace(space, { body: { markdown: '  ' } }), 400, /body.markdown/);
    await refused('postCommentInSpace', c.postCommentInSpace(space, { body: { markdown: 'x'.repeat(20_001) } }), 400, /20,000|20000/);
    await refused('postCommentInSpace', c.postCommentInSpace(space, { body: {} as never }), 400, /body.markdown/);
    await ok('postCommentInSpace', c.postCommentInSpace(space, { body: { markdown: 'y'.repeat(20_000) } }));
  });

  it('reads bodies as markdown or as a document (the content stack), and edits set editedAt', async () => {
    const posted = await ok('postCommentInSpace', c.postCommentInSpace(space, { body: { markdown: '# Title\n\nSome *emphasis*' } }));
    const asDoc = await ok('getCommentInSpace', c.getCommentInSpace(space, posted.id, { format: 'document' }));
    expect((asDoc.body as any).document).toMatchObject({ object: 'document', nodes: [{ type: 'heading-1' }, { type: 'paragraph' }] });
    expect(asDoc).not.toHaveProperty('editedAt');
    const edited = await ok('updateCommentInSpace', c.updateCommentInSpace(space, posted.id, { body: { markdown: 'Shorter' } }));
    expect(edited).toMatchObject({ body: { markdown: 'Shorter' }, editedAt: expect.any(String) });
    await refused('updateCommentInSpace', t.client(bob).spaces.updateCommentInSpace(space, posted.id, { body: { markdown: 'Mine now' } }), 403);
  });

  it('resolves and reopens; resolving a resolved comment changes nothing and records no event', async () => {
    const { id } = await ok('postCommentInSpace', c.postCommentInSpace(space, { body: { markdown: 'Resolve me' } }));
    const resolved = await ok('updateCommentInSpace', c.updateCommentInSpace(space, id, { resolved: true }));
    expect(resolved).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String), resolvedBy: { id: adminId } });
    const stream = `comments.comment-${id}`;
    const before = await t.cli('events', '--stream', stream);
    expect(before.map((e) => e.type)).toEqual(['CommentPosted', 'CommentResolved']);
    expect(await ok('updateCommentInSpace', c.updateCommentInSpace(space, id, { resolved: true }))).toEqual(resolved);
    expect(await t.cli('events', '--stream', stream)).toEqual(before);
    const reopened = await ok('updateCommentInSpace', c.updateCommentInSpace(space, id, { resolved: false }));
    expect(reopened.status).toBe('open');
    expect(reopened).not.toHaveProperty('resolvedAt');
    expect(reopened).not.toHaveProperty('resolvedBy');
    expect((await t.cli('events', '--stream', stream)).map((e) => e.type)).toEqual(['CommentPosted', 'CommentResolved', 'CommentReopened']);
  });

  it('reactions: per user, never twice, emoji validated', async () => {
    const { id } = await ok('postCommentInSpace', c.postCommentInSpace(space, { body: { markdown: 'React' } }));
    await ok('updateCommentInSpace', c.updateCommentInSpace(space, id, { addedReactions: ['👍'] }));
    await ok('updateCommentInSpace', c.updateCommentInSpace(space, id, { addedReactions: ['👍', '1f44d'] }));
    const both = await ok('updateCommentInSpace', t.client(bob).spaces.updateCommentInSpace(space, id, { addedReactions: ['👍', '🎉'] }));
    expect(both.reactions.map((r) => [r.emoji, r.count, r.users.map((u) => u.user.id)])).toEqual([
      ['👍', 2, [adminId, bobId]],
      ['🎉', 1, [bobId]],
    ]);
    const removed = await ok('updateCommentInSpace', c.updateCommentInSpace(space, id, { removedReactions: ['👍', '🎉'] }));
    expect(removed.reactions.map((r) => [r.emoji, r.count])).toEqual([
      ['👍', 1],
      ['🎉', 1],
    ]);
    await refused('updateCommentInSpace', c.updateCommentInSpace(space, id, { addedReactions: ['not an emoji'] }), 400, /addedReactions\[0\]/);
  });

  it('replies: post, list, get, edit, react, delete (205, then 204); replies and repliers are exact', async () => {
    const { id } = await ok('postCommentInSpace', c.postCommentInSpace(space, { body: { markdown: 'Thread' } }));
    const r1 = await ok('postCommentReplyInSpace', t.client(bob).spaces.postCommentReplyInSpace(space, id, { body: { markdown: 'First' } }));
    expect(r1).toMatchObject({ object: 'comment-reply', body: { markdown: 'First' }, postedBy: { id: bobId }, permissions: { edit: true, delete: true } });
    const r2 = await ok('postCommentReplyInSpace', t.client(bob).spaces.postCommentReplyInSpace(space, id, { body: { markdown: 'Second' } }));
    const r3 = await ok('postCommentReplyInSpace', c.postCommentReplyInSpace(space, id, { body: { markdown: 'Third' } }));
    expect(new URL(r3.urls.location).pathname).toBe(`/v1/spaces/${space}/comments/${id}/replies/${r3.id}`);
    const list = await ok('listCommentRepliesInSpace', c.listCommentRepliesInSpace(space, id, { limit: 2 }));
    expect(list.items.map((r) => r.id)).toEqual([r1.id, r2.id]);
    expect(list.count).toBe(3);
    const rest = await ok('listCommentRepliesInSpace', c.listCommentRepliesInSpace(space, id, { limit: 2, page: list.next!.page }));
    expect(rest.items.map((r) => r.id)).toEqual([r3.id]);
    const edited = await ok('updateCommentReplyInSpace', t.client(bob).spaces.updateCommentReplyInSpace(space, id, r1.id, { body: { markdown: 'First!' } }));
    expect(edited).toMatchObject({ body: { markdown: 'First!' }, editedAt: expect.any(String) });
    // The admin may react to Bob's reply, not edit it; the permissions say so.
    expect((await ok('getCommentReplyInSpace', c.getCommentReplyInSpace(space, id, r1.id))).permissions).toEqual({
      view: true,
      edit: false,
      reply: true,
      delete: true,
    });
    await refused('updateCommentReplyInSpace', c.updateCommentReplyInSpace(space, id, r1.id, { body: { markdown: 'No' } }), 403);
    const reacted = await ok('updateCommentReplyInSpace', c.updateCommentReplyInSpace(space, id, r1.id, { addedReactions: ['👀'] }));
    expect(reacted.reactions).toEqual([{ emoji: '👀', count: 1, users: [{ user: expect.objectContaining({ id: adminId }), reactedAt: expect.any(String) }] }]);
    const doc = await ok('getCommentReplyInSpace', c.getCommentReplyInSpace(space, id, r2.id, { format: 'document' }));
    expect((doc.body as any).document.object).toBe('document');

    let comment = await ok('getCommentInSpace', c.getCommentInSpace(space, id));
    expect(comment.replies).toBe(3);
    expect(comment.repliers.map((r) => [r.user.id, r.count])).toEqual([
      [bobId, 2],
      [adminId, 1],
    ]);
    expect((await t.client(bob).spaces.deleteCommentReplyInSpace(space, id, r2.id)).status).toBe(205);
    expect((await t.client(bob).spaces.deleteCommentReplyInSpace(space, id, r2.id)).status).toBe(204);
    await refused('deleteCommentReplyInSpace', t.client(bob).spaces.deleteCommentReplyInSpace(space, id, r3.id), 403);
    comment = await ok('getCommentInSpace', c.getCommentInSpace(space, id));
    expect(comment.replies).toBe(2);
    expect(comment.repliers.map((r) => [r.user.id, r.count])).toEqual([
      [bobId, 1],
      [adminId, 1],
    ]);
    await refused('getCommentReplyInSpace', c.getCommentReplyInSpace(space, id, r2.id), 404);

    // Deleting the comment deletes its replies: 205, then 204.
    expect((await c.deleteCommentInSpace(space, id)).status).toBe(205);
    expect((await c.deleteCommentInSpace(space, id)).status).toBe(204);
    await refused('getCommentInSpace', c.getCommentInSpace(space, id), 404);
    await refused('getCommentReplyInSpace', c.getCommentReplyInSpace(space, id, r1.id), 404);
    await refused('listCommentRepliesInSpace', c.listCommentRepliesInSpace(space, id), 404);
  });

  it('lists with order, status, targetPage, authors and paging; commenters are the distinct authors', async () => {
    const organizationId: string = (await t.http.get(`/v1/spaces/${space}`).set(bearer(admin))).body.organization;
    const [{ token: carol, userId: carolId }] = await t.cli(
      'user',
      'create',
      '--email',
      email('carol'),
      '--name',
      'Carol',
      '--org',
      organizationId,
      '--role',
      'edit',
    );
    const own = (await a.createSpace(organizationId, admin, 'Listing')).id;
    const post = async (token: string, markdown: string, page?: string) =>
      (await ok('postCommentInSpace', t.client(token).spaces.postCommentInSpace(own, { body: { markdown }, ...(page ? { page } : {}) }))).id;
    const cr = (await a.createCR(own, admin)).body.id;
    await a.write(own, cr, admin, [{ operation: 'insert_page', title: 'P', document: { markdown: 'p' } }]);
    await a.merge(own, cr, admin);
    const page = flatten((await a.mainPages(own, admin)).body.pages)[0].id;
    const ids = [await post(admin, 'one'), await post(bob, 'two', page), await post(carol, 'three'), await post(bob, 'four')];
    await ok('updateCommentInSpace', t.client(carol).spaces.updateCommentInSpace(own, ids[1], { resolved: true }));
    const list = (q: Parameters<GitBookAPI['spaces']['listCommentsInSpace']>[1]) => ok('listCommentsInSpace', c.listCommentsInSpace(own, q));
    // The space's `comments` counts the open comments of its own discussion, in reads and lists alike.
    expect((await ok('getSpaceById', c.getSpaceById(own))).comments).toBe(3);
    const listed = await ok('listSpacesInOrganizationById', t.client(admin).orgs.listSpacesInOrganizationById(organizationId));
    expect(listed.items.find((x) => x.id === own)?.comments).toBe(3);

    expect((await list({})).items.map((x) => x.id)).toEqual([...ids].reverse());
    expect((await list({ order: 'asc' })).items.map((x) => x.id)).toEqual(ids);
    expect((await list({ status: 'resolved' })).items.map((x) => x.id)).toEqual([ids[1]]);
    expect((await list({ status: 'open', order: 'asc' })).items.map((x) => x.id)).toEqual([ids[0], ids[2], ids[3]]);
    expect((await list({ targetPage: page })).items.map((x) => x.id)).toEqual([ids[1]]);
    expect((await list({ authors: [bobId], order: 'asc' })).items.map((x) => x.id)).toEqual([ids[1], ids[3]]);
    expect((await list({ authors: [bobId, carolId], order: 'asc' })).items.map((x) => x.id)).toEqual([ids[1], ids[2], ids[3]]);
    const first = await list({ limit: 3, order: 'asc' });
    expect([first.count, first.items.length]).toEqual([4, 3]);
    expect((await list({ limit: 3, order: 'asc', page: first.next!.page })).items.map((x) => x.id)).toEqual([ids[3]]);
    await refused('listCommentsInSpace', c.listCommentsInSpace(own, { status: 'closed' as never }), 400, /status/);
    // The format applies to every item.
    expect((await list({ format: 'document', limit: 1 })).items[0].body).toHaveProperty('document');

    await ok('postCommentReplyInSpace', t.client(carol).spaces.postCommentReplyInSpace(own, ids[0], { body: { markdown: 'reply' } }));
    const commenters = await ok('listCommentersInSpace', c.listCommentersInSpace(own));
    expect(commenters.items.map((m) => [m.user.id, m.role])).toEqual([
      [adminId, 'admin'],
      [bobId, 'comment'],
      [carolId, 'edit'],
    ]);
    const paged = await ok('listCommentersInSpace', c.listCommentersInSpace(own, { limit: 2 }));
    expect([paged.count, paged.items.length, !!paged.next]).toEqual([3, 2, true]);
  });

  it('a page comment follows its page through rename and move, and stays (resolvable) when the page is deleted', async () => {
    const onOld = await ok('postCommentInSpace', c.postCommentInSpace(space, { page: pages.Old, body: { markdown: 'About Old' } }));
    const rename = (await a.createCR(space, admin)).body.id;
    await a.write(space, rename, admin, [
      { operation: 'update_page', page: pages.Old, title: 'Older', slug: 'older' },
      { operation: 'update_page', page: pages.Old, into: pages.Guide, at: 0 },
    ]);
    await a.merge(space, rename, admin);
    const byPage = await ok('listCommentsInSpace', c.listCommentsInSpace(space, { targetPage: pages.Old }));
    expect(byPage.items.map((x) => x.id)).toEqual([onOld.id]);
    const remove = (await a.createCR(space, admin)).body.id;
    await a.write(space, remove, admin, [{ operation: 'delete_page', page: pages.Old }]);
    await a.merge(space, remove, admin);
    const kept = await ok('getCommentInSpace', c.getCommentInSpace(space, onOld.id));
    expect(kept.target).toEqual(onOld.target);
    expect((await ok('updateCommentInSpace', c.updateCommentInSpace(space, onOld.id, { resolved: true }))).status).toBe('resolved');
    // A new comment on the deleted page is refused: it is not in main's revision any more.
    await refused('postCommentInSpace', c.postCommentInSpace(space, { page: pages.Old, body: { markdown: 'Late' } }), 400, /page/);
  });

  it('every event of a thread is in its stream, for `cli events`', async () => {
    const { id } = await ok('postCommentInSpace', t.client(bob).spaces.postCommentInSpace(space, { body: { markdown: 'Audit me' } }));
    const reply = await ok('postCommentReplyInSpace', c.postCommentReplyInSpace(space, id, { body: { markdown: 'ok' } }));
    await ok('updateCommentInSpace', c.updateCommentInSpace(space, id, { addedReactions: ['🎉'], resolved: true }));
    await ok('updateCommentInSpace', c.updateCommentInSpace(space, id, { removedReactions: ['🎉'] }));
    await ok('updateCommentReplyInSpace', c.updateCommentReplyInSpace(space, id, reply.id, { body: { markdown: 'okay' } }));
    await c.deleteCommentReplyInSpace(space, id, reply.id);
    await c.deleteCommentInSpace(space, id);
    const events = await t.cli('events', '--stream', `comments.comment-${id}`);
    expect(events.map((e) => e.type)).toEqual([
      'CommentPosted',
      'CommentReplyPosted',
      'CommentReactionAdded',
      'CommentResolved',
      'CommentReactionRemoved',
      'CommentReplyEdited',
      'CommentReplyDeleted',
      'CommentDeleted',
    ]);
    expect(events.map((e) => e.actor)).toEqual([bobId, adminId, adminId, adminId, adminId, adminId, adminId, adminId]);
  });
});
