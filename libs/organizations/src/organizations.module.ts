import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '@app/platform';
import { InviteMembersHandler } from './application/commands/invite-members.command';
import { ChangeInviteRoleHandler, CreateInviteLinkHandler, DeleteInviteLinkHandler } from './application/commands/invite-link.commands';
import { JoinOrganizationHandler, JoinWithInviteHandler } from './application/commands/join.commands';
import { ChangeMemberRoleHandler, RemoveMemberHandler } from './application/commands/member.commands';
import { AddOrganizationMemberHandler, CreateOrganizationHandler, UpdateOrganizationHandler } from './application/commands/organization.commands';
import { ChangeTeamMembersHandler } from './application/commands/team-members.commands';
import { JoinWithSsoHandler, SetMemberSsoHandler } from './application/commands/sso-member.commands';
import { RecordMemberSeenHandler } from './application/commands/record-member-seen.command';
import { UpdateAgentInstructionsHandler } from './application/commands/update-agent-instructions.command';
import { agentInstructionsProjection } from './application/queries/agent-instructions.projection';
import { GetAgentInstructionsHandler } from './application/queries/agent-instructions.query';
import { GetTeamViewsHandler } from './application/queries/team-views.query';
import { ListUserMembershipsHandler } from './application/queries/user-memberships.query';
import { AgentInstructionsController } from './http/agent-instructions.controller';
import { PresenceController } from './http/presence.controller';
import { CreateTeamHandler, DeleteTeamHandler, RenameTeamHandler } from './application/commands/team.commands';
import { DefaultContentCheck } from './application/default-content';
import { InviteLinkIds } from './application/invite-link-ids';
import { OrgAccess } from './application/org-access';
import { CONTRACT_QUERY_HANDLERS } from './application/queries/contract.queries';
import { GetOrganizationsForEmailDomainHandler } from './application/queries/email-domain.queries';
import { GetInviteLinkHandler, ListInviteLinksHandler } from './application/queries/invite.queries';
import { MemberRenderer } from './application/queries/member-renderer';
import { ListMemberTeamsHandler } from './application/queries/member-teams.query';
import { GetMemberHandler, ListMembersHandler } from './application/queries/member.queries';
import {
  GetMemberRoleHandler,
  GetOrganizationHandler,
  GetOrganizationMergeRulesHandler,
  ListOrganizationsHandler,
} from './application/queries/organization.queries';
import { organizationsProjection } from './application/queries/organizations.projection';
import { TeamViews } from './application/queries/team-views';
import { GetTeamHandler, ListTeamMembersHandler, ListTeamsHandler } from './application/queries/team.queries';
import { AS_OF_QUERY_HANDLERS } from './application/as-of/as-of.queries';
import { OrganizationAsOf } from './application/as-of/as-of-organization';
import { OrganizationAsOfReaders } from './application/as-of/as-of.readers';
import { InvitesController } from './http/invites.controller';
import { MembersController } from './http/members.controller';
import { OrganizationsController } from './http/organizations.controller';
import { TeamsController } from './http/teams.controller';
import { UsersController } from './http/users.controller';

const COMMAND_HANDLERS = [
  CreateOrganizationHandler,
  AddOrganizationMemberHandler,
  UpdateOrganizationHandler,
  ChangeMemberRoleHandler,
  RemoveMemberHandler,
  InviteMembersHandler,
  JoinOrganizationHandler,
  JoinWithInviteHandler,
  CreateInviteLinkHandler,
  ChangeInviteRoleHandler,
  DeleteInviteLinkHandler,
  CreateTeamHandler,
  RenameTeamHandler,
  DeleteTeamHandler,
  ChangeTeamMembersHandler,
  SetMemberSsoHandler,
  JoinWithSsoHandler,
  RecordMemberSeenHandler,
  UpdateAgentInstructionsHandler,
];
const QUERY_HANDLERS = [
  GetMemberRoleHandler,
  GetOrganizationHandler,
  ListOrganizationsHandler,
  GetOrganizationMergeRulesHandler,
  GetOrganizationsForEmailDomainHandler,
  ListMembersHandler,
  GetMemberHandler,
  ListMemberTeamsHandler,
  ListInviteLinksHandler,
  GetInviteLinkHandler,
  ListTeamsHandler,
  GetTeamHandler,
  ListTeamMembersHandler,
  GetAgentInstructionsHandler,
  ListUserMembershipsHandler,
  GetTeamViewsHandler,
  ...CONTRACT_QUERY_HANDLERS,
  ...AS_OF_QUERY_HANDLERS,
];

/** Organizations: settings, members (SSO membership, last seen), invites, joining, teams and agent instructions. */
@Module({
  controllers: [
    OrganizationsController,
    MembersController,
    InvitesController,
    TeamsController,
    UsersController,
    AgentInstructionsController,
    PresenceController,
  ],
  providers: [
    DefaultContentCheck,
    InviteLinkIds,
    OrgAccess,
    MemberRenderer,
    TeamViews,
    OrganizationAsOf,
    OrganizationAsOfReaders,
    ...COMMAND_HANDLERS,
    ...QUERY_HANDLERS,
  ],
})
export class OrganizationsModule implements OnModuleInit {
  constructor(private readonly engine: ProjectionEngine) {}
  onModuleInit(): void {
    this.engine.registerProjection(organizationsProjection);
    this.engine.registerProjection(agentInstructionsProjection);
  }
}
