export { OrganizationsModule } from './organizations.module';
export { CreateOrganizationCommand, AddOrganizationMemberCommand } from './application/commands/organization.commands';
export { GetMemberRoleQuery, GetOrganizationMergeRulesQuery, GetOrganizationQuery } from './application/queries/organization.queries';
export {
  GetUserTeamIdsQuery, GetTeamsInOrganizationQuery, ListOrganizationMembersQuery, ListTeamMemberIdsQuery, GetOrganizationDefaultRoleQuery,
} from './application/queries/contract.queries';
export { parseMergeRules } from './http/update-organization.body';
export {
  ORGANIZATION_FLAG_POLICY, organizationAllows, organizationPermissions, type OrganizationFlag, type OrganizationFlagPolicy, type OrganizationPermissions,
} from './domain/organization-permissions';
