import { upgradeSchemasTo31 } from './schema-upgrade';

describe('upgradeSchemasTo31', () => {
  it('turns nullable into a null type (and a null enum value)', () => {
    expect(upgradeSchemasTo31({ type: 'string', nullable: true, enum: ['a', 'b'] })).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(upgradeSchemasTo31({ type: 'integer', nullable: false })).toEqual({ type: 'integer' });
  });

  it('wraps a nullable schema without a type of its own in anyOf, keeping its annotations outside', () => {
    expect(upgradeSchemasTo31({ allOf: [{ $ref: '#/components/schemas/Space' }], nullable: true, description: 'The parent' })).toEqual({
      description: 'The parent',
      anyOf: [{ allOf: [{ $ref: '#/components/schemas/Space' }] }, { type: 'null' }],
    });
  });

  it('turns exclusive bounds into numbers', () => {
    expect(upgradeSchemasTo31({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: false })).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 1,
    });
  });

  it('walks nested schemas but leaves properties named like keywords, literal data and extensions alone', () => {
    const doc = {
      properties: {
        nullable: { type: 'boolean' },
        child: { type: 'object', nullable: true },
      },
      example: { nullable: true },
      default: { nullable: true },
      'x-sample': { nullable: true },
    };
    expect(upgradeSchemasTo31(doc)).toEqual({
      properties: { nullable: { type: 'boolean' }, child: { type: ['object', 'null'] } },
      example: { nullable: true },
      default: { nullable: true },
      'x-sample': { nullable: true },
    });
  });

  it('changes nothing the second time', () => {
    const once = upgradeSchemasTo31({ oneOf: [{ type: 'string' }], nullable: true, items: { type: 'number', nullable: true } });
    expect(upgradeSchemasTo31(structuredClone(once))).toEqual(once);
  });
});
