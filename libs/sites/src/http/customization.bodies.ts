import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { IfPresent, Satisfies } from '@app/platform';
import { CUSTOMIZATION_FIELDS, NOT_OVERRIDABLE_STYLING, NULLABLE, overridable, OVERRIDABLE, OVERRIDABLE_MORE } from './customization.schema';

// verbose: errors carry their schema, whose `description` says what a union accepts.
const ajv = new Ajv({ allErrors: false, strict: false, verbose: true });
addFormats(ajv);

/** ajv's first complaint as "<field>.<path>: <rule>" (the path as JSON paths elsewhere: `header.links[0].title`). */
function describe(field: string, errors: ErrorObject[]): string {
  // A value matching none of a union's shapes: name the union, not the first shape's complaint.
  // (Not "value or null" of an override: there, what is wrong with the value is the answer.)
  const union = errors
    .filter((x) => (x.keyword === 'oneOf' || x.keyword === 'anyOf') && (x.parentSchema as { $comment?: string }).$comment !== NULLABLE)
    .sort((a, b) => a.instancePath.length - b.instancePath.length)[0];
  const e = union ?? errors[0];
  const path = field + e.instancePath.replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.');
  if (union) return `${path}: ${(union.parentSchema as { description?: string } | undefined)?.description ?? 'does not match any allowed shape'}`;
  if (e.keyword === 'additionalProperties') return `${path}.${(e.params as { additionalProperty: string }).additionalProperty}: unknown field`;
  if (e.keyword === 'enum') return `${path}: must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  return `${path}: ${e.message ?? 'is not valid'}`;
}

/** Compiled on first use: compiling every field's schema when the module loads cost ~150 ms of every start. */
const ruleOf = (schema: object) => {
  let validate: ValidateFunction | undefined;
  return (v: unknown, field: string) => {
    validate ??= ajv.compile(schema);
    return validate(v) ? null : describe(field, validate.errors!);
  };
};

/** Declares one validated, optional field per schema on a DTO class (the body's other keys are unknown fields: 400). */
function declareFields(target: { prototype: object }, fields: Record<string, Record<string, unknown>>): void {
  for (const [key, schema] of Object.entries(fields)) {
    IfPresent()(target.prototype, key);
    Satisfies(`customization.${key}`, ruleOf(schema))(target.prototype, key);
  }
}

/** Body of updateSiteCustomizationById (the reference SiteCustomizationSettings; fields left out keep their defaults). */
export class CustomizationBody {
  [key: string]: unknown;
}
declareFields(CustomizationBody, CUSTOMIZATION_FIELDS);

const styling = CUSTOMIZATION_FIELDS.styling as { properties: Record<string, unknown> };
const overrideFields: Record<string, Record<string, unknown>> = Object.fromEntries(
  [...OVERRIDABLE, ...OVERRIDABLE_MORE].map((k) => {
    const schema =
      k === 'styling'
        ? { ...styling, properties: Object.fromEntries(Object.entries(styling.properties).filter(([f]) => !NOT_OVERRIDABLE_STYLING.includes(f))) }
        : CUSTOMIZATION_FIELDS[k];
    return [k, overridable(schema)];
  }),
);

/** Body of overrideSiteSpaceCustomizationById: the fields a site space overrides; null stops overriding one. */
export class CustomizationOverrideBody {
  [key: string]: unknown;
}
declareFields(CustomizationOverrideBody, overrideFields);
