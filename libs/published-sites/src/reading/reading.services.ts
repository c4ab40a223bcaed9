/** The reading part of the published-sites context: its controllers, providers and projections, composed by PublishedSitesModule. */
import { Provider, Type } from '@nestjs/common';
import { ProjectionDefinition } from '@app/platform';
import { PublishedResolver } from '../ports';
import { MemberPreview } from './member-preview';
import { PageCache, PageCacheEviction } from './page-cache';
import { PageViews } from './page-views';
import { PublishedPages } from './published-pages.service';
import { PublishedSiteReader } from './published-site.reader';
import { PublishedSiteRouter } from './published-site.router';
import { PublishedSiteServer } from './published-site.server';
import { PublishedUrlController } from './published-url.controller';
import { PublishedUrlResolver } from './published-url.resolver';
import { SiteDispatcher } from './site-dispatcher';
import { SiteExtras } from './site-extras.service';
import { VisitorSessions } from './visitor-sessions';

export const READING_CONTROLLERS: Type<unknown>[] = [PublishedUrlController];
export const READING_PROVIDERS: Provider[] = [
  PublishedSiteReader,
  PublishedUrlResolver,
  { provide: PublishedResolver, useExisting: PublishedUrlResolver },
  VisitorSessions,
  MemberPreview,
  PageCache,
  // Registered with the projection engine as a saga by PublishedSiteServer (it evicts memory only).
  PageCacheEviction,
  PageViews,
  PublishedPages,
  SiteExtras,
  SiteDispatcher,
  PublishedSiteRouter,
  // Mounts the published sites on the HTTP server (none in the CLI).
  PublishedSiteServer,
];
export const READING_PROJECTIONS: ProjectionDefinition[] = [];
