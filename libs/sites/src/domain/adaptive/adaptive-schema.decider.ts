import { Decider, DomainEvent } from '@app/platform';
import type { AdaptiveJsonSchema } from './adaptive-schema';
import { checkAdaptiveJsonSchema } from './adaptive-schema-rules';

/** A site's visitor schema, one stream per site; a PUT replaces it whole. */
export type AdaptiveSchemaEvent = DomainEvent<
  'SiteAdaptiveSchemaUpdated',
  { siteId: string; organizationId: string; jsonSchema: AdaptiveJsonSchema; updatedAt: string }
>;

export const ADAPTIVE_SCHEMA_EVENT_TYPES: ReadonlyArray<AdaptiveSchemaEvent['type']> = ['SiteAdaptiveSchemaUpdated'];

export type AdaptiveSchemaCommand = { type: 'SetAdaptiveSchema'; siteId: string; organizationId: string; jsonSchema: unknown };

export interface AdaptiveSchemaState {
  jsonSchema: AdaptiveJsonSchema | null;
  updatedAt: string | null;
}

export const adaptiveSchemaStream = (siteId: string) => `sites.adaptive-schema-${siteId}`;

/** Key order does not make two schemas different. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

export const adaptiveSchema: Decider<AdaptiveSchemaState, AdaptiveSchemaCommand, AdaptiveSchemaEvent> = {
  initialState: { jsonSchema: null, updatedAt: null },
  evolve: (_s, e) => ({ jsonSchema: e.data.jsonSchema, updatedAt: e.data.updatedAt }),
  decide(c, s, now) {
    const jsonSchema = checkAdaptiveJsonSchema(c.jsonSchema);
    if (s.jsonSchema && canonical(s.jsonSchema) === canonical(jsonSchema)) return [];
    return [{ type: 'SiteAdaptiveSchemaUpdated', data: { siteId: c.siteId, organizationId: c.organizationId, jsonSchema, updatedAt: now.toISOString() } }];
  },
};
