import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import type { ISchemaConverters } from 'class-validator-jsonschema/build/defaultConverters';
import { ROLES } from '@app/platform';
import type { Constructor } from './openapi-objects';

// class-transformer keeps @Type(() => Nested) here; it publishes no typings for the path.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: unknown };

/** What the platform's own rule decorators (validators.ts) accept, where their name says it. */
/** A JSON Schema (OpenAPI 3.1 Schema Object). */
export type SchemaObject = Record<string, unknown>;

const PLATFORM_RULES: Record<string, SchemaObject> = {
  isRoleOrNull: { type: ['string', 'null'], enum: [...ROLES, null] },
  isHttpUrl: { type: 'string', format: 'uri', maxLength: 2048 },
  isArrayOf: { type: 'array' },
  // The field must be absent (the 400 says what to send instead).
  isRefused: { not: {} },
};

const PRIMITIVES = new Map<unknown, SchemaObject>([
  [String, { type: 'string' }],
  [Number, { type: 'number' }],
  [Boolean, { type: 'boolean' }],
  [Array, { type: 'array' }],
  [Date, { type: 'string', format: 'date-time' }],
]);

/**
 * JSON Schemas of the DTO classes, from their class-validator decorators alone (the DTOs carry
 * no @ApiProperty), with class-validator-jsonschema. Rules written as functions (`Satisfies`)
 * cannot be read back: such a field gets the schema of its declared TypeScript type, or none
 * (any value) when that type is a union or an interface.
 *
 * Each class gets one component name (its class name, numbered when two classes share one), so
 * a body schema refers to its nested DTOs by `$ref`. Bodies refuse unknown fields (the
 * validation pipe forbids them), hence `additionalProperties: false` on every named schema.
 */
export class DtoSchemas {
  private readonly names = new Map<Constructor, string>();
  private readonly schemas: Record<string, SchemaObject> = {};
  private readonly converters: ISchemaConverters = {
    [ValidationTypes.NESTED_VALIDATION]: (meta) => this.typeSchema(nestedType(meta.target, meta.propertyName)),
    [ValidationTypes.CUSTOM_VALIDATION]: (meta) => this.typeSchema(designType(meta.target, meta.propertyName)),
    ...PLATFORM_RULES,
  };

  /** A `$ref` to the schema of `dto` (converted, with its nested classes, on first use). */
  refTo(dto: Constructor): SchemaObject {
    return { $ref: `#/components/schemas/${this.nameOf(dto)}` };
  }

  /** The schema of `dto` itself (for query parameters, which are listed one by one). */
  schemaOf(dto: Constructor): SchemaObject {
    return this.convert(dto);
  }

  /** Every named schema converted so far. */
  all(): Record<string, SchemaObject> {
    return this.schemas;
  }

  private nameOf(dto: Constructor): string {
    let name = this.names.get(dto);
    if (name) return name;
    const taken = new Set(this.names.values());
    name = dto.name || 'Anonymous';
    for (let i = 2; taken.has(name); i++) name = `${dto.name}${i}`;
    this.names.set(dto, name);
    this.schemas[name] = {};
    this.schemas[name] = { ...this.convert(dto), additionalProperties: false };
    return name;
  }

  private readonly converted = new Map<Constructor, SchemaObject>();

  private convert(dto: Constructor): SchemaObject {
    let schema = this.converted.get(dto);
    if (schema) return schema;
    schema = targetConstructorToSchema(dto, {
      classValidatorMetadataStorage: getMetadataStorage(),
      classTransformerMetadataStorage: defaultMetadataStorage as never,
      additionalConverters: this.converters,
      refPointerPrefix: '#/components/schemas/',
    }) as SchemaObject;
    this.converted.set(dto, schema);
    return schema;
  }

  private typeSchema(type: unknown): SchemaObject {
    if (typeof type !== 'function' || type === Object) return {};
    const primitive = PRIMITIVES.get(type);
    if (primitive) return { ...primitive };
    return hasRules(type as Constructor) ? this.refTo(type as Constructor) : { type: 'object' };
  }
}

const designType = (target: unknown, property: string): unknown =>
  typeof target === 'function' ? (Reflect.getMetadata('design:type', target.prototype as object, property) as unknown) : undefined;

interface TypeStorage {
  findTypeMetadata(target: unknown, property: string): { typeFunction: () => unknown } | undefined;
}

function nestedType(target: unknown, property: string): unknown {
  if (typeof target !== 'function') return undefined;
  return (defaultMetadataStorage as TypeStorage).findTypeMetadata(target, property)?.typeFunction() ?? designType(target, property);
}

const hasRules = (type: Constructor): boolean => getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).length > 0;
