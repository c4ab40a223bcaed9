import { given } from '@app/platform/testing/given';
import { BadRequest } from '@app/platform';
import {
  decideChangeInviteRole, decideCreateInviteLink, decideDeleteInviteLink, decideJoinByEmailDomain, decideJoinWithInvite, EmailDomainNotAllowed, InviteLinksDisabled,
} from './invites';
import { AdminRequired, InviteNotFound, organization, OrganizationNotFound } from './organization';
import { created, invite, member, NOW, NOW_ISO, updated } from './testing/organization.fixtures';

const o = { organizationId: 'o1' };
const linksOn = updated({ inviteLinks: true });

describe('organization decider: link invites', () => {
  it('admins create links only while invite links are enabled (412 otherwise)', () => {
    given(organization, ...created(), linksOn).when((s) => decideCreateInviteLink(s, 'o1', 'ada', 'i1', 'edit', NOW))
      .then([{ type: 'OrganizationInviteCreated', data: { ...o, inviteId: 'i1', role: 'edit', createdAt: NOW_ISO, createdBy: 'ada' } }]);
    given(organization, ...created()).when((s) => decideCreateInviteLink(s, 'o1', 'ada', 'i1', 'edit', NOW)).thenThrows(InviteLinksDisabled);
    given(organization, ...created(), linksOn, member('bob', 'create')).when((s) => decideCreateInviteLink(s, 'o1', 'bob', 'i1', 'read', NOW)).thenThrows(AdminRequired);
    given(organization, ...created(), linksOn).when((s) => decideCreateInviteLink(s, 'o1', 'eve', 'i1', 'read', NOW)).thenThrows(OrganizationNotFound);
  });

  it('admins change an invite’s role and delete it; deleting twice is a no-op (204)', () => {
    given(organization, ...created(), invite('i1', 'edit')).when((s) => decideChangeInviteRole(s, 'o1', 'ada', 'i1', null))
      .then([{ type: 'OrganizationInviteRoleChanged', data: { ...o, inviteId: 'i1', role: null, from: 'edit' } }]);
    given(organization, ...created(), invite('i1', 'edit')).when((s) => decideChangeInviteRole(s, 'o1', 'ada', 'i1', 'edit')).thenNothing();
    given(organization, ...created()).when((s) => decideChangeInviteRole(s, 'o1', 'ada', 'i9', 'edit')).thenThrows(InviteNotFound);
    given(organization, ...created(), invite('i1', 'edit')).when((s) => decideDeleteInviteLink(s, 'o1', 'ada', 'i1', NOW))
      .then([{ type: 'OrganizationInviteDeleted', data: { ...o, inviteId: 'i1', deletedAt: NOW_ISO } }]);
    given(organization, ...created()).when((s) => decideDeleteInviteLink(s, 'o1', 'ada', 'i1', NOW)).thenNothing();
    given(organization, ...created(), member('bob', 'edit'), invite('i1', 'edit')).when((s) => decideDeleteInviteLink(s, 'o1', 'bob', 'i1', NOW)).thenThrows(AdminRequired);
  });

  it('anyone with a live link joins with its role; members stay as they are', () => {
    given(organization, ...created(), linksOn, invite('i1', 'comment')).when((s) => decideJoinWithInvite(s, 'o1', 'eve', 'i1', NOW))
      .then([{ type: 'OrganizationJoined', data: { ...o, userId: 'eve', role: 'comment', joinedAt: NOW_ISO, source: 'invite-link', inviteId: 'i1' } }]);
    given(organization, ...created(), linksOn, invite('i1', 'comment')).when((s) => decideJoinWithInvite(s, 'o1', 'ada', 'i1', NOW)).thenNothing();
  });

  it('an unknown or deleted invite, links switched off, or no organization: 404', () => {
    given(organization, ...created(), linksOn).when((s) => decideJoinWithInvite(s, 'o1', 'eve', 'i1', NOW)).thenThrows(InviteNotFound);
    given(organization, ...created(), invite('i1', 'read')).when((s) => decideJoinWithInvite(s, 'o1', 'eve', 'i1', NOW)).thenThrows(InviteNotFound);
    given(organization, ...created(), linksOn, invite('i1', 'read'), { type: 'OrganizationInviteDeleted', data: { ...o, inviteId: 'i1', deletedAt: NOW_ISO } })
      .when((s) => decideJoinWithInvite(s, 'o1', 'eve', 'i1', NOW)).thenThrows(InviteNotFound);
    given(organization).when((s) => decideJoinWithInvite(s, 'o1', 'eve', 'i1', NOW)).thenThrows(OrganizationNotFound);
  });
});

describe('organization decider: joining by email domain', () => {
  const domains = updated({ emailDomains: ['acme.test'], defaultRole: 'edit' });

  it('joins with the defaultRole when the verified email’s domain is allowed', () => {
    given(organization, ...created(), domains).when((s) => decideJoinByEmailDomain(s, 'o1', 'eve', 'eve@ACME.test', NOW))
      .then([{ type: 'OrganizationJoined', data: { ...o, userId: 'eve', role: 'edit', joinedAt: NOW_ISO, source: 'email-domain' } }]);
    given(organization, ...created(), updated({ emailDomains: ['acme.test'] })).when((s) => decideJoinByEmailDomain(s, 'o1', 'eve', 'eve@acme.test', NOW))
      .then([{ type: 'OrganizationJoined', data: { ...o, userId: 'eve', role: null, joinedAt: NOW_ISO, source: 'email-domain' } }]);
    given(organization, ...created(), domains).when((s) => decideJoinByEmailDomain(s, 'o1', 'ada', 'ada@other.test', NOW)).thenNothing();
  });

  it('another domain or no verified email is a 400; no organization is a 404', () => {
    given(organization, ...created(), domains).when((s) => decideJoinByEmailDomain(s, 'o1', 'eve', 'eve@acme.test.evil', NOW)).thenThrows(EmailDomainNotAllowed);
    given(organization, ...created()).when((s) => decideJoinByEmailDomain(s, 'o1', 'eve', 'eve@acme.test', NOW)).thenThrows(EmailDomainNotAllowed);
    given(organization, ...created(), domains).when((s) => decideJoinByEmailDomain(s, 'o1', 'eve', null, NOW)).thenThrows(BadRequest);
    given(organization).when((s) => decideJoinByEmailDomain(s, 'o1', 'eve', 'eve@acme.test', NOW)).thenThrows(OrganizationNotFound);
  });
});
