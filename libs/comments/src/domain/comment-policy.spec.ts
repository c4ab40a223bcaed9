import { Actor, commentPermissions, mayDelete, mayEdit, mayPost, mayResolve } from './comment-policy';

/** The space flags each effective role holds (the spaces context's SPACE_FLAG_POLICY, comment available). */
const FLAGS: Record<string, Actor['flags']> = {
  admin: { comment: true, edit: true, review: true, admin: true },
  create: { comment: true, edit: true, review: true, admin: false },
  review: { comment: true, edit: true, review: true, admin: false },
  edit: { comment: true, edit: true, review: false, admin: false },
  comment: { comment: true, edit: false, review: false, admin: false },
  read: { comment: false, edit: false, review: false, admin: false },
};
const as = (role: string, userId = 'me'): Actor => ({ userId, flags: FLAGS[role] });

describe('comment policy', () => {
  it.each([
    // role, post/reply/react, edit own, edit other's, resolve own, resolve other's, delete own, delete other's
    ['admin', true, true, false, true, true, true, true],
    ['create', true, true, false, true, true, true, false],
    ['review', true, true, false, true, true, true, false],
    ['edit', true, true, false, true, true, true, false],
    ['comment', true, true, false, true, false, true, false],
    ['read', false, false, false, false, false, false, false],
  ] as const)('%s', (role, post, editOwn, editOther, resolveOwn, resolveOther, deleteOwn, deleteOther) => {
    const a = as(role);
    expect([mayPost(a), mayEdit(a, 'me'), mayEdit(a, 'them'), mayResolve(a, 'me'), mayResolve(a, 'them'), mayDelete(a, 'me'), mayDelete(a, 'them')]).toEqual([
      post,
      editOwn,
      editOther,
      resolveOwn,
      resolveOther,
      deleteOwn,
      deleteOther,
    ]);
  });

  it('the permissions a comment shows are the same rules, for its reader', () => {
    expect(commentPermissions(as('comment'), 'me')).toEqual({ view: true, edit: true, reply: true, delete: true });
    expect(commentPermissions(as('comment'), 'them')).toEqual({ view: true, edit: false, reply: true, delete: false });
    expect(commentPermissions(as('admin'), 'them')).toEqual({ view: true, edit: false, reply: true, delete: true });
    expect(commentPermissions(as('read'), 'me')).toEqual({ view: true, edit: false, reply: false, delete: false });
  });
});
