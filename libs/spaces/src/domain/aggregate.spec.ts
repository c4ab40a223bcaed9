import { everyoneWithAccess, grantedTeams } from './aggregate';
import { AccessNode } from './authorization';

const node = (over: Partial<AccessNode> = {}): AccessNode => ({ defaultLevel: null, users: {}, teams: {}, ...over });

describe('everyoneWithAccess', () => {
  it('lists members, direct grantees, team members and collection grantees with their effective role, by user id', () => {
    const target = { ...node({ users: { guest: 'comment', m1: 'admin' }, teams: { t: 'edit' } }), visibility: 'private' };
    const parents = [node({ users: { cg: 'review' } })];
    const out = everyoneWithAccess({
      target,
      parents,
      orgDefaultRole: 'read',
      members: [
        { userId: 'm2', role: 'read' },
        { userId: 'm1', role: 'read' },
      ],
      teamMembers: { t: ['m2', 'tm'] },
    });
    expect(out).toEqual([
      { userId: 'cg', role: 'review' },
      { userId: 'guest', role: 'comment' },
      { userId: 'm1', role: 'admin' },
      { userId: 'm2', role: 'edit' },
      { userId: 'tm', role: 'edit' },
    ]);
  });

  it('for a collection, uses the collection rules (no visibility)', () => {
    const out = everyoneWithAccess({
      target: node({ defaultLevel: 'edit' }),
      parents: [],
      orgDefaultRole: null,
      members: [{ userId: 'm', role: 'read' }],
      teamMembers: {},
    });
    expect(out).toEqual([{ userId: 'm', role: 'edit' }]);
  });

  it('only teams granted on the path matter', () => {
    expect(grantedTeams(node({ teams: { a: 'read' } }), [node({ teams: { b: 'edit' } }), node()]).sort()).toEqual(['a', 'b']);
  });
});
