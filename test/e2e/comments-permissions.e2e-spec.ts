import { callOperation, email, startTestApp, TestApp } from '../support/test-app';

/**
 * The comment permission table, role by role (the caller's effective role on a private space),
 * driven over HTTP with every answer (refusals included) validated against the reference; and
 * the `permissions` each comment shows its reader agree with what the routes let them do.
 *
 *   role      read  post/reply/react  edit own  edit other's  resolve other's  delete own  delete other's
 *   admin     yes   yes               yes       no            yes              yes         yes
 *   create    yes   yes               yes       no            yes              yes         no
 *   review    yes   yes               yes       no            yes              yes         no
 *   edit      yes   yes               yes       no            yes              yes         no
 *   comment   yes   yes               yes       no            no               yes         no
 *   read      yes   no (403)          -         no            no               -           no
 *   guest     404 on every route (existence does not leak)
 */
type Who = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read' | 'guest';
interface Expected {
  read: boolean;
  post: boolean;
  resolveOthers: boolean;
  deleteOthers: boolean;
}
const TABLE: Record<Who, Expected> = {
  admin: { read: true, post: true, resolveOthers: true, deleteOthers: true },
  create: { read: true, post: true, resolveOthers: true, deleteOthers: false },
  review: { read: true, post: true, resolveOthers: true, deleteOthers: false },
  edit: { read: true, post: true, resolveOthers: true, deleteOthers: false },
  comment: { read: true, post: true, resolveOthers: false, deleteOthers: false },
  read: { read: true, post: false, resolveOthers: false, deleteOthers: false },
  guest: { read: false, post: false, resolveOthers: false, deleteOthers: false },
};

