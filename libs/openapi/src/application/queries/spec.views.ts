import { Injectable } from '@nestjs/common';
import { Urls } from '@app/platform';
import { ProcessErrorCode, ProcessError, ProcessingState, SpecVisibility } from '../../domain/openapi-spec.events';
import { SpecPermissions } from '../spec-access';
import { SpecLinks } from '../spec-links';
import { SpecDoc, SpecVersionDoc } from './specs.projection';

/** The reference OpenAPISpec. */
export interface SpecView {
  object: 'openapi-spec';
  id: string;
  createdAt: string;
  updatedAt: string;
  slug: string;
  sourceURL?: string;
  processingState: ProcessingState;
  visibility: SpecVisibility;
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: ProcessErrorCode;
  lastProcessedErrors?: ProcessError[];
  permissions: SpecPermissions;
  urls: { location: string; app: string; published?: string };
}

/** The reference OpenAPISpecVersion. */
export interface SpecVersionView {
  object: 'openapi-spec-version';
  id: string;
  createdAt: string;
  url: string;
  urls: { location: string };
}

@Injectable()
export class SpecViews {
  constructor(
    private readonly urls: Urls,
    private readonly links: SpecLinks,
  ) {}

  spec(d: SpecDoc, permissions: SpecPermissions): SpecView {
    const path = `/orgs/${d.organizationId}/openapi/${d.slug}`;
    return {
      object: 'openapi-spec',
      id: d.id,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
      slug: d.slug,
      ...(d.sourceURL ? { sourceURL: d.sourceURL } : {}),
      processingState: d.processingState,
      visibility: d.visibility,
      ...(d.lastVersion ? { lastVersion: d.lastVersion } : {}),
      ...(d.lastProcessedAt ? { lastProcessedAt: d.lastProcessedAt } : {}),
      ...(d.lastProcessErrorCode ? { lastProcessErrorCode: d.lastProcessErrorCode } : {}),
      ...(d.lastProcessedErrors ? { lastProcessedErrors: d.lastProcessedErrors } : {}),
      permissions,
      urls: {
        location: this.urls.api(path),
        app: this.urls.app(`/o/${d.organizationId}/openapi/${d.slug}`),
        ...(d.visibility === 'public' && d.lastVersion ? { published: this.links.published(d.organizationId, d.slug) } : {}),
      },
    };
  }

  version(spec: SpecDoc, v: SpecVersionDoc): SpecVersionView {
    return {
      object: 'openapi-spec-version',
      id: v.id,
      createdAt: v.createdAt,
      url: this.links.raw({ k: v.contentKey, o: v.organizationId, f: v.format }),
      urls: { location: this.urls.api(`/orgs/${spec.organizationId}/openapi/${spec.slug}/versions/${v.id}`) },
    };
  }
}
