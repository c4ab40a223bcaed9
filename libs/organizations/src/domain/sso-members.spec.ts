import { given } from '@app/platform/testing/given';
import { Role } from '@app/platform';
import { AdminRequired, MemberNotFound, OrganizationEvent, OrganizationNotFound } from './organization';
import { organization } from './organization.decider';
import { MemberOfOtherOrganizations } from './sso-members';
import { created, member, NOW, NOW_ISO, team } from './testing/organization.fixtures';

const o = { organizationId: 'o1' };
const grant = (actorId: string, userId: string, memberElsewhere = false) => ({ type: 'GrantMemberSso' as const, ...o, actorId, userId, memberElsewhere });
const join = (userId: string, more: { role?: Role | null; teamId?: string | null; memberElsewhere?: boolean } = {}) => ({
  type: 'JoinWithSso' as const,
  ...o,
  userId,
  providerId: 'p1',
  role: more.role === undefined ? 'read' : more.role,
  teamId: more.teamId ?? null,
  memberElsewhere: more.memberElsewhere ?? false,
});
const granted = (userId: string, by: { grantedBy?: string; providerId?: string }): OrganizationEvent => ({
  type: 'OrganizationMemberSsoGranted',
  data: { ...o, userId, grantedAt: NOW_ISO, ...by },
});
const ssoAdded = (userId: string, role: Role | null): OrganizationEvent => ({
  type: 'OrganizationMemberAdded',
  data: { ...o, userId, role, joinedAt: NOW_ISO, source: 'sso', sso: true },
});

describe('organization decider: SSO members (setUserAsSSOMemberForOrganization)', () => {
  it('an admin makes a member an SSO member once; again is a no-op', () => {
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(grant('ada', 'bob'), NOW)
      .then([granted('bob', { grantedBy: 'ada' })]);
    const done = given(organization, ...created(), member('bob', 'edit'), granted('bob', { grantedBy: 'ada' }));
    expect(done.state.ssoMembers).toEqual({ bob: true });
    done.whenCommand(grant('ada', 'bob', true), NOW).thenNothing();
  });

  it('only admins (403), only members of the organization (404 for outsiders and unknown users)', () => {
    given(organization, ...created(), member('bob', 'edit'), member('cy', 'create'))
      .whenCommand(grant('cy', 'bob'))
      .thenThrows(AdminRequired);
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(grant('zed', 'bob'))
      .thenThrows(OrganizationNotFound);
    given(organization, ...created())
      .whenCommand(grant('ada', 'nobody'))
      .thenThrows(MemberNotFound);
  });

  it('a user who belongs to another organization too cannot become one (412)', () => {
    given(organization, ...created(), member('bob', 'edit'))
      .whenCommand(grant('ada', 'bob', true))
      .thenThrows(MemberOfOtherOrganizations);
  });

  it('removing a member ends their SSO membership', () => {
    const s = given(organization, ...created(), ssoAdded('bob', 'read'), {
      type: 'OrganizationMemberRemoved',
      data: { ...o, userId: 'bob', role: 'read', removedAt: NOW_ISO },
    }).state;
    expect(s.ssoMembers).toEqual({});
  });
});

describe('organization decider: SAML sign-in (JoinWithSso)', () => {
  it('a new user joins as an SSO member with the default role, into the default team', () => {
    given(organization, ...created(), team('t1'))
      .whenCommand(join('bob', { role: 'edit', teamId: 't1' }), NOW)
      .then([ssoAdded('bob', 'edit'), { type: 'TeamMemberAdded', data: { ...o, teamId: 't1', userId: 'bob', role: 'member', addedAt: NOW_ISO } }]);
    given(organization, ...created())
      .whenCommand(join('bob', { role: null }), NOW)
      .then([ssoAdded('bob', null)]);
  });

  it('a default team deleted since is skipped', () => {
    given(organization, ...created(), team('t1'), { type: 'TeamDeleted', data: { ...o, teamId: 't1', deletedAt: NOW_ISO } })
      .whenCommand(join('bob', { teamId: 't1' }), NOW)
      .then([ssoAdded('bob', 'read')]);
  });

  it('a member keeps their role and becomes an SSO member; an SSO member signing in again changes nothing', () => {
    given(organization, ...created(), member('bob', 'admin'))
      .whenCommand(join('bob', { role: 'read', teamId: 't1' }), NOW)
      .then([granted('bob', { providerId: 'p1' })]);
    given(organization, ...created(), ssoAdded('bob', 'read'))
      .whenCommand(join('bob'), NOW)
      .thenNothing();
  });

  it('refused for a user of another organization (412) and for an unknown organization (404)', () => {
    given(organization, ...created())
      .whenCommand(join('bob', { memberElsewhere: true }))
      .thenThrows(MemberOfOtherOrganizations);
    given(organization).whenCommand(join('bob')).thenThrows(OrganizationNotFound);
  });
});
