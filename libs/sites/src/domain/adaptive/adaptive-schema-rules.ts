import Ajv, { ErrorObject } from 'ajv';
import { BadRequest } from '@app/platform';
import type { AdaptiveJsonSchema } from './adaptive-schema';

/**
 * The contract's rules for a site's visitor schema, as a JSON Schema that Ajv checks a PUT
 * against: a draft-07 `object` with `additionalProperties: false`; `properties.unsigned` is an
 * object of unsigned claims (the reference's claim kinds); every other top-level property is a
 * boolean claim with a description. Each kind is told apart by its `type` with if/then, so a
 * refusal names one field and one rule instead of every branch of a oneOf.
 */
export const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.';
const MAX_CLAIMS = 100;
/** Claim names become `visitor.claims.<name>` in conditions; names that reach prototypes are refused. */
const NAMES = {
  pattern: '^[A-Za-z_$][A-Za-z0-9_$-]{0,63}$',
  not: { enum: ['__proto__', 'constructor', 'prototype', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__'] },
};
const DESCRIPTION = { type: 'string', maxLength: 1000 };
const NO_MORE = { const: false };

const kind = (type: string, then: object) => ({ if: { properties: { type: { const: type } }, required: ['type'] }, then });
const only = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false });

/** Boolean, string (optionally an enum of strings) and number claims (reference SiteAdaptiveJSONSchemaPrimitives). */
const primitive = {
  $id: 'primitive',
  type: 'object',
  required: ['type', 'description'],
  properties: { type: { enum: ['boolean', 'string', 'number'] } },
  allOf: [
    kind('boolean', only({ type: true, description: DESCRIPTION }, ['type', 'description'])),
    kind('string', only({ type: true, description: DESCRIPTION, enum: { type: 'array', items: { type: 'string' }, maxItems: 100 } }, ['type', 'description'])),
    kind('number', only({ type: true, description: DESCRIPTION }, ['type', 'description'])),
  ],
};

/** Any claim: a primitive, an array of primitives, or an object of claims (reference SiteAdaptiveJSONSchemaClaimsProperties). */
const claim = {
  $id: 'claim',
  type: 'object',
  required: ['type', 'description'],
  properties: { type: { enum: ['boolean', 'string', 'number', 'array', 'object'] } },
  allOf: [
    ...primitive.allOf,
    kind('array', only({ type: true, description: DESCRIPTION, items: { $ref: 'primitive' } }, ['type', 'description', 'items'])),
    kind('object', {
      ...only(
        {
          type: true,
          description: DESCRIPTION,
          properties: { type: 'object', propertyNames: NAMES, maxProperties: MAX_CLAIMS, additionalProperties: { $ref: 'claim' } },
          additionalProperties: NO_MORE,
        },
        ['type', 'description', 'properties', 'additionalProperties'],
      ),
    }),
  ],
};

const visitorSchema = {
  $id: 'visitor-schema',
  ...only(
    {
      $schema: { const: 'http://json-schema.org/draft-07/schema#' },
      type: { const: 'object' },
      additionalProperties: NO_MORE,
      properties: {
        type: 'object',
        propertyNames: NAMES,
        maxProperties: MAX_CLAIMS,
        properties: {
          unsigned: only(
            {
              type: { const: 'object' },
              description: { const: UNSIGNED_DESCRIPTION },
              properties: { type: 'object', propertyNames: NAMES, maxProperties: MAX_CLAIMS, additionalProperties: { $ref: 'claim' } },
              additionalProperties: NO_MORE,
            },
            ['type', 'description', 'properties', 'additionalProperties'],
          ),
        },
        additionalProperties: only({ type: { const: 'boolean' }, description: DESCRIPTION }, ['type', 'description']),
      },
    },
    ['type', 'properties', 'additionalProperties'],
  ),
};

const ajv = new Ajv({ allErrors: false, strict: false, schemas: [primitive, claim] });
const validate = ajv.compile<AdaptiveJsonSchema>(visitorSchema);

/** `jsonSchema.properties.plan.type: must be one of boolean` — the field and the rule of the first problem. */
function describe(e: ErrorObject, field: string): string {
  const path = e.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((p, s) => `${p}.${s}`, field);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return `${path}.${String(p.additionalProperty)}: unknown field`;
    case 'required':
      return `${path}.${String(p.missingProperty)}: is required`;
    case 'const':
      return `${path}: must be ${JSON.stringify(p.allowedValue)}`;
    case 'enum':
      return `${path}: must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'propertyNames':
      return `${path}: property name ${JSON.stringify(p.propertyName)} is not allowed (letters, digits, _, $ and -, starting with a letter, _ or $; at most 64)`;
    case 'if':
      return `${path}: is not a valid claim`;
    default:
      return `${path}: ${e.message ?? 'is not valid'}`;
  }
}

/** The schema if it follows the rules, else BadRequest naming the field (`field` is the body's name for it). */
export function checkAdaptiveJsonSchema(value: unknown, field = 'jsonSchema'): AdaptiveJsonSchema {
  if (validate(value)) return value;
  const errors = validate.errors ?? [];
  // propertyNames reports the name under a nested error; prefer it, else the first specific error.
  const named = errors.find((e) => e.keyword === 'propertyNames') ?? errors.find((e) => e.keyword !== 'if') ?? errors[0];
  throw new BadRequest(named ? describe(named, field) : `${field}: is not a valid adaptive schema`);
}
