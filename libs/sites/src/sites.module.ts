import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '@app/platform';
import { ChangeSiteHandler } from './application/commands/change-site.command';
import { CreateSiteHandler } from './application/commands/create-site.command';
import { FollowSpaceHandler, RecordSpaceSiteHandler } from './application/commands/follow-space.command';
import { AddSectionHandler, AddSiteSpaceHandler, UpdateSectionHandler, UpdateSiteSpaceHandler } from './application/commands/structure.commands';
import { UpdateSiteHandler } from './application/commands/update-site.command';
import { GetCustomizationHandler } from './application/queries/customization.queries';
import { IsOrganizationSiteHandler } from './application/queries/organization-contract.queries';
import { ListSitePermissionsHandler } from './application/queries/permissions.queries';
import { GetPublishedContentSiteHandler, GetPublishingPreviewHandler } from './application/queries/publishing.queries';
import { GetSiteHandler, ListSitesHandler } from './application/queries/site.queries';
import { sitesProjection } from './application/queries/sites.projection';
import { StructureReader } from './application/queries/structure-reader';
import { GetSiteStructureHandler, GetStructureItemHandler, ListStructureItemsHandler } from './application/queries/structure.queries';
import { SiteAccess } from './application/site-access';
import { SiteFacts } from './application/site-facts';
import { SpaceViews } from './application/space-views';
import { CustomizationController } from './http/customization.controller';
import { SiteSectionGroupsController } from './http/site-section-groups.controller';
import { SiteSectionsController } from './http/site-sections.controller';
import { SiteSpacesController } from './http/site-spaces.controller';
import { SitesController } from './http/sites.controller';
import { FollowSpacesSaga } from './sagas/follow-spaces.saga';
import { SITE_SERVICE_CONTROLLERS, SITE_SERVICE_PROJECTIONS, SITE_SERVICE_PROVIDERS } from './site-services';

const COMMAND_HANDLERS = [
  ChangeSiteHandler,
  CreateSiteHandler,
  UpdateSiteHandler,
  AddSiteSpaceHandler,
  UpdateSiteSpaceHandler,
  AddSectionHandler,
  UpdateSectionHandler,
  FollowSpaceHandler,
  RecordSpaceSiteHandler,
];
const QUERY_HANDLERS = [
  GetSiteHandler,
  ListSitesHandler,
  GetStructureItemHandler,
  ListStructureItemsHandler,
  GetSiteStructureHandler,
  GetCustomizationHandler,
  GetPublishedContentSiteHandler,
  GetPublishingPreviewHandler,
  ListSitePermissionsHandler,
  IsOrganizationSiteHandler,
];

/** Docs sites: sites, their structure, publishing, and the services beside them (site-services.ts). */
@Module({
  controllers: [
    SitesController,
    SiteSpacesController,
    SiteSectionsController,
    SiteSectionGroupsController,
    CustomizationController,
    ...SITE_SERVICE_CONTROLLERS,
  ],
  providers: [SiteAccess, SiteFacts, SpaceViews, StructureReader, FollowSpacesSaga, ...COMMAND_HANDLERS, ...QUERY_HANDLERS, ...SITE_SERVICE_PROVIDERS],
})
export class SitesModule implements OnModuleInit {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly followSpaces: FollowSpacesSaga,
  ) {}

  onModuleInit(): void {
    this.engine.registerProjection(sitesProjection);
    this.engine.registerSaga(this.followSpaces);
    for (const p of SITE_SERVICE_PROJECTIONS) this.engine.registerProjection(p);
  }
}