describe('comment permissions per role (e2e)', () => {
  let t: TestApp;
  let owner: string;
  let spaceId: string;
  let organizationId: string;
  const who = {} as Record<Who, { userId: string; token: string }>;

  const call = (operationId: string, params: Record<string, string>, token: string, body?: unknown) =>
    callOperation(t, operationId, { spaceId, ...params }, token, body === undefined ? {} : { body });
  /** A comment of the owner, with a reply of the owner: what others act on. */
  async function ownersThread() {
    const commentId = (await call('postCommentInSpace', {}, owner, { body: { markdown: 'Owner’s remark' } })).body.id as string;
    const commentReplyId = (await call('postCommentReplyInSpace', { commentId }, owner, { body: { markdown: 'Owner’s reply' } })).body.id as string;
    return { commentId, commentReplyId };
  }
  const outcome = (status: number) => (status >= 200 && status < 300 ? 'allowed' : status);

  beforeAll(async () => {
    t = await startTestApp();
    const boot = await t.bootstrap('Permissions', email('owner'));
    owner = boot.token;
    organizationId = boot.organizationId;
    for (const role of Object.keys(TABLE) as Who[]) {
      const [u] = await t.cli(
        'user',
        'create',
        '--email',
        email(role),
        '--name',
        `M ${role}`,
        '--org',
        boot.organizationId,
        '--role',
        role === 'guest' ? 'read' : role,
      );
      who[role] = u;
    }
    await callOperation(t, 'updateMemberInOrganizationById', { organizationId: boot.organizationId, userId: who.guest.userId }, owner, {
      body: { role: null },
    });
    spaceId = (await callOperation(t, 'createSpace', { organizationId: boot.organizationId }, owner, { body: { title: 'Private' } })).body.id;
  });
  afterAll(async () => t?.close());

  it.each(Object.keys(TABLE) as Who[])('%s', async (role) => {
    const e = TABLE[role];
    const me = who[role].token;
    const theirs = await ownersThread();
    const denied = e.read ? 403 : 404;

    // Reading: lists, a comment, its replies, commenters.
    const read = await call('getCommentInSpace', { commentId: theirs.commentId }, me);
    expect([role, 'read', outcome(read.status)]).toEqual([role, 'read', e.read ? 'allowed' : 404]);
    for (const op of ['listCommentsInSpace', 'listCommentersInSpace'])
      expect([role, op, outcome((await call(op, {}, me)).status)]).toEqual([role, op, e.read ? 'allowed' : 404]);
    expect(outcome((await call('listCommentRepliesInSpace', { commentId: theirs.commentId }, me)).status)).toBe(e.read ? 'allowed' : 404);
    expect(outcome((await call('getCommentReplyInSpace', theirs, me)).status)).toBe(e.read ? 'allowed' : 404);

    // What the owner's comment and reply say the caller may do.
    if (e.read) {
      const expected = { view: true, edit: false, reply: e.post, delete: e.deleteOthers };
      expect([role, read.body.permissions]).toEqual([role, expected]);
      expect([role, (await call('getCommentReplyInSpace', theirs, me)).body.permissions]).toEqual([role, expected]);
    }

    // Posting, replying and reacting: the comment role or higher.
    const posted = await call('postCommentInSpace', {}, me, { body: { markdown: `By ${role}` } });
    expect([role, 'post', outcome(posted.status)]).toEqual([role, 'post', e.post ? 'allowed' : denied]);
    const replied = await call('postCommentReplyInSpace', { commentId: theirs.commentId }, me, { body: { markdown: 'Me too' } });
    expect([role, 'reply', outcome(replied.status)]).toEqual([role, 'reply', e.post ? 'allowed' : denied]);
    const reacted = await call('updateCommentInSpace', { commentId: theirs.commentId }, me, { addedReactions: ['👍'] });
    expect([role, 'react', outcome(reacted.status)]).toEqual([role, 'react', e.post ? 'allowed' : denied]);
    const reactedReply = await call('updateCommentReplyInSpace', theirs, me, { addedReactions: ['👍'] });
    expect([role, 'react to reply', outcome(reactedReply.status)]).toEqual([role, 'react to reply', e.post ? 'allowed' : denied]);

    // Editing: the author only.
    expect([role, 'edit other’s', (await call('updateCommentInSpace', { commentId: theirs.commentId }, me, { body: { markdown: 'Hijack' } })).status]).toEqual([
      role,
      'edit other’s',
      denied,
    ]);
    expect([role, 'edit other’s reply', (await call('updateCommentReplyInSpace', theirs, me, { body: { markdown: 'Hijack' } })).status]).toEqual([
      role,
      'edit other’s reply',
      denied,
    ]);

    // Resolving someone else's comment: a reviewer or an editor of the space (and the roles above).
    const resolved = await call('updateCommentInSpace', { commentId: theirs.commentId }, me, { resolved: true });
    expect([role, 'resolve other’s', outcome(resolved.status)]).toEqual([role, 'resolve other’s', e.resolveOthers ? 'allowed' : denied]);

    // Deleting someone else's reply and comment: a space admin.
    const delReply = await call('deleteCommentReplyInSpace', theirs, me);
    expect([role, 'delete other’s reply', outcome(delReply.status)]).toEqual([role, 'delete other’s reply', e.deleteOthers ? 'allowed' : denied]);
    const delComment = await call('deleteCommentInSpace', { commentId: theirs.commentId }, me);
    expect([role, 'delete other’s', outcome(delComment.status)]).toEqual([role, 'delete other’s', e.deleteOthers ? 'allowed' : denied]);
    if (e.deleteOthers) expect([delReply.status, delComment.status]).toEqual([205, 205]);

    // Their own comment and reply: edit, resolve, delete, and the permissions say so.
    if (e.post) {
      const mine = { commentId: posted.body.id, commentReplyId: '' };
      expect(posted.body.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
      expect((await call('updateCommentInSpace', mine, me, { body: { markdown: 'Reworded' }, resolved: true })).body).toMatchObject({ status: 'resolved' });
      // The owner (a space admin) sees it as deletable, not editable.
      expect((await call('getCommentInSpace', mine, owner)).body.permissions).toEqual({ view: true, edit: false, reply: true, delete: true });
      const reply = await call('postCommentReplyInSpace', mine, me, { body: { markdown: 'Self-reply' } });
      mine.commentReplyId = reply.body.id;
      expect(reply.body.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
      expect((await call('updateCommentReplyInSpace', mine, me, { body: { markdown: 'Self-reply!' } })).status).toBe(200);
      expect((await call('deleteCommentReplyInSpace', mine, me)).status).toBe(205);
      expect((await call('deleteCommentInSpace', { commentId: mine.commentId }, me)).status).toBe(205);
    }
  });

  it('an author whose role fell to read keeps reading their comment but may no longer change it', async () => {
    const [u] = await t.cli('user', 'create', '--email', email('demoted'), '--name', 'Demoted', '--org', organizationId, '--role', 'comment');
    const commentId = (await call('postCommentInSpace', {}, u.token, { body: { markdown: 'Before' } })).body.id;
    await callOperation(t, 'updateMemberInOrganizationById', { organizationId, userId: u.userId }, owner, { body: { role: 'read' } });
    const shown = await call('getCommentInSpace', { commentId }, u.token);
    expect(shown.body.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    expect((await call('updateCommentInSpace', { commentId }, u.token, { body: { markdown: 'After' } })).status).toBe(403);
    expect((await call('deleteCommentInSpace', { commentId }, u.token)).status).toBe(403);
    // The owner (space admin) may delete it, not edit it.
    expect((await call('getCommentInSpace', { commentId }, owner)).body.permissions).toEqual({ view: true, edit: false, reply: true, delete: true });
  });
});
