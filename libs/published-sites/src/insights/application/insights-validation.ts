import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { PLAIN_OBJECT, TRACK_EVENTS } from '../domain/insights-event.schema';
import { AGGREGATION_FIELDS } from '../domain/insights-query.schema';

// verbose: errors carry their schema, whose `description` says what a union accepts.
const ajv = new Ajv({ allErrors: false, strict: false, verbose: true, discriminator: true });
addFormats(ajv);
ajv.addSchema(PLAIN_OBJECT);

const FORMATS: Record<string, string> = { 'date-time': 'an ISO 8601 date-time', uri: 'an absolute URL' };

/** ajv's first complaint as "<field><path>: <rule>" (paths as elsewhere in the API: `events[2].session.ip`). */
export function describeAjvError(field: string, errors: ErrorObject[]): string {
  // A value matching none of a union's shapes: name the union (its description), not a branch's complaint.
  const union = errors.filter((x) => x.keyword === 'anyOf' || x.keyword === 'oneOf').sort((a, b) => a.instancePath.length - b.instancePath.length)[0];
  const e = union ?? errors[0];
  const path = field + e.instancePath.replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.');
  const p = e.params as Record<string, unknown>;
  if (union) return `${path}: ${(union.parentSchema as { description?: string } | undefined)?.description ?? 'does not match any allowed shape'}`;
  switch (e.keyword) {
    case 'required':
      return `${path}.${String(p.missingProperty)}: is required`;
    case 'additionalProperties':
      return `${path}.${String(p.additionalProperty)}: unknown field`;
    case 'enum':
      return `${path}: must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${path}: must be ${JSON.stringify(p.allowedValue)}`;
    case 'discriminator': {
      const options = ((e.parentSchema as { oneOf?: Array<{ properties: Record<string, { const: string }> }> }).oneOf ?? []).map(
        (b) => b.properties[String(p.tag)]?.const,
      );
      return `${path}.${String(p.tag)}: must be one of ${options.join(', ')}`;
    }
    case 'format':
      return `${path}: must be ${FORMATS[String(p.format)] ?? `a valid ${String(p.format)}`}`;
    case 'maxItems':
      return `${path}: must have at most ${String(p.limit)} items`;
    case 'maxProperties':
      return `${path}: must have at most ${String(p.limit)} fields`;
    case 'pattern':
      return `${path}: must not contain " or \\`;
    default:
      return `${path}: ${e.message ?? 'is not valid'}`;
  }
}

/**
 * A rule over one body field: null when valid, else "<field>…: <rule>". Its schema is compiled
 * on first use: compiling them all when the module loads cost ~260 ms of every start.
 */
export function ruleOf(schema: object): (value: unknown, field: string) => string | null {
  let validate: ValidateFunction | undefined;
  return (value, field) => {
    validate ??= ajv.compile(schema);
    return validate(value) ? null : describeAjvError(field, validate.errors ?? []);
  };
}

export const eventsProblem = ruleOf(TRACK_EVENTS);

export const aggregationFieldProblems: Record<string, (value: unknown, field: string) => string | null> = Object.fromEntries(
  Object.entries(AGGREGATION_FIELDS).map(([k, schema]) => [k, ruleOf(schema)]),
);
