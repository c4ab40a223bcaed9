import { given } from '@app/platform/testing/given';
import { BadRequest } from '@app/platform';
import { decideAddMember, decideChangeMemberRole, decideInviteMembers, decideRemoveMember, LastAdmin } from './members';
import { AdminRequired, decideCreate, decideUpdate, MemberNotFound, organization, OrganizationNotFound } from './organization';
import { created, member, NOW, NOW_ISO, seat, team } from './testing/organization.fixtures';

const o = { organizationId: 'o1' };

describe('organization decider: lifecycle and settings', () => {
  it('creates once, with its creator as admin', () => {
    given(organization).when((s) => decideCreate(s, 'o1', 'Acme', 'ada', new Date('2026-01-01'))).then(created());
    given(organization, ...created()).when((s) => decideCreate(s, 'o1', 'Acme', 'ada', NOW)).thenNothing();
    given(organization).when((s) => decideCreate(s, 'o1', 'A', 'ada', NOW)).thenThrows(BadRequest);
  });

  it('only admins update settings; outsiders get 404', () => {
    given(organization, ...created()).when((s) => decideUpdate(s, 'o1', 'ada', { ai: true }, NOW))
      .then([{ type: 'OrganizationUpdated', data: { ...o, changes: { ai: true }, updatedAt: NOW_ISO } }]);
    given(organization, ...created(), member('bob', 'create')).when((s) => decideUpdate(s, 'o1', 'bob', { ai: true }, NOW)).thenThrows(AdminRequired);
    given(organization, ...created()).when((s) => decideUpdate(s, 'o1', 'eve', { ai: true }, NOW)).thenThrows(OrganizationNotFound);
    given(organization).when((s) => decideUpdate(s, 'o1', 'ada', { ai: true }, NOW)).thenThrows(OrganizationNotFound);
  });

  it('evolves the join settings from updates', () => {
    const { state } = given(organization, ...created(), { type: 'OrganizationUpdated', data: { ...o, changes: { emailDomains: ['acme.test'], defaultRole: 'edit', inviteLinks: true }, updatedAt: NOW_ISO } });
    expect(state).toMatchObject({ emailDomains: ['acme.test'], defaultRole: 'edit', inviteLinks: true });
  });
});

