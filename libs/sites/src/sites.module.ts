import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '@app/platform';
import { SITE_SERVICE_CONTROLLERS, SITE_SERVICE_PROJECTIONS, SITE_SERVICE_PROVIDERS } from './site-services';

/** Docs sites: sites, their structure, publishing, and the services beside them (site-services.ts). */
@Module({
  controllers: [...SITE_SERVICE_CONTROLLERS],
  providers: [...SITE_SERVICE_PROVIDERS],
})
export class SitesModule implements OnModuleInit {
  constructor(private readonly engine: ProjectionEngine) {}
  onModuleInit(): void {
    for (const p of SITE_SERVICE_PROJECTIONS) this.engine.registerProjection(p);
  }
}
