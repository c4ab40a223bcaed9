import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { SiteEvents } from '../contracts';
import type { AdaptiveJsonSchema } from '../domain/adaptive/adaptive-schema';
import { ADAPTIVE_SCHEMA_EVENT_TYPES, AdaptiveSchemaEvent } from '../domain/adaptive/adaptive-schema.decider';

export const ADAPTIVE_SCHEMAS = 'site_adaptive_schemas';

/** One document per site that has a schema, keyed by the site id. */
export interface AdaptiveSchemaDoc {
  [key: string]: unknown;
  id: string;
  siteId: string;
  organizationId: string;
  jsonSchema: AdaptiveJsonSchema;
  updatedAt: string;
}

export const adaptiveSchemasProjection: ProjectionDefinition = {
  name: 'site-adaptive-schemas',
  collections: [{ name: ADAPTIVE_SCHEMAS }],
  handles: [...ADAPTIVE_SCHEMA_EVENT_TYPES, SiteEvents.SiteDeleted],
  async apply(event, ctx) {
    if (event.type === SiteEvents.SiteDeleted) return ctx.delete(ADAPTIVE_SCHEMAS, (event.data as { siteId: string }).siteId);
    const e = event as RecordedEvent & AdaptiveSchemaEvent;
    ctx.put(ADAPTIVE_SCHEMAS, { id: e.data.siteId, ...e.data } satisfies AdaptiveSchemaDoc);
  },
};
