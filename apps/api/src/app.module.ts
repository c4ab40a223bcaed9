import { DynamicModule, Module } from '@nestjs/common';
import { httpConventions, LoadShedder, Metrics, PlatformConfig, PlatformModule, PlatformOptions, PlatformWorkersModule } from '@app/platform';
import { IdentityModule } from '@app/identity';
import { OrganizationsModule } from '@app/organizations';
import { SpacesModule } from '@app/spaces';
import { ContentModule } from '@app/content';
import { SitesModule } from '@app/sites';
import { StorageModule } from '@app/storage';
import { OpenApiModule } from '@app/openapi';
import { FontsModule } from '@app/fonts';
import { SsoModule } from '@app/sso';
import { PublishedSitesModule } from '@app/published-sites';
import { GitSyncModule } from '@app/git-sync';
import { ImportsModule } from '@app/imports';
import { AuditModule } from '@app/audit';
import { CommentsModule } from '@app/comments';
import { TranslationsModule } from '@app/translations';
import { ConversationsModule } from '@app/conversations';
import { SystemController } from './system.controller';
import { HealthController } from './health.controller';
import { ServiceDocument } from './openapi/service-document.service';
import { ServiceDocumentController } from './openapi/service-document.controller';
import { DocsPageController } from './openapi/docs-page.controller';
import { MetricsController } from './metrics.controller';
import { LaneThreads } from './lane-threads';

/** The bounded contexts an API process serves. The CLI composes the same list without HTTP. */
export const CONTEXT_MODULES = [
  IdentityModule,
  OrganizationsModule,
  SpacesModule,
  StorageModule,
  OpenApiModule,
  FontsModule,
  SsoModule,
  ContentModule,
  SitesModule,
  CommentsModule,
  TranslationsModule,
  ConversationsModule,
  GitSyncModule,
  ImportsModule,
  PublishedSitesModule,
  AuditModule,
];

@Module({})
export class AppModule {
  static register(options: PlatformOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot(options), PlatformWorkersModule, ...CONTEXT_MODULES],
      controllers: [SystemController, HealthController, ServiceDocumentController, DocsPageController, MetricsController],
      providers: [
        ...httpConventions(),
        ServiceDocument,
        LaneThreads,
        {
          provide: LoadShedder,
          useFactory: (c: PlatformConfig, m: Metrics) => new LoadShedder(c, { onShed: () => m.shed.inc() }),
          inject: [PlatformConfig, Metrics],
        },
      ],
    };
  }
}
