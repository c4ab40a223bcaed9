import { OPERATORS, RANGE_PRESETS } from './aggregation-plan';
import { COLUMN_NAMES, COLUMNS, ColumnName, INTERVALS } from './insights-columns';

/**
 * The reference's SiteInsightsQueryEventsAggregation as JSON Schema for ajv, one schema per body
 * field, built from the column catalog: a column reference (select, groupBy, order.by) takes
 * the parameters of its column only (`interval` for datetime, `precision` for
 * visitorGeoPoint, `claim` for visitorClaim, required there); a filter's values are typed by
 * its column as SiteInsightsQueryEventsValues types them.
 */
type Schema = Record<string, unknown>;

/** Claim names are used as JSON paths by the embedded store, quoted: a `"` cannot be quoted. */
const claim: Schema = { type: 'string', minLength: 1, maxLength: 256, pattern: '^[^"\\\\]*$' };
const timestamp: Schema = { type: 'string', format: 'date-time' };

const PARAMETERS: Partial<Record<ColumnName, [Record<string, Schema>, string[]]>> = {
  datetime: [{ interval: { enum: [...INTERVALS] } }, []],
  visitorGeoPoint: [{ precision: { type: 'integer', minimum: 0, maximum: 15 } }, []],
  visitorClaim: [{ claim }, ['claim']],
};

const branch = (column: ColumnName, properties: Record<string, Schema>, required: string[]): Schema => ({
  type: 'object',
  properties: { column: { const: column }, ...properties },
  required: ['column', ...required],
  additionalProperties: false,
});

const COLUMN_REF: Schema = {
  type: 'object',
  required: ['column'],
  discriminator: { propertyName: 'column' },
  oneOf: COLUMN_NAMES.map((c) => branch(c, ...(PARAMETERS[c] ?? [{}, []]))),
};

const FILTER: Schema = {
  type: 'object',
  required: ['column'],
  discriminator: { propertyName: 'column' },
  oneOf: COLUMN_NAMES.map((c) =>
    branch(
      c,
      {
        values: { type: 'array', maxItems: 1000, items: COLUMNS[c].value },
        operator: { enum: [...OPERATORS] },
        ...(c === 'visitorClaim' ? { claim } : {}),
      },
      c === 'visitorClaim' ? ['values', 'claim'] : ['values'],
    ),
  ),
};

export const AGGREGATION_FIELDS: Record<string, Schema> = {
  select: { type: 'array', maxItems: 50, items: COLUMN_REF },
  where: { type: 'array', maxItems: 50, items: FILTER },
  groupBy: { type: 'array', maxItems: 10, items: COLUMN_REF },
  order: {
    type: 'object',
    properties: { by: COLUMN_REF, direction: { enum: ['asc', 'desc'] } },
    required: ['by', 'direction'],
    additionalProperties: false,
  },
  range: {
    description: `must be one of ${RANGE_PRESETS.join(', ')} or {from, to} (date-times)`,
    anyOf: [
      { enum: [...RANGE_PRESETS] },
      { type: 'object', properties: { from: timestamp, to: timestamp }, required: ['from', 'to'], additionalProperties: false },
    ],
  },
  limit: { type: 'integer', minimum: 1, maximum: 1000 },
};
