import { DomainEvent, Role } from '@app/platform';

export type MergeRules = { type: 'none' } | { type: 'rules'; rules: Array<Record<string, unknown>> };

/**
 * What the organization's default content points at. The reference Organization only renders a
 * site pointer; space and collection pointers are the older variants its PATCH still validates.
 */
export type DefaultContent = { type: 'site'; site: string } | { type: 'space'; space: string } | { type: 'collection'; collection: string };

/** Fields an admin may change with PATCH /v1/orgs/{organizationId}. */
export interface OrganizationSettings {
  title?: string;
  emailDomains?: string[];
  hostname?: string;
  defaultRole?: Role | null;
  defaultContent?: DefaultContent | null;
  logo?: string | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
  mergeRules?: MergeRules;
}

/** `owner`: manages the team's members and title; `member`: belongs to it (reference TeamMemberRole). */
export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** How a member arrived; kept on the event for audits. */
export type MemberSource = 'creator' | 'operator' | 'email-invite' | 'sso';
export type JoinSource = 'invite-link' | 'email-domain';

type Org = { organizationId: string };

/**
 * Every event of the organization aggregate, one stream per organization
 * (`organizations.organization-<id>`). Member roles are `Role | null`: null is a guest, a member
 * without an organization-wide role (reference MemberRoleOrGuest).
 */
export type OrganizationEvent =
  | DomainEvent<'OrganizationCreated', Org & { title: string; createdBy: string; createdAt: string }>
  | DomainEvent<'OrganizationUpdated', Org & { changes: OrganizationSettings; updatedAt: string }>
  | DomainEvent<
      'OrganizationMemberAdded',
      Org & { userId: string; role: Role | null; joinedAt: string; source?: MemberSource; sso?: boolean; addedBy?: string }
    >
  | DomainEvent<'OrganizationJoined', Org & { userId: string; role: Role | null; joinedAt: string; source: JoinSource; inviteId?: string }>
  | DomainEvent<'OrganizationMemberRoleChanged', Org & { userId: string; role: Role | null; from: Role | null }>
  | DomainEvent<'OrganizationMemberRemoved', Org & { userId: string; role: Role | null; removedAt: string }>
  /** The member signs in through the organization's SSO provider: by an admin (`grantedBy`) or at a SAML sign-in (`providerId`). */
  | DomainEvent<'OrganizationMemberSsoGranted', Org & { userId: string; grantedAt: string; grantedBy?: string; providerId?: string }>
  | DomainEvent<'OrganizationInviteCreated', Org & { inviteId: string; role: Role | null; createdAt: string; createdBy: string }>
  | DomainEvent<'OrganizationInviteRoleChanged', Org & { inviteId: string; role: Role | null; from: Role | null }>
  | DomainEvent<'OrganizationInviteDeleted', Org & { inviteId: string; deletedAt: string }>
  | DomainEvent<'TeamCreated', Org & { teamId: string; title: string; createdAt: string; createdBy: string }>
  | DomainEvent<'TeamRenamed', Org & { teamId: string; title: string; from: string }>
  | DomainEvent<'TeamDeleted', Org & { teamId: string; deletedAt: string }>
  | DomainEvent<'TeamMemberAdded', Org & { teamId: string; userId: string; role: TeamRole; addedAt: string }>
  | DomainEvent<'TeamMemberRoleChanged', Org & { teamId: string; userId: string; role: TeamRole; from: TeamRole }>
  | DomainEvent<'TeamMemberRemoved', Org & { teamId: string; userId: string }>;

export type OrganizationEventType = OrganizationEvent['type'];
export type EventOf<T extends OrganizationEventType> = Extract<OrganizationEvent, { type: T }>;
export type DataOf<T extends OrganizationEventType> = EventOf<T>['data'];
