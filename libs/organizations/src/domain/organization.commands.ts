import { Role } from '@app/platform';
import { MemberSource, OrganizationSettings, TeamRole } from './organization.events';

type Org = { organizationId: string };
/** Commands an organization member gives: `actorId` is checked against the member list. */
type ByActor = Org & { actorId: string };

/** An email invite once its user is known: `role` undefined falls back to the body's role, then the defaultRole. */
export interface ResolvedInvite {
  email: string;
  userId: string;
  role: Role | null | undefined;
  /** The user is a member of another organization (SSO membership is only for users of none); looked up only when SSO is asked for. */
  memberElsewhere: boolean;
}

/** A user named in a team change: `userId` null when named by an email no user has. */
export interface TeamMemberRef {
  field: string;
  userId: string | null;
  ref: string;
}

/**
 * Every command of the organization aggregate (one stream per organization: the organization,
 * its members, link invites and teams), decided by `organization.decide`.
 */
export type OrganizationCommand =
  | (Org & { type: 'CreateOrganization'; title: string; adminId: string })
  | (ByActor & { type: 'UpdateOrganization'; changes: OrganizationSettings })
  /** Operator action (CLI): adds a user with a role, or changes the role of a member. */
  | (Org & { type: 'AddMember'; userId: string; role: Role | null; source: MemberSource })
  | (ByActor & { type: 'InviteMembers'; invites: ResolvedInvite[]; role: Role | null | undefined; sso: boolean })
  | (ByActor & { type: 'ChangeMemberRole'; userId: string; role: Role | null | undefined })
  /** setUserAsSSOMemberForOrganization; `memberElsewhere`: the user belongs to another organization too (from the read model). */
  | (ByActor & { type: 'GrantMemberSso'; userId: string; memberElsewhere: boolean })
  /** A SAML sign-in: a new user joins with the provider's role and team, an existing member becomes an SSO member. */
  | (Org & { type: 'JoinWithSso'; userId: string; providerId: string; role: Role | null; teamId: string | null; memberElsewhere: boolean })
  | (ByActor & { type: 'RemoveMember'; userId: string })
  | (ByActor & { type: 'CreateInviteLink'; inviteId: string; role: Role | null })
  | (ByActor & { type: 'ChangeInviteRole'; inviteId: string; role: Role | null })
  | (ByActor & { type: 'DeleteInviteLink'; inviteId: string })
  | (Org & { type: 'JoinWithInvite'; userId: string; inviteId: string })
  /** `verifiedEmail` null when the user has no verified email. */
  | (Org & { type: 'JoinByEmailDomain'; userId: string; verifiedEmail: string | null })
  | (ByActor & { type: 'CreateTeam'; teamId: string; title: string; members: string[] })
  | (ByActor & { type: 'RenameTeam'; teamId: string; title: string })
  | (ByActor & { type: 'DeleteTeam'; teamId: string })
  /** Adds or re-roles `set` and removes `remove` in one decision; a user in both is removed. */
  | (ByActor & { type: 'ChangeTeamMembers'; teamId: string; set: Array<TeamMemberRef & { role: TeamRole | undefined }>; remove: TeamMemberRef[] });

export type OrganizationCommandType = OrganizationCommand['type'];
export type CommandOf<T extends OrganizationCommandType> = Extract<OrganizationCommand, { type: T }>;
