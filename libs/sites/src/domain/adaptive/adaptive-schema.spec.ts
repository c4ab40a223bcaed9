import { given } from '@app/platform/testing/given';
import { BadRequest } from '@app/platform';
import type { AdaptiveJsonSchema } from './adaptive-schema';
import { adaptiveSchema, AdaptiveSchemaEvent } from './adaptive-schema.decider';
import { checkAdaptiveJsonSchema, UNSIGNED_DESCRIPTION } from './adaptive-schema-rules';
import { templateConditions } from './adaptive-template-conditions';
import { checkCondition } from './condition';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const valid: AdaptiveJsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    isBetaUser: { type: 'boolean', description: 'In the beta program' },
    unsigned: {
      type: 'object',
      description: UNSIGNED_DESCRIPTION,
      additionalProperties: false,
      properties: {
        plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' },
        seats: { type: 'number', description: 'Seats' },
        products: { type: 'array', description: 'Products', items: { type: 'string', enum: ['api', 'cli'], description: 'A product' } },
        'user-role': { type: 'string', enum: ['owner'], description: 'Role' },
        flags: {
          type: 'object',
          description: 'Flags',
          additionalProperties: false,
          properties: { newNav: { type: 'boolean', description: 'New navigation' } },
        },
      },
    },
  },
  additionalProperties: false,
};
type Obj = Record<string, unknown>;
const REMOVE = Symbol('remove');
const clone = (): Obj => JSON.parse(JSON.stringify(valid)) as Obj;
/** The refusal of `valid` with the value at `path` set (or removed). */
const refusal = (path: string[], value: unknown): string => {
  const s = clone();
  const parent = path.slice(0, -1).reduce((o, k) => o[k] as Obj, s);
  if (value === REMOVE) delete parent[path[path.length - 1]];
  else parent[path[path.length - 1]] = value;
  try {
    checkAdaptiveJsonSchema(s);
  } catch (e) {
    expect(e).toBeInstanceOf(BadRequest);
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('adaptive schema rules (JSON Schema draft-07, checked with ajv)', () => {
  it('accepts the contract’s shape: an object, unsigned claims of every reference kind, boolean signed claims', () => {
    expect(checkAdaptiveJsonSchema(clone())).toEqual(valid);
    expect(() => checkAdaptiveJsonSchema({ type: 'object', properties: {}, additionalProperties: false })).not.toThrow();
  });

  it('names the field and the rule of the first problem', () => {
    expect(refusal(['type'], 'array')).toBe('jsonSchema.type: must be "object"');
    expect(refusal(['additionalProperties'], true)).toBe('jsonSchema.additionalProperties: must be false');
    expect(refusal(['properties'], REMOVE)).toBe('jsonSchema.properties: is required');
    expect(refusal(['$schema'], 'http://json-schema.org/draft-04/schema#')).toMatch(/^jsonSchema\.\$schema: must be/);
    expect(refusal(['title'], 'x')).toBe('jsonSchema.title: unknown field');
    expect(refusal(['properties', 'plan'], { type: 'string', description: 'Plan' })).toBe('jsonSchema.properties.plan.type: must be "boolean"');
    expect(refusal(['properties', 'isBetaUser', 'description'], REMOVE)).toBe('jsonSchema.properties.isBetaUser.description: is required');
    expect(refusal(['properties', 'unsigned', 'description'], 'Mine')).toMatch(/^jsonSchema\.properties\.unsigned\.description: must be "Unsigned claims/);
    expect(refusal(['properties', 'unsigned', 'additionalProperties'], true)).toBe('jsonSchema.properties.unsigned.additionalProperties: must be false');
    expect(refusal(['properties', 'unsigned', 'properties', 'seats', 'minimum'], 1)).toBe(
      'jsonSchema.properties.unsigned.properties.seats.minimum: unknown field',
    );
    expect(refusal(['properties', 'unsigned', 'properties', 'when'], { type: 'date', description: 'd' })).toMatch(
      /^jsonSchema\.properties\.unsigned\.properties\.when\.type: must be one of boolean, string, number, array, object/,
    );
    expect(refusal(['properties', 'unsigned', 'properties', 'products', 'items'], REMOVE)).toBe(
      'jsonSchema.properties.unsigned.properties.products.items: is required',
    );
    expect(refusal(['properties', 'unsigned', 'properties', 'products', 'items'], { type: 'array', description: 'x', items: {} })).toMatch(
      /^jsonSchema\.properties\.unsigned\.properties\.products\.items\.type: must be one of boolean, string, number/,
    );
    expect(refusal(['properties', 'unsigned', 'properties', 'flags', 'additionalProperties'], true)).toBe(
      'jsonSchema.properties.unsigned.properties.flags.additionalProperties: must be false',
    );
  });

  it('refuses claim names that reach prototypes or cannot be read in a condition', () => {
    expect(refusal(['properties', 'constructor'], { type: 'boolean', description: 'x' })).toMatch(/property name "constructor" is not allowed/);
    expect(refusal(['properties', 'unsigned', 'properties', 'has space'], { type: 'boolean', description: 'x' })).toMatch(/property name "has space"/);
    const proto = JSON.parse('{"type":"object","additionalProperties":false,"properties":{"__proto__":{"type":"boolean","description":"x"}}}');
    expect(() => checkAdaptiveJsonSchema(proto)).toThrow(/property name "__proto__" is not allowed/);
  });

  it('refuses what is not a schema at all', () => {
    for (const v of [null, 'object', [], 42]) expect(() => checkAdaptiveJsonSchema(v)).toThrow(BadRequest);
  });
});

describe('adaptive schema decider', () => {
  const set = (jsonSchema: unknown) => ({ type: 'SetAdaptiveSchema' as const, siteId: 's1', organizationId: 'o1', jsonSchema });
  const updated = (jsonSchema: AdaptiveJsonSchema, at: string): AdaptiveSchemaEvent => ({
    type: 'SiteAdaptiveSchemaUpdated',
    data: { siteId: 's1', organizationId: 'o1', jsonSchema, updatedAt: at },
  });

  it('sets the schema, replaces it whole, and records nothing when it is the same (in any key order)', () => {
    given(adaptiveSchema)
      .whenCommand(set(valid), new Date(T0))
      .then([updated(valid, T0)]);
    const other: AdaptiveJsonSchema = { type: 'object', properties: {}, additionalProperties: false };
    given(adaptiveSchema, updated(valid, T0))
      .whenCommand(set(other), new Date(T1))
      .then([updated(other, T1)]);
    const reordered = { additionalProperties: false, properties: clone().properties as Obj, $schema: valid.$schema, type: 'object' };
    given(adaptiveSchema, updated(valid, T0)).whenCommand(set(reordered)).thenNothing();
  });

  it('refuses a schema against the rules', () => {
    given(adaptiveSchema)
      .whenCommand(set({ type: 'object', properties: { x: { type: 'boolean' } }, additionalProperties: false }))
      .thenThrows(BadRequest);
  });
});

describe('template conditions', () => {
  it('derives conditions from booleans, enum strings and enum arrays, walking objects; each passes the condition check', () => {
    const conditions = templateConditions(valid);
    expect(conditions).toEqual([
      { description: 'In the beta program', condition: 'visitor.claims.isBetaUser' },
      { description: 'Plan: free', condition: 'visitor.claims.unsigned.plan === "free"' },
      { description: 'Plan: pro', condition: 'visitor.claims.unsigned.plan === "pro"' },
      { description: 'Products: api', condition: 'visitor.claims.unsigned.products.includes("api")' },
      { description: 'Products: cli', condition: 'visitor.claims.unsigned.products.includes("cli")' },
      { description: 'Role: owner', condition: 'visitor.claims.unsigned["user-role"] === "owner"' },
      { description: 'New navigation', condition: 'visitor.claims.unsigned.flags.newNav' },
    ]);
    for (const c of conditions) expect(() => checkCondition(c.condition, { jsonSchema: valid, updatedAt: T0 })).not.toThrow();
  });
});
