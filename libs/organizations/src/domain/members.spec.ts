import { given } from '@app/platform/testing/given';
import { BadRequest, Role } from '@app/platform';
import { LastAdmin } from './members';
import { AdminRequired, MemberNotFound, OrganizationNotFound, ResolvedInvite } from './organization';
import { organization } from './organization.decider';
import { created, member, NOW, NOW_ISO, seat, team } from './testing/organization.fixtures';

const o = { organizationId: 'o1' };
const create = (title = 'Acme') => ({ type: 'CreateOrganization' as const, ...o, title, adminId: 'ada' });
const update = (actorId: string, changes: object) => ({ type: 'UpdateOrganization' as const, ...o, actorId, changes });
const add = (userId: string, role: Role | null) => ({ type: 'AddMember' as const, ...o, userId, role, source: 'operator' as const });
const changeRole = (actorId: string, userId: string, role: Role | null | undefined) => ({ type: 'ChangeMemberRole' as const, ...o, actorId, userId, role });
const remove = (actorId: string, userId: string) => ({ type: 'RemoveMember' as const, ...o, actorId, userId });
const invite = (actorId: string, invites: ResolvedInvite[], more: { role?: Role | null; sso?: boolean } = {}) => ({
  type: 'InviteMembers' as const,
  ...o,
  actorId,
  invites,
  role: more.role,
  sso: more.sso ?? false,
});
const resolved = (userId: string, role: Role | null | undefined, memberElsewhere = false): ResolvedInvite => ({
  email: `${userId}@x.test`,
  userId,
  role,
  memberElsewhere,
});

describe('organization decider: lifecycle and settings', () => {
  it('creates once, with its creator as admin', () => {
    given(organization).whenCommand(create(), new Date('2026-01-01')).then(created());
    given(organization, ...created())
      .whenCommand(create(), NOW)
      .thenNothing();
  });

  it('titles are trimmed and 2 to 255 characters, at creation and on update (400)', () => {
    given(organization).whenCommand(create('A')).thenThrows(BadRequest);
    given(organization)
      .whenCommand(create('x'.repeat(256)))
      .thenThrows(BadRequest);
    given(organization, ...created())
      .whenCommand(update('ada', { title: ' A ' }))
      .thenThrows(BadRequest);
    given(organization, ...created())
      .whenCommand(update('ada', { title: '  Acme Docs ' }), NOW)
      .then([{ type: 'OrganizationUpdated', data: { ...o, changes: { title: 'Acme Docs' }, updatedAt: NOW_ISO } }]);
  });

  it('only admins update settings; outsiders get 404; an empty change is a no-op', () => {
    given(organization, ...created())
      .whenCommand(update('ada', { ai: true }), NOW)
      .then([{ type: 'OrganizationUpdated', data: { ...o, changes: { ai: true }, updatedAt: NOW_ISO } }]);
    given(organization, ...created())
      .whenCommand(update('ada', {}), NOW)
      .thenNothing();
    given(organization, ...created(), member('bob', 'create'))
      .whenCommand(update('bob', { ai: true }))
      .thenThrows(AdminRequired);
    given(organization, ...created())
      .whenCommand(update('eve', { ai: true }))
      .thenThrows(OrganizationNotFound);
    given(organization)
      .whenCommand(update('ada', { ai: true }))
      .thenThrows(OrganizationNotFound);
  });

  it('evolves the join settings from updates', () => {
    const { state } = given(organization, ...created(), {
      type: 'OrganizationUpdated',
      data: { ...o, changes: { emailDomains: ['acme.test'], defaultRole: 'edit', inviteLinks: true }, updatedAt: NOW_ISO },
    });
    expect(state).toMatchObject({ emailDomains: ['acme.test'], defaultRole: 'edit', inviteLinks: true });
  });
});

