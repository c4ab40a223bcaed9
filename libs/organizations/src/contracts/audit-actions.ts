import { AuditActionDefinition } from '@app/platform';

type Data = Record<string, unknown>;
const org = (d: Data) => d.organizationId as string;
const organization = (d: Data) => ({ type: 'organization', id: org(d) });
const user = (d: Data) => ({ type: 'user', id: d.userId as string });
const team = (d: Data) => ({ type: 'team', id: d.teamId as string });
const invite = (d: Data) => ({ type: 'invite', id: d.inviteId as string });

/** Every organization event names its organization. */
const inOrg = (def: Omit<AuditActionDefinition, 'organizationId'>): AuditActionDefinition => ({ ...def, organizationId: org });

/**
 * How the organizations context's events read as audit events. Member events target the user
 * (the member's history is the user's within the organization); team memberships target the
 * team and relate the user. `OrganizationMemberSeen` is presence bookkeeping, not a change.
 */
export const ORGANIZATIONS_AUDIT_ACTIONS: AuditActionDefinition[] = [
  inOrg({ event: 'OrganizationCreated', action: 'organization.created', label: 'Organization created', target: organization }),
  inOrg({ event: 'OrganizationUpdated', action: 'organization.updated', label: 'Organization updated', target: organization }),
  inOrg({
    event: 'OrganizationAgentInstructionsUpdated',
    action: 'organization.agent-instructions.updated',
    label: 'Organization agent instructions updated',
    target: organization,
  }),
  inOrg({ event: 'OrganizationMemberAdded', action: 'organization.member.added', label: 'Member added', target: user, related: (d) => [organization(d)] }),
  inOrg({ event: 'OrganizationJoined', action: 'organization.member.joined', label: 'Member joined', target: user, related: (d) => [organization(d)] }),
  inOrg({
    event: 'OrganizationMemberRoleChanged',
    action: 'organization.member.role.updated',
    label: 'Member role updated',
    target: user,
    related: (d) => [organization(d)],
  }),
  inOrg({
    event: 'OrganizationMemberRemoved',
    action: 'organization.member.removed',
    label: 'Member removed',
    target: user,
    related: (d) => [organization(d)],
  }),
  inOrg({
    event: 'OrganizationMemberSsoGranted',
    action: 'organization.member.sso.granted',
    label: 'Member SSO sign-in granted',
    target: user,
    related: (d) => [organization(d)],
  }),
  inOrg({ event: 'OrganizationInviteCreated', action: 'organization.invite.created', label: 'Invite link created', target: invite }),
  inOrg({ event: 'OrganizationInviteRoleChanged', action: 'organization.invite.updated', label: 'Invite link role updated', target: invite }),
  inOrg({ event: 'OrganizationInviteDeleted', action: 'organization.invite.deleted', label: 'Invite link deleted', target: invite }),
  inOrg({ event: 'TeamCreated', action: 'team.created', label: 'Team created', target: team }),
  inOrg({ event: 'TeamRenamed', action: 'team.updated', label: 'Team renamed', target: team }),
  inOrg({ event: 'TeamDeleted', action: 'team.deleted', label: 'Team deleted', target: team }),
  inOrg({ event: 'TeamMemberAdded', action: 'team.member.added', label: 'Team member added', target: team, related: (d) => [user(d)] }),
  inOrg({ event: 'TeamMemberRoleChanged', action: 'team.member.role.updated', label: 'Team member role updated', target: team, related: (d) => [user(d)] }),
  inOrg({ event: 'TeamMemberRemoved', action: 'team.member.removed', label: 'Team member removed', target: team, related: (d) => [user(d)] }),
];

/** Appended by organizations, not changes anyone audits (a member's presence, throttled). */
export const ORGANIZATIONS_BOOKKEEPING_EVENTS = ['OrganizationMemberSeen'];
