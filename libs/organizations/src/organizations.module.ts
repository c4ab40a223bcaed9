import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '@app/platform';
import { AddOrganizationMemberHandler, CreateOrganizationHandler, UpdateOrganizationHandler } from './application/commands/organization.commands';
import { GetMemberRoleHandler, GetOrganizationHandler, GetOrganizationMergeRulesHandler, ListOrganizationsHandler } from './application/queries/organization.queries';
import { organizationsProjection } from './application/queries/organizations.projection';
import { OrganizationsController } from './http/organizations.controller';

/** Organizations and their members (teams, invites and SSO join this context later). */
@Module({
  controllers: [OrganizationsController],
  providers: [CreateOrganizationHandler, AddOrganizationMemberHandler, UpdateOrganizationHandler, GetMemberRoleHandler, GetOrganizationHandler, ListOrganizationsHandler, GetOrganizationMergeRulesHandler],
})
export class OrganizationsModule implements OnModuleInit {
  constructor(private readonly engine: ProjectionEngine) {}
  onModuleInit(): void {
    this.engine.registerProjection(organizationsProjection);
  }
}