describe('organization decider: members', () => {
  it('the operator adds a member, changes a role, and a repeat is a no-op', () => {
    given(organization, ...created())
      .whenCommand(add('bob', 'edit'), NOW)
      .then([{ type: 'OrganizationMemberAdded', data: { ...o, userId: 'bob', role: 'edit', joinedAt: NOW_ISO, source: 'operator' } }]);
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(add('bob', 'read'), NOW)
      .then([{ type: 'OrganizationMemberRoleChanged', data: { ...o, userId: 'bob', role: 'read', from: 'edit' } }]);
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(add('bob', 'edit'), NOW)
      .thenNothing();
    given(organization).whenCommand(add('bob', 'edit')).thenThrows(OrganizationNotFound);
  });

  it('admins change roles (also to guest); others may not; unknown members are 404', () => {
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(changeRole('ada', 'bob', null))
      .then([{ type: 'OrganizationMemberRoleChanged', data: { ...o, userId: 'bob', role: null, from: 'edit' } }]);
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(changeRole('ada', 'bob', 'edit'))
      .thenNothing();
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(changeRole('ada', 'bob', undefined))
      .thenNothing();
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(changeRole('bob', 'bob', undefined))
      .thenThrows(AdminRequired);
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(changeRole('bob', 'ada', 'read'))
      .thenThrows(AdminRequired);
    given(organization, ...created())
      .whenCommand(changeRole('ada', 'zed', 'read'))
      .thenThrows(MemberNotFound);
    given(organization, ...created())
      .whenCommand(changeRole('eve', 'ada', 'read'))
      .thenThrows(OrganizationNotFound);
  });

  it('the last admin can be neither demoted nor removed (409); with a second admin both work', () => {
    given(organization, ...created())
      .whenCommand(changeRole('ada', 'ada', 'edit'))
      .thenThrows(LastAdmin);
    given(organization, ...created())
      .whenCommand(remove('ada', 'ada'))
      .thenThrows(LastAdmin);
    given(organization, ...created())
      .whenCommand(add('ada', 'read'))
      .thenThrows(LastAdmin);
    given(organization, ...created(), member('bob', 'admin'))
      .whenCommand(changeRole('bob', 'ada', 'edit'))
      .then([{ type: 'OrganizationMemberRoleChanged', data: { ...o, userId: 'ada', role: 'edit', from: 'admin' } }]);
    given(organization, ...created(), member('bob', 'admin'))
      .whenCommand(remove('ada', 'ada'), NOW)
      .then([{ type: 'OrganizationMemberRemoved', data: { ...o, userId: 'ada', role: 'admin', removedAt: NOW_ISO } }]);
  });

  it('removing a member frees their team seats first; removing a non-member is a no-op (204)', () => {
    given(organization, ...created(), member('bob', 'edit'), team('t1'), team('t2'), seat('t2', 'bob', 'owner'))
      .whenCommand(remove('ada', 'bob'), NOW)
      .then([
        { type: 'TeamMemberRemoved', data: { ...o, teamId: 't2', userId: 'bob' } },
        { type: 'OrganizationMemberRemoved', data: { ...o, userId: 'bob', role: 'edit', removedAt: NOW_ISO } },
      ]);
    given(organization, ...created())
      .whenCommand(remove('ada', 'zed'), NOW)
      .thenNothing();
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(remove('bob', 'zed'), NOW)
      .thenThrows(AdminRequired);
    given(organization, ...created())
      .whenCommand(remove('eve', 'ada'), NOW)
      .thenThrows(OrganizationNotFound);
    const { state } = given(organization, ...created(), member('bob', 'edit'), team('t1'), seat('t1', 'bob'), {
      type: 'OrganizationMemberRemoved',
      data: { ...o, userId: 'bob', role: 'edit', removedAt: NOW_ISO },
    });
    expect(state.members).toEqual({ ada: 'admin' });
    expect(state.teams.t1.members).toEqual({});
  });
});

describe('organization decider: invites by email', () => {
  const added = (userId: string, role: Role | null, sso = false) => ({
    type: 'OrganizationMemberAdded' as const,
    data: { ...o, userId, role, joinedAt: NOW_ISO, source: 'email-invite' as const, sso, addedBy: 'ada' },
  });

  it('invites add new users once and never change existing members', () => {
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(invite('ada', [resolved('bob', 'read'), resolved('cy', null), resolved('cy', 'admin')], { sso: true }), NOW)
      .then([added('cy', null, true)]);
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(invite('bob', [resolved('cy', 'read')], {}), NOW)
      .thenThrows(AdminRequired);
    given(organization, ...created())
      .whenCommand(invite('eve', [resolved('cy', 'read')], {}), NOW)
      .thenThrows(OrganizationNotFound);
  });

  it('the role is the invite’s own, else the body’s, else the organization’s defaultRole (null: guest)', () => {
    const withDefault = [
      ...created(),
      { type: 'OrganizationUpdated' as const, data: { ...o, changes: { defaultRole: 'comment' as const }, updatedAt: NOW_ISO } },
    ];
    given(organization, ...withDefault)
      .whenCommand(invite('ada', [resolved('cy', 'edit'), resolved('dee', undefined)], { role: 'read' }), NOW)
      .then([added('cy', 'edit'), added('dee', 'read')]);
    given(organization, ...withDefault)
      .whenCommand(invite('ada', [resolved('dee', undefined)], { role: null }), NOW)
      .then([added('dee', null)]);
    given(organization, ...withDefault)
      .whenCommand(invite('ada', [resolved('dee', undefined)]), NOW)
      .then([added('dee', 'comment')]);
    given(organization, ...created())
      .whenCommand(invite('ada', [resolved('dee', undefined)]), NOW)
      .then([added('dee', null)]);
  });

  it('SSO membership only for users of no other organization, and only when asked for', () => {
    given(organization, ...created())
      .whenCommand(invite('ada', [resolved('cy', 'read', true), resolved('dee', 'read')], { sso: true }), NOW)
      .then([added('cy', 'read', false), added('dee', 'read', true)]);
    given(organization, ...created())
      .whenCommand(invite('ada', [resolved('dee', 'read')], { sso: false }), NOW)
      .then([added('dee', 'read', false)]);
  });
});
