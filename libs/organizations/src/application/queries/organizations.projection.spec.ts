import { projectionOf } from '@app/platform/testing/projection-spec';
import { OrganizationEvent } from '../../domain/organization';
import { INVITES, MEMBERS, ORG_DOMAINS, ORG_USERS, ORGANIZATIONS, organizationsProjection, TEAM_MEMBERS, TEAMS } from './organizations.projection';

const o = { organizationId: 'o1' };
const AT = '2026-01-01T00:00:00.000Z';
const created: OrganizationEvent = { type: 'OrganizationCreated', data: { ...o, title: 'Acme', createdBy: 'ada', createdAt: AT } };
const added = (userId: string, role: 'admin' | 'edit' | null, extra: object = {}): OrganizationEvent => ({
  type: 'OrganizationMemberAdded',
  data: { ...o, userId, role, joinedAt: AT, ...extra },
});
const registered = (userId: string, displayName: string) => ({
  type: 'UserRegistered',
  data: { userId, email: `${userId}@acme.test`, displayName, registeredAt: AT, emailVerified: true },
});
const team = (teamId: string, title: string): OrganizationEvent => ({ type: 'TeamCreated', data: { ...o, teamId, title, createdAt: AT, createdBy: 'ada' } });
const seat = (teamId: string, userId: string): OrganizationEvent => ({ type: 'TeamMemberAdded', data: { ...o, teamId, userId, role: 'member', addedAt: AT } });

describe('organizations projection', () => {
  it('an organization starts with the reference defaults; updates merge in and re-index its email domains', async () => {
    const docs = await projectionOf(organizationsProjection, [
      created,
      { type: 'OrganizationUpdated', data: { ...o, changes: { emailDomains: ['a.test', 'b.test'], ai: true }, updatedAt: AT } },
      { type: 'OrganizationUpdated', data: { ...o, changes: { emailDomains: ['b.test'], title: 'Acme Docs' }, updatedAt: AT } },
      { type: 'OrganizationUpdated', data: { organizationId: 'unknown', changes: { ai: true }, updatedAt: AT } },
    ]);
    expect(docs[ORGANIZATIONS]).toEqual([
      {
        id: 'o1',
        title: 'Acme Docs',
        createdAt: AT,
        seq: 1,
        emailDomains: ['b.test'],
        inviteLinks: false,
        sso: false,
        ai: true,
        defaultRole: null,
        mergeRules: { type: 'none' },
      },
    ]);
    expect(docs[ORG_DOMAINS]).toEqual([{ id: 'b.test:o1', domain: 'b.test', organizationId: 'o1', seq: 1 }]);
  });

  it('link invites: created, re-roled, deleted', async () => {
    const docs = await projectionOf(organizationsProjection, [
      created,
      { type: 'OrganizationInviteCreated', data: { ...o, inviteId: 'i1', role: 'edit', createdAt: AT, createdBy: 'ada' } },
      { type: 'OrganizationInviteCreated', data: { ...o, inviteId: 'i2', role: null, createdAt: AT, createdBy: 'ada' } },
      { type: 'OrganizationInviteRoleChanged', data: { ...o, inviteId: 'i1', role: 'read', from: 'edit' } },
      { type: 'OrganizationInviteDeleted', data: { ...o, inviteId: 'i2', deletedAt: AT } },
    ]);
    expect(docs[INVITES]).toEqual([{ id: 'i1', organizationId: 'o1', role: 'read', createdAt: AT, seq: 2 }]);
  });

  it('members: searchable by the user’s name and email, in joining order, with their role, SSO flag and team count', async () => {
    const docs = await projectionOf(organizationsProjection, [
      registered('ada', 'Ada Admin'),
      created,
      added('ada', 'admin', { source: 'creator' }),
      added('bob', 'edit', { source: 'email-invite', sso: true }),
      { type: 'OrganizationJoined', data: { ...o, userId: 'cy', role: null, joinedAt: AT, source: 'invite-link', inviteId: 'i1' } },
      { type: 'OrganizationMemberRoleChanged', data: { ...o, userId: 'cy', role: 'edit', from: null } },
      team('t1', 'Writers'),
      seat('t1', 'ada'),
      seat('t1', 'bob'),
      { type: 'OrganizationMemberRemoved', data: { ...o, userId: 'bob', role: 'edit', removedAt: AT } },
    ]);
    expect(docs[ORG_USERS]).toEqual([{ id: 'ada', email: 'ada@acme.test', displayName: 'Ada Admin' }]);
    expect(docs[MEMBERS]).toEqual([
      { id: 'o1:ada', organizationId: 'o1', userId: 'ada', role: 'admin', joinedAt: AT, seq: 3, sso: false, teams: 1, search: 'ada admin\nada@acme.test' },
      { id: 'o1:cy', organizationId: 'o1', userId: 'cy', role: 'edit', joinedAt: AT, seq: 5, sso: false, teams: 0, search: '' },
    ]);
  });

  it('teams: member counts and seats follow adds, role changes, renames, removals and deletion', async () => {
    const docs = await projectionOf(organizationsProjection, [
      created,
      added('ada', 'admin'),
      added('bob', 'edit'),
      team('t1', 'Writers'),
      team('t2', 'Reviewers'),
      seat('t1', 'ada'),
      seat('t1', 'bob'),
      seat('t2', 'bob'),
      { type: 'TeamMemberRoleChanged', data: { ...o, teamId: 't1', userId: 'bob', role: 'owner', from: 'member' } },
      { type: 'TeamRenamed', data: { ...o, teamId: 't1', title: 'Authors', from: 'Writers' } },
      { type: 'TeamMemberRemoved', data: { ...o, teamId: 't1', userId: 'ada' } },
      // A replayed removal, and a seat in a team that does not exist, change nothing.
      { type: 'TeamMemberRemoved', data: { ...o, teamId: 't1', userId: 'ada' } },
      seat('t9', 'ada'),
      { type: 'TeamDeleted', data: { ...o, teamId: 't2', deletedAt: AT } },
    ]);
    expect(docs[TEAMS]).toEqual([{ id: 't1', organizationId: 'o1', title: 'Authors', createdAt: AT, seq: 4, members: 1 }]);
    expect(docs[TEAM_MEMBERS]).toEqual([
      { id: 't1:bob', organizationId: 'o1', teamId: 't1', userId: 'bob', role: 'owner', seq: 7, teamTitle: 'Authors', teamSeq: 4 },
    ]);
    expect(docs[MEMBERS].map((m) => [m.userId, m.teams])).toEqual([
      ['ada', 0],
      ['bob', 1],
    ]);
  });
});
