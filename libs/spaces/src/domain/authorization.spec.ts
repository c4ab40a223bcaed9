import { Role, ROLES } from '@app/platform';
import { AccessNode, allows, collectionPermissions, collectionRole, SPACE_FLAG_POLICY, SpaceNode, spacePermissions, spaceRole, Subject } from './authorization';

const subject = (over: Partial<Subject> = {}): Subject => ({ userId: 'u', memberRole: null, orgDefaultRole: null, teamIds: [], ...over });
const node = (over: Partial<AccessNode> = {}): AccessNode => ({ defaultLevel: null, users: {}, teams: {}, ...over });
const spaceNode = (over: Partial<SpaceNode> = {}): SpaceNode => ({ ...node(over), visibility: 'private', ...over });

describe('spaceRole: the effective role on a space', () => {
  type Case = [string, Subject, SpaceNode, AccessNode[], Role | null];
  const cases: Case[] = [
    // Organization membership.
    ['an outsider sees nothing of a private space', subject(), spaceNode(), [], null],
    ...ROLES.map((r): Case => [`a ${r} member has ${r}`, subject({ memberRole: r }), spaceNode(), [], r]),
    ['the organization default role raises a member', subject({ memberRole: 'read', orgDefaultRole: 'edit' }), spaceNode(), [], 'edit'],
    ['the organization default role never lowers a member', subject({ memberRole: 'admin', orgDefaultRole: 'read' }), spaceNode(), [], 'admin'],
    ['the organization default role does not apply to guests', subject({ orgDefaultRole: 'edit' }), spaceNode(), [], null],
    // Default levels.
    ['the space defaultLevel raises members', subject({ memberRole: 'read' }), spaceNode({ defaultLevel: 'review' }), [], 'review'],
    ['the space defaultLevel does not apply to guests', subject(), spaceNode({ defaultLevel: 'admin' }), [], null],
    ['inherit and null add nothing', subject({ memberRole: 'comment' }), spaceNode({ defaultLevel: 'inherit' }), [node({ defaultLevel: null })], 'comment'],
    ['a collection defaultLevel flows down to the spaces inside', subject({ memberRole: 'read' }), spaceNode(), [node({ defaultLevel: 'create' })], 'create'],
    [
      'a defaultLevel higher up flows down through every level',
      subject({ memberRole: 'read' }),
      spaceNode(),
      [node({ defaultLevel: 'edit' }), node(), node()],
      'edit',
    ],
    [
      'a lower defaultLevel on the space does not lower the collection one',
      subject({ memberRole: 'read' }),
      spaceNode({ defaultLevel: 'read' }),
      [node({ defaultLevel: 'edit' })],
      'edit',
    ],
    // Direct grants.
    ['a direct user grant gives a guest access', subject(), spaceNode({ users: { u: 'comment' } }), [], 'comment'],
    ['a direct user grant raises a member', subject({ memberRole: 'read' }), spaceNode({ users: { u: 'admin' } }), [], 'admin'],
    ['a lower direct grant does not lower a member', subject({ memberRole: 'edit' }), spaceNode({ users: { u: 'read' } }), [], 'edit'],
    ["another user's grant gives nothing", subject(), spaceNode({ users: { other: 'admin' } }), [], null],
    // Team grants.
    ['a team grant gives its members access', subject({ teamIds: ['t1'] }), spaceNode({ teams: { t1: 'review' } }), [], 'review'],
    ['the highest of several team grants wins', subject({ teamIds: ['t1', 't2'] }), spaceNode({ teams: { t1: 'read', t2: 'edit' } }), [], 'edit'],
    ['a grant to a team the caller is not in gives nothing', subject({ teamIds: ['t2'] }), spaceNode({ teams: { t1: 'admin' } }), [], null],
    // Collection grants, inherited down the tree.
    ['a user grant on the parent collection is inherited', subject(), spaceNode(), [node({ users: { u: 'edit' } })], 'edit'],
    ['a user grant on a grand-parent collection is inherited', subject(), spaceNode(), [node({ users: { u: 'create' } }), node()], 'create'],
    ['a team grant on a collection is inherited', subject({ teamIds: ['t'] }), spaceNode(), [node({ teams: { t: 'comment' } })], 'comment'],
    ['the highest of collection and space grants wins', subject(), spaceNode({ users: { u: 'read' } }), [node({ users: { u: 'admin' } })], 'admin'],
    ['a space grant above the collection one wins', subject(), spaceNode({ users: { u: 'admin' } }), [node({ users: { u: 'read' } })], 'admin'],
    // Visibility.
    ['public spaces are readable by anyone authenticated', subject(), spaceNode({ visibility: 'public' }), [], 'read'],
    ['unlisted spaces are readable by anyone authenticated', subject(), spaceNode({ visibility: 'unlisted' }), [], 'read'],
    ['public visibility does not lower a grant', subject(), spaceNode({ visibility: 'public', users: { u: 'edit' } }), [], 'edit'],
    ['share-link spaces are not readable by outsiders through the API', subject(), spaceNode({ visibility: 'share-link' }), [], null],
    ['visitor-auth spaces are not readable by outsiders through the API', subject(), spaceNode({ visibility: 'visitor-auth' }), [], null],
    [
      'in-collection: anyone who can access the parent collection',
      subject(),
      spaceNode({ visibility: 'in-collection' }),
      [node({ users: { u: 'comment' } })],
      'comment',
    ],
    ['in-collection: nobody else', subject(), spaceNode({ visibility: 'in-collection' }), [node()], null],
    ['private: only those with a role', subject({ teamIds: ['t'] }), spaceNode(), [node({ teams: { t: 'read' } })], 'read'],
    // Everything together.
    [
      'all sources together: the highest',
      subject({ memberRole: 'read', orgDefaultRole: 'comment', teamIds: ['t'] }),
      spaceNode({ defaultLevel: 'edit', users: { u: 'review' }, teams: { t: 'create' }, visibility: 'public' }),
      [node({ users: { u: 'comment' } })],
      'create',
    ],
  ];

  it.each(cases)('%s', (_label, s, space, parents, expected) => {
    expect(spaceRole(s, space, parents)).toBe(expected);
  });

  it('a space role is never below the role on its parent collection (property over every role pair)', () => {
    for (const member of [null, ...ROLES]) {
      for (const grant of ROLES) {
        const parents = [node({ users: { u: grant } })];
        const onCollection = collectionRole(subject({ memberRole: member }), parents);
        const onSpace = spaceRole(subject({ memberRole: member }), spaceNode(), parents);
        expect(ROLES.indexOf(onSpace!)).toBeLessThanOrEqual(ROLES.indexOf(onCollection!));
      }
    }
  });
});

