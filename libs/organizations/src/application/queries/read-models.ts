import { Role } from '@app/platform';
import { OrganizationSettings, TeamRole } from '../../domain/organization';

/** Read-model collections of the `organizations` projection (listings page on `seq`, immutable). */
export const ORGANIZATIONS = 'organizations';
export const MEMBERS = 'organization_members';
export const ORG_USERS = 'organization_users';
export const TEAMS = 'organization_teams';
export const TEAM_MEMBERS = 'organization_team_members';
export const TEAM_SPACES = 'organization_team_spaces';
export const INVITES = 'organization_invites';
/** One document per explicit (space, user) grant, for OrganizationMember.spaces. */
export const USER_SPACES = 'organization_user_spaces';
/** One document per (email domain, organization): the lookup behind joining by email domain. */
export const ORG_DOMAINS = 'organization_email_domains';
/** Of the `organization-content` projection: which spaces, collections and sites an organization has. */
export const ORG_CONTENT = 'organization_content';

export interface OrganizationDoc extends OrganizationSettings {
  id: string;
  title: string;
  createdAt: string;
  /** Global position of OrganizationCreated. */
  seq: number;
  [k: string]: unknown;
}

export interface MemberDoc {
  id: string;
  organizationId: string;
  userId: string;
  role: Role | null;
  joinedAt: string;
  /** Global position of the event that made them a member: the immutable joinedAt order. */
  seq: number;
  sso: boolean;
  /** Number of the organization's teams they are in. */
  teams: number;
  /** Number of spaces they hold an explicit grant on. */
  spaces?: number;
  /** Lower-cased "displayName email", for the listing's `search` filter. */
  search: string;
  [k: string]: unknown;
}

/** Copy of identity's users (from its UserRegistered integration event), for member search. */
export interface OrgUserDoc { id: string; email: string; displayName: string; [k: string]: unknown }

export interface TeamDoc {
  id: string;
  organizationId: string;
  title: string;
  createdAt: string;
  seq: number;
  members: number;
  /** Distinct spaces granted to the team (spaces context's integration events). */
  spaces: number;
  [k: string]: unknown;
}

export interface TeamMemberDoc {
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
  [k: string]: unknown;
}

export interface TeamSpaceDoc { id: string; organizationId: string; teamId: string; spaceId: string; [k: string]: unknown }

export interface UserSpaceDoc { id: string; organizationId: string; spaceId: string; userId: string; [k: string]: unknown }

export interface InviteDoc { id: string; organizationId: string; role: Role | null; createdAt: string; seq: number; [k: string]: unknown }

export interface OrgDomainDoc { id: string; domain: string; organizationId: string; seq: number; [k: string]: unknown }

export interface OrgContentDoc { id: string; organizationId: string; kind: 'space' | 'collection' | 'site'; refId: string; [k: string]: unknown }

export const memberId = (organizationId: string, userId: string) => `${organizationId}:${userId}`;
export const teamMemberId = (teamId: string, userId: string) => `${teamId}:${userId}`;
export const teamSpaceId = (teamId: string, spaceId: string) => `${teamId}:${spaceId}`;
export const userSpaceId = (spaceId: string, userId: string) => `${spaceId}:${userId}`;
export const contentId = (kind: OrgContentDoc['kind'], refId: string) => `${kind}:${refId}`;
