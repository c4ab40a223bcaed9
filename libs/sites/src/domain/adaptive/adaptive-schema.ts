/**
 * The visitor schema of a site with adaptive content (reference SiteAdaptiveJSONSchema): JSON
 * Schema draft-07 describing the claims a visitor may carry. Signed claims are the top-level
 * properties; unsigned ones sit under `unsigned`.
 */
export type AdaptiveClaimSchema =
  | { type: 'boolean'; description: string }
  | { type: 'string'; description: string; enum?: string[] }
  | { type: 'number'; description: string }
  | { type: 'array'; description: string; items: AdaptiveClaimSchema }
  | { type: 'object'; description: string; properties: Record<string, AdaptiveClaimSchema>; additionalProperties: false };

export interface AdaptiveJsonSchema {
  $schema?: 'http://json-schema.org/draft-07/schema#';
  type: 'object';
  properties: Record<string, AdaptiveClaimSchema>;
  additionalProperties: false;
}

/** A site's current schema, as getSiteAdaptiveSchema answers it (without `object`). */
export interface AdaptiveSchema {
  jsonSchema: AdaptiveJsonSchema;
  updatedAt: string;
}
