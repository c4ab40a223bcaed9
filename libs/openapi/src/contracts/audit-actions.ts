import { AuditActionDefinition } from '@app/platform';

type Data = Record<string, unknown>;
const spec = (event: string, action: string, label: string): AuditActionDefinition => ({
  event,
  action,
  label,
  target: (d: Data) => ({ type: 'openapi-spec', id: d.specId as string }),
  organizationId: (d: Data) => d.organizationId as string,
});

/** How the openapi context's events read as audit events: each targets the spec (labelled with its slug). */
export const OPENAPI_AUDIT_ACTIONS: AuditActionDefinition[] = [
  spec('OpenAPISpecCreated', 'openapi-spec.created', 'OpenAPI spec created'),
  spec('OpenAPISpecSourceChanged', 'openapi-spec.source.updated', 'OpenAPI spec source updated'),
  spec('OpenAPISpecVisibilityChanged', 'openapi-spec.visibility.updated', 'OpenAPI spec visibility updated'),
  spec('OpenAPISpecProcessingRequested', 'openapi-spec.processing.requested', 'OpenAPI spec processing requested'),
  spec('OpenAPISpecProcessingStarted', 'openapi-spec.processing.started', 'OpenAPI spec processing started'),
  spec('OpenAPISpecProcessed', 'openapi-spec.processed', 'OpenAPI spec processed'),
  spec('OpenAPISpecVersionCreated', 'openapi-spec.version.created', 'OpenAPI spec version created'),
  spec('OpenAPISpecDeleted', 'openapi-spec.deleted', 'OpenAPI spec deleted'),
];
