import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import {
  OPENAPI_SPEC_EVENT_TYPES,
  OpenApiSpecEvent,
  ProcessErrorCode,
  ProcessError,
  ProcessingState,
  SpecFormat,
  SpecVisibility,
} from '../../domain/openapi-spec.events';

export const SPECS = 'openapi_specs';
export const SPEC_VERSIONS = 'openapi_spec_versions';

export interface SpecDoc {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  slug: string;
  /** Only a URL source is shown (`sourceURL`); text and uploads are keys of the BlobStore. */
  sourceURL: string | null;
  visibility: SpecVisibility;
  processingState: ProcessingState;
  lastVersion: string | null;
  lastProcessedAt: string | null;
  lastProcessErrorCode: ProcessErrorCode | null;
  lastProcessedErrors: ProcessError[] | null;
  createdAt: string;
  updatedAt: string;
  seq: number;
}

export interface SpecVersionDoc {
  [key: string]: unknown;
  id: string;
  specId: string;
  organizationId: string;
  contentHash: string;
  contentKey: string;
  format: SpecFormat;
  size: number;
  createdAt: string;
  seq: number;
}

const sourceUrl = (s: { kind: string; url?: string }) => (s.kind === 'url' ? s.url! : null);

/** Specs by organization (in creation order) and their versions; a deleted spec takes its versions along. */
export const specsProjection: ProjectionDefinition = {
  name: 'openapi-specs',
  collections: [
    {
      name: SPECS,
      indexes: [
        ['organizationId', 'seq'],
        ['organizationId', 'slug'],
      ],
    },
    { name: SPEC_VERSIONS, indexes: [['specId', 'seq']] },
  ],
  handles: [...OPENAPI_SPEC_EVENT_TYPES],
  async apply(event, ctx) {
    const e = event as RecordedEvent & OpenApiSpecEvent;
    const update = (changes: Partial<SpecDoc>, at: string) => ctx.update<SpecDoc>(SPECS, e.data.specId, (d) => ({ ...d, ...changes, updatedAt: at }));
    switch (e.type) {
      case 'OpenAPISpecCreated': {
        const d = e.data;
        ctx.put(SPECS, {
          id: d.specId,
          organizationId: d.organizationId,
          slug: d.slug,
          sourceURL: sourceUrl(d.source),
          visibility: d.visibility,
          processingState: 'complete',
          lastVersion: null,
          lastProcessedAt: null,
          lastProcessErrorCode: null,
          lastProcessedErrors: null,
          createdAt: d.createdAt,
          updatedAt: d.createdAt,
          seq: e.position,
        } satisfies SpecDoc);
        return;
      }
      case 'OpenAPISpecSourceChanged':
        return update({ sourceURL: sourceUrl(e.data.source) }, e.data.changedAt);
      case 'OpenAPISpecProcessingRequested':
        return update({ processingState: 'pending' }, e.data.requestedAt);
      case 'OpenAPISpecProcessingStarted':
        return update({ processingState: 'progress' }, e.data.startedAt);
      case 'OpenAPISpecVersionCreated': {
        const { versionId, specId, organizationId, contentHash, contentKey, format, size, createdAt } = e.data;
        ctx.put(SPEC_VERSIONS, {
          id: versionId,
          specId,
          organizationId,
          contentHash,
          contentKey,
          format,
          size,
          createdAt,
          seq: e.position,
        } satisfies SpecVersionDoc);
        return update({ lastVersion: versionId }, createdAt);
      }
      case 'OpenAPISpecProcessed': {
        const { processedAt, errorCode, errors } = e.data;
        return update({ processingState: 'complete', lastProcessedAt: processedAt, lastProcessErrorCode: errorCode, lastProcessedErrors: errors }, processedAt);
      }
      case 'OpenAPISpecVisibilityChanged':
        return update({ visibility: e.data.visibility }, e.data.changedAt);
      case 'OpenAPISpecDeleted': {
        for (const v of await ctx.find<SpecVersionDoc>(SPEC_VERSIONS, { specId: e.data.specId })) ctx.delete(SPEC_VERSIONS, v.id);
        ctx.delete(SPECS, e.data.specId);
        return;
      }
    }
  },
};
