import { DomainEvent } from '@app/platform';

/**
 * One stream per specification slug of an organization: the slug is how every operation names a
 * spec, so a request finds its stream without a read model. A spec deleted and created again
 * under the same slug continues the stream with a new id (its versions are the new spec's only).
 */
export const specStream = (organizationId: string, slug: string) => `openapi.spec-${organizationId}.${slug}`;

/**
 * Where a spec's document comes from. `text` (the reference's text variant) and `storage` (a file
 * uploaded through generateStorageUploadURL) are bytes in the BlobStore, named by key; only the
 * key is in events, never the document.
 */
export type SpecSource = { kind: 'url'; url: string } | { kind: 'text'; key: string } | { kind: 'storage'; key: string };

export type SpecVisibility = 'private' | 'public';
export type ProcessingState = 'pending' | 'progress' | 'complete';
/** The reference's OpenAPISpecProcessingErrorCode. */
export type ProcessErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';
/** The reference's OpenAPIErrorObject (code always set here). */
export interface ProcessError {
  code: string;
  message: string;
}
export type SpecFormat = 'json' | 'yaml';

interface Spec {
  specId: string;
  organizationId: string;
}

export type SpecCreated = Spec & { slug: string; source: SpecSource; visibility: SpecVisibility; createdAt: string; createdBy: string };
export type SpecVersionCreated = Spec & {
  versionId: string;
  processingId: string;
  /** sha256 (hex) of the document's bytes: equal bytes make no new version. */
  contentHash: string;
  /** BlobStore key of the bytes. */
  contentKey: string;
  format: SpecFormat;
  size: number;
  createdAt: string;
};
export type SpecProcessed = Spec & {
  processingId: string;
  processedAt: string;
  /** The version this processing made; null when it failed or the content was unchanged. */
  versionId: string | null;
  errorCode: ProcessErrorCode | null;
  errors: ProcessError[];
};

export type OpenApiSpecEvent =
  | DomainEvent<'OpenAPISpecCreated', SpecCreated>
  | DomainEvent<'OpenAPISpecSourceChanged', Spec & { source: SpecSource; changedAt: string }>
  /** `slug` names the stream the processing reports to. */
  | DomainEvent<'OpenAPISpecProcessingRequested', Spec & { slug: string; processingId: string; source: SpecSource; requestedAt: string }>
  | DomainEvent<'OpenAPISpecProcessingStarted', Spec & { processingId: string; startedAt: string }>
  | DomainEvent<'OpenAPISpecVersionCreated', SpecVersionCreated>
  | DomainEvent<'OpenAPISpecProcessed', SpecProcessed>
  | DomainEvent<'OpenAPISpecVisibilityChanged', Spec & { visibility: SpecVisibility; changedAt: string }>
  | DomainEvent<'OpenAPISpecDeleted', Spec & { slug: string; deletedAt: string }>;

export const OPENAPI_SPEC_EVENT_TYPES: ReadonlyArray<OpenApiSpecEvent['type']> = [
  'OpenAPISpecCreated',
  'OpenAPISpecSourceChanged',
  'OpenAPISpecProcessingRequested',
  'OpenAPISpecProcessingStarted',
  'OpenAPISpecVersionCreated',
  'OpenAPISpecProcessed',
  'OpenAPISpecVisibilityChanged',
  'OpenAPISpecDeleted',
];
