export { OrganizationsModule } from './organizations.module';
export { CreateOrganizationCommand, AddOrganizationMemberCommand } from './application/commands/organization.commands';
export { GetMemberRoleQuery, GetOrganizationMergeRulesQuery, GetOrganizationQuery } from './application/queries/organization.queries';
export {
  GetUserTeamIdsQuery,
  GetTeamsInOrganizationQuery,
  ListOrganizationMembersQuery,
  ListTeamMemberIdsQuery,
  GetOrganizationDefaultRoleQuery,
} from './application/queries/contract.queries';
export { GetMemberViewsQuery } from './application/queries/member-views.query';
/** Time travel: the organization's members, default role and teams at a point (for the access model of spaces). */
export { OrganizationFactsAsOfQuery } from './application/as-of/as-of.queries';
export type { OrganizationFacts } from './application/as-of/as-of-organization';
/** The organization's event stream (its teams' TeamCreated/TeamDeleted, for time travel in spaces). */
export { organizationStream } from './domain/organization';
export { JoinWithSsoCommand } from './application/commands/sso-member.commands';
export { ListUserMembershipsQuery, type UserMembership } from './application/queries/user-memberships.query';
export { GetTeamViewsQuery } from './application/queries/team-views.query';
export type { TeamView } from './application/queries/team.view';
export type { MemberView } from './application/queries/member.view';
/** Merge rules are validated alike for organizations, spaces and collections (`IsMergeRules(true)` allows `inherit`). */
export { IsMergeRules, mergeRulesProblem, parseMergeRules } from './http/organization.validators';
export {
  ORGANIZATION_FLAG_POLICY,
  organizationAllows,
  organizationPermissions,
  type OrganizationFlag,
  type OrganizationFlagPolicy,
  type OrganizationPermissions,
} from './domain/organization-permissions';