describe('collectionRole', () => {
  it.each<[string, Subject, AccessNode[], Role | null]>([
    ['outsiders see nothing', subject(), [node()], null],
    ['members see every collection with their role', subject({ memberRole: 'comment' }), [node()], 'comment'],
    ['a grant on the collection', subject(), [node({ users: { u: 'admin' } })], 'admin'],
    ['a user grant on a parent collection', subject(), [node({ users: { u: 'create' } }), node()], 'create'],
    ['a team grant to a team the caller is not in', subject(), [node({ teams: { t: 'create' } }), node()], null],
    ['a team grant on a parent collection', subject({ teamIds: ['t'] }), [node({ teams: { t: 'create' } }), node()], 'create'],
    ['a grant on the collection itself below an ungranted parent', subject(), [node(), node({ users: { u: 'edit' } })], 'edit'],
    ['defaultLevel raises members', subject({ memberRole: 'read' }), [node({ defaultLevel: 'admin' })], 'admin'],
  ])('%s', (_label, s, path, expected) => {
    expect(collectionRole(s, path)).toBe(expected);
  });

  it('a grant on a child collection gives nothing on its parent', () => {
    expect(collectionRole(subject(), [node()])).toBeNull();
  });
});

describe('permission flags', () => {
  it('maps each role to the Space.permissions flags', () => {
    expect(spacePermissions(null)).toEqual({
      view: false,
      access: false,
      admin: false,
      viewInviteLinks: false,
      edit: false,
      triggerGitSync: false,
      comment: false,
      merge: false,
      review: false,
      installIntegration: false,
    });
    expect(spacePermissions('read')).toMatchObject({ view: true, access: true, comment: false, edit: false });
    expect(spacePermissions('comment')).toMatchObject({ view: true, comment: true, edit: false });
    expect(spacePermissions('edit')).toMatchObject({ edit: true, review: false, merge: false });
    expect(spacePermissions('review')).toMatchObject({ review: true, merge: true, admin: false });
    expect(spacePermissions('create')).toMatchObject({ review: true, admin: false, viewInviteLinks: false });
    expect(spacePermissions('admin')).toEqual({
      view: true,
      access: true,
      admin: true,
      viewInviteLinks: true,
      edit: true,
      triggerGitSync: true,
      comment: true,
      merge: true,
      review: true,
      installIntegration: false,
    });
  });

  it('flags of features this server does not serve (integrations) are false for every role; git sync follows edit', () => {
    for (const role of [null, ...ROLES]) expect(spacePermissions(role)).toMatchObject({ installIntegration: false });
    for (const role of [null, ...ROLES]) expect(spacePermissions(role).triggerGitSync).toBe(allows(SPACE_FLAG_POLICY.triggerGitSync, role));
    expect(spacePermissions('edit').triggerGitSync).toBe(true);
    expect(spacePermissions('comment').triggerGitSync).toBe(false);
    // Flipping availability turns the flag on at its minimum role (as comments did).
    expect(allows({ ...SPACE_FLAG_POLICY.triggerGitSync, available: true }, 'edit')).toBe(true);
    expect(allows({ ...SPACE_FLAG_POLICY.triggerGitSync, available: true }, 'comment')).toBe(false);
    expect(allows({ ...SPACE_FLAG_POLICY.comment, available: false }, 'admin')).toBe(false);
  });

  it('maps each role to the Collection.permissions flags', () => {
    expect(collectionPermissions(null)).toEqual({ view: false, admin: false, viewInviteLinks: false, create: false });
    expect(collectionPermissions('review')).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
    expect(collectionPermissions('create')).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
    expect(collectionPermissions('admin')).toEqual({ view: true, admin: true, viewInviteLinks: true, create: true });
  });
});
