/** What the openapi context publishes to the contexts above it (event names and payloads they may rely on). */
export const OpenApiEvents = {
  /** A processing found a document that differs from the last version (payload: OpenApiSpecVersionCreatedPayload). */
  OpenAPISpecVersionCreated: 'OpenAPISpecVersionCreated',
  /** A spec was deleted; its slug may be created again later as another spec. */
  OpenAPISpecDeleted: 'OpenAPISpecDeleted',
} as const;

export interface OpenApiSpecVersionCreatedPayload {
  specId: string;
  organizationId: string;
  versionId: string;
  createdAt: string;
}

export interface OpenApiSpecDeletedPayload {
  specId: string;
  organizationId: string;
  slug: string;
  deletedAt: string;
}
export * from './audit-actions';
