import { given } from '@app/platform/testing/given';
import { BadRequest, Role } from '@app/platform';
import { EmailDomainNotAllowed, InviteLinksDisabled } from './invites';
import { AdminRequired, InviteNotFound, OrganizationNotFound } from './organization';
import { organization } from './organization.decider';
import { created, invite, member, NOW, NOW_ISO, updated } from './testing/organization.fixtures';

const o = { organizationId: 'o1' };
const linksOn = updated({ inviteLinks: true });
const createLink = (actorId: string, role: Role | null) => ({ type: 'CreateInviteLink' as const, ...o, actorId, inviteId: 'i1', role });
const changeLink = (actorId: string, inviteId: string, role: Role | null) => ({ type: 'ChangeInviteRole' as const, ...o, actorId, inviteId, role });
const deleteLink = (actorId: string, inviteId: string) => ({ type: 'DeleteInviteLink' as const, ...o, actorId, inviteId });
const joinLink = (userId: string, inviteId: string) => ({ type: 'JoinWithInvite' as const, ...o, userId, inviteId });
const joinDomain = (userId: string, verifiedEmail: string | null) => ({ type: 'JoinByEmailDomain' as const, ...o, userId, verifiedEmail });

describe('organization decider: link invites', () => {
  it('admins create links only while invite links are enabled (412 otherwise)', () => {
    given(organization, ...created(), linksOn)
      .whenCommand(createLink('ada', 'edit'), NOW)
      .then([{ type: 'OrganizationInviteCreated', data: { ...o, inviteId: 'i1', role: 'edit', createdAt: NOW_ISO, createdBy: 'ada' } }]);
    given(organization, ...created())
      .whenCommand(createLink('ada', 'edit'), NOW)
      .thenThrows(InviteLinksDisabled);
    given(organization, ...created(), linksOn, member('bob', 'create'))
      .whenCommand(createLink('bob', 'read'), NOW)
      .thenThrows(AdminRequired);
    given(organization, ...created(), linksOn)
      .whenCommand(createLink('eve', 'read'), NOW)
      .thenThrows(OrganizationNotFound);
  });

  it('admins change an invite’s role and delete it; deleting twice is a no-op (204)', () => {
    given(organization, ...created(), invite('i1', 'edit'))
      .whenCommand(changeLink('ada', 'i1', null))
      .then([{ type: 'OrganizationInviteRoleChanged', data: { ...o, inviteId: 'i1', role: null, from: 'edit' } }]);
    given(organization, ...created(), invite('i1', 'edit'))
      .whenCommand(changeLink('ada', 'i1', 'edit'))
      .thenNothing();
    given(organization, ...created())
      .whenCommand(changeLink('ada', 'i9', 'edit'))
      .thenThrows(InviteNotFound);
    given(organization, ...created(), member('bob', 'edit'), invite('i1', 'edit'))
      .whenCommand(changeLink('bob', 'i1', 'read'))
      .thenThrows(AdminRequired);
    given(organization, ...created(), invite('i1', 'edit'))
      .whenCommand(deleteLink('ada', 'i1'), NOW)
      .then([{ type: 'OrganizationInviteDeleted', data: { ...o, inviteId: 'i1', deletedAt: NOW_ISO } }]);
    given(organization, ...created())
      .whenCommand(deleteLink('ada', 'i1'), NOW)
      .thenNothing();
    given(organization, ...created(), member('bob', 'edit'), invite('i1', 'edit'))
      .whenCommand(deleteLink('bob', 'i1'), NOW)
      .thenThrows(AdminRequired);
  });

  it('anyone with a live link joins with its role; members stay as they are', () => {
    given(organization, ...created(), linksOn, invite('i1', 'comment'))
      .whenCommand(joinLink('eve', 'i1'), NOW)
      .then([{ type: 'OrganizationJoined', data: { ...o, userId: 'eve', role: 'comment', joinedAt: NOW_ISO, source: 'invite-link', inviteId: 'i1' } }]);
    given(organization, ...created(), linksOn, invite('i1', 'comment'))
      .whenCommand(joinLink('ada', 'i1'), NOW)
      .thenNothing();
  });

  it('an unknown or deleted invite, links switched off, or no organization: 404', () => {
    given(organization, ...created(), linksOn)
      .whenCommand(joinLink('eve', 'i1'), NOW)
      .thenThrows(InviteNotFound);
    given(organization, ...created(), invite('i1', 'read'))
      .whenCommand(joinLink('eve', 'i1'), NOW)
      .thenThrows(InviteNotFound);
    given(organization, ...created(), linksOn, invite('i1', 'read'), { type: 'OrganizationInviteDeleted', data: { ...o, inviteId: 'i1', deletedAt: NOW_ISO } })
      .whenCommand(joinLink('eve', 'i1'), NOW)
      .thenThrows(InviteNotFound);
    given(organization).whenCommand(joinLink('eve', 'i1'), NOW).thenThrows(OrganizationNotFound);
  });
});

describe('organization decider: joining by email domain', () => {
  const domains = updated({ emailDomains: ['acme.test'], defaultRole: 'edit' });

  it('joins with the defaultRole when the verified email’s domain is allowed', () => {
    given(organization, ...created(), domains)
      .whenCommand(joinDomain('eve', 'eve@ACME.test'), NOW)
      .then([{ type: 'OrganizationJoined', data: { ...o, userId: 'eve', role: 'edit', joinedAt: NOW_ISO, source: 'email-domain' } }]);
    given(organization, ...created(), updated({ emailDomains: ['acme.test'] }))
      .whenCommand(joinDomain('eve', 'eve@acme.test'), NOW)
      .then([{ type: 'OrganizationJoined', data: { ...o, userId: 'eve', role: null, joinedAt: NOW_ISO, source: 'email-domain' } }]);
    given(organization, ...created(), domains)
      .whenCommand(joinDomain('ada', 'ada@other.test'), NOW)
      .thenNothing();
  });

  it('another domain or no verified email is a 400; no organization is a 404', () => {
    given(organization, ...created(), domains)
      .whenCommand(joinDomain('eve', 'eve@acme.test.evil'), NOW)
      .thenThrows(EmailDomainNotAllowed);
    given(organization, ...created())
      .whenCommand(joinDomain('eve', 'eve@acme.test'), NOW)
      .thenThrows(EmailDomainNotAllowed);
    given(organization, ...created(), domains)
      .whenCommand(joinDomain('eve', null), NOW)
      .thenThrows(BadRequest);
    given(organization).whenCommand(joinDomain('eve', 'eve@acme.test'), NOW).thenThrows(OrganizationNotFound);
  });
});
