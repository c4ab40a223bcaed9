import { Role } from '@app/platform';
import { OrganizationSettings, TeamRole } from '../../domain/organization';

/** Read-model collections of the `organizations` projection (listings page on `seq`, immutable). */
export const ORGANIZATIONS = 'organizations';
export const MEMBERS = 'organization_members';
export const ORG_USERS = 'organization_users';
export const TEAMS = 'organization_teams';
export const TEAM_MEMBERS = 'organization_team_members';
export const INVITES = 'organization_invites';
/** One document per (email domain, organization): the lookup behind joining by email domain. */
export const ORG_DOMAINS = 'organization_email_domains';

/** Documents are plain types (no index signature): a field is read only if it is declared here. */
export type OrganizationDoc = { [K in keyof OrganizationSettings]: OrganizationSettings[K] } & {
  id: string;
  title: string;
  createdAt: string;
  /** Global position of OrganizationCreated. */
  seq: number;
};

export type MemberDoc = {
  id: string;
  organizationId: string;
  userId: string;
  role: Role | null;
  joinedAt: string;
  /** Global position of the event that made them a member: the immutable joinedAt order. */
  seq: number;
  sso: boolean;
  /** Last ping (updateOrganizationMemberLastSeenAt), to the minute; absent when never seen. */
  lastSeenAt?: string;
  /** Number of the organization's teams they are in. (Their spaces are the spaces context's answer to CountMemberSpacesQuery.) */
  teams: number;
  /** Lower-cased "displayName email", for the listing's `search` filter. */
  search: string;
};

/** Copy of identity's users (from its UserRegistered integration event), for member search. */
export type OrgUserDoc = { id: string; email: string; displayName: string };

export type TeamDoc = {
  id: string;
  organizationId: string;
  title: string;
  createdAt: string;
  seq: number;
  /** Number of members. (Its spaces are the spaces context's answer to CountTeamSpacesQuery.) */
  members: number;
};

export type TeamMemberDoc = {
  id: string;
  organizationId: string;
  teamId: string;
  userId: string;
  role: TeamRole;
  /** Position of TeamMemberAdded: the order of a team's member listing. */
  seq: number;
  /** The team's title and creation position, kept for a member's team listing and its filter. */
  teamTitle: string;
  teamSeq: number;
};

export type InviteDoc = { id: string; organizationId: string; role: Role | null; createdAt: string; seq: number };

export type OrgDomainDoc = { id: string; domain: string; organizationId: string; seq: number };

export const memberId = (organizationId: string, userId: string) => `${organizationId}:${userId}`;
export const teamMemberId = (teamId: string, userId: string) => `${teamId}:${userId}`;