describe('organization decider: members', () => {
  it('the operator adds a member, changes a role, and a repeat is a no-op', () => {
    given(organization, ...created()).when((s) => decideAddMember(s, 'o1', 'bob', 'edit', NOW, { source: 'operator' }))
      .then([{ type: 'OrganizationMemberAdded', data: { ...o, userId: 'bob', role: 'edit', joinedAt: NOW_ISO, source: 'operator' } }]);
    given(organization, ...created(), member('bob', 'edit')).when((s) => decideAddMember(s, 'o1', 'bob', 'read', NOW))
      .then([{ type: 'OrganizationMemberRoleChanged', data: { ...o, userId: 'bob', role: 'read', from: 'edit' } }]);
    given(organization, ...created(), member('bob', 'edit')).when((s) => decideAddMember(s, 'o1', 'bob', 'edit', NOW)).thenNothing();
  });

  it('admins change roles (also to guest); others may not; unknown members are 404', () => {
    given(organization, ...created(), member('bob', 'edit')).when((s) => decideChangeMemberRole(s, 'o1', 'ada', 'bob', null))
      .then([{ type: 'OrganizationMemberRoleChanged', data: { ...o, userId: 'bob', role: null, from: 'edit' } }]);
    given(organization, ...created(), member('bob', 'edit')).when((s) => decideChangeMemberRole(s, 'o1', 'ada', 'bob', 'edit')).thenNothing();
    given(organization, ...created(), member('bob', 'edit')).when((s) => decideChangeMemberRole(s, 'o1', 'ada', 'bob', undefined)).thenNothing();
    given(organization, ...created(), member('bob', 'edit')).when((s) => decideChangeMemberRole(s, 'o1', 'bob', 'bob', undefined)).thenThrows(AdminRequired);
    given(organization, ...created(), member('bob', 'edit')).when((s) => decideChangeMemberRole(s, 'o1', 'bob', 'ada', 'read')).thenThrows(AdminRequired);
    given(organization, ...created()).when((s) => decideChangeMemberRole(s, 'o1', 'ada', 'zed', 'read')).thenThrows(MemberNotFound);
    given(organization, ...created()).when((s) => decideChangeMemberRole(s, 'o1', 'eve', 'ada', 'read')).thenThrows(OrganizationNotFound);
  });

  it('the last admin can be neither demoted nor removed (409); with a second admin both work', () => {
    given(organization, ...created()).when((s) => decideChangeMemberRole(s, 'o1', 'ada', 'ada', 'edit')).thenThrows(LastAdmin);
    given(organization, ...created()).when((s) => decideRemoveMember(s, 'o1', 'ada', 'ada', NOW)).thenThrows(LastAdmin);
    given(organization, ...created()).when((s) => decideAddMember(s, 'o1', 'ada', 'read', NOW)).thenThrows(LastAdmin);
    given(organization, ...created(), member('bob', 'admin')).when((s) => decideChangeMemberRole(s, 'o1', 'bob', 'ada', 'edit'))
      .then([{ type: 'OrganizationMemberRoleChanged', data: { ...o, userId: 'ada', role: 'edit', from: 'admin' } }]);
    given(organization, ...created(), member('bob', 'admin')).when((s) => decideRemoveMember(s, 'o1', 'ada', 'ada', NOW))
      .then([{ type: 'OrganizationMemberRemoved', data: { ...o, userId: 'ada', role: 'admin', removedAt: NOW_ISO } }]);
  });

  it('removing a member frees their team seats first; removing a non-member is a no-op (204)', () => {
    given(organization, ...created(), member('bob', 'edit'), team('t1'), team('t2'), seat('t2', 'bob', 'owner'))
      .when((s) => decideRemoveMember(s, 'o1', 'ada', 'bob', NOW))
      .then([
        { type: 'TeamMemberRemoved', data: { ...o, teamId: 't2', userId: 'bob' } },
        { type: 'OrganizationMemberRemoved', data: { ...o, userId: 'bob', role: 'edit', removedAt: NOW_ISO } },
      ]);
    given(organization, ...created()).when((s) => decideRemoveMember(s, 'o1', 'ada', 'zed', NOW)).thenNothing();
    given(organization, ...created(), member('bob', 'edit')).when((s) => decideRemoveMember(s, 'o1', 'bob', 'zed', NOW)).thenThrows(AdminRequired);
    const { state } = given(organization, ...created(), member('bob', 'edit'), team('t1'), seat('t1', 'bob'),
      { type: 'OrganizationMemberRemoved', data: { ...o, userId: 'bob', role: 'edit', removedAt: NOW_ISO } });
    expect(state.members).toEqual({ ada: 'admin' });
    expect(state.teams.t1.members).toEqual({});
  });

  it('invites add new users once and never change existing members', () => {
    given(organization, ...created(), member('bob', 'edit'))
      .when((s) => decideInviteMembers(s, 'o1', 'ada', [
        { userId: 'bob', role: 'read', sso: false }, { userId: 'cy', role: null, sso: true }, { userId: 'cy', role: 'admin', sso: false },
      ], NOW))
      .then([{ type: 'OrganizationMemberAdded', data: { ...o, userId: 'cy', role: null, joinedAt: NOW_ISO, source: 'email-invite', sso: true, addedBy: 'ada' } }]);
    given(organization, ...created(), member('bob', 'edit')).when((s) => decideInviteMembers(s, 'o1', 'bob', [{ userId: 'cy', role: 'read', sso: false }], NOW))
      .thenThrows(AdminRequired);
  });
});
