import { BadRequest } from '@app/platform';
import type { AdaptiveSchema } from './adaptive-schema';
import { checkCondition, evaluateCondition } from './condition';

const schema: AdaptiveSchema = {
  updatedAt: '2026-01-01T00:00:00.000Z',
  jsonSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      isBetaUser: { type: 'boolean', description: 'In the beta program' },
      plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' },
      seats: { type: 'number', description: 'Seats' },
      products: { type: 'array', description: 'Products', items: { type: 'string', description: 'A product' } },
      unsigned: {
        type: 'object',
        description: 'Unsigned claims of the site visitor.',
        additionalProperties: false,
        properties: { language: { type: 'string', description: 'Language' } },
      },
    },
  },
};

const refusal = (expression: string, s: AdaptiveSchema | null = schema): string => {
  try {
    checkCondition(expression, s);
  } catch (e) {
    expect(e).toBeInstanceOf(BadRequest);
    return (e as Error).message;
  }
  throw new Error(`accepted: ${expression}`);
};

describe('condition expressions: checked on write', () => {
  it('accepts the language: claims, comparisons, logic, negation, ternaries, includes and length', () => {
    for (const ok of [
      'visitor.claims.isBetaUser',
      '!visitor.claims.isBetaUser',
      'visitor.claims.plan === "pro" && visitor.claims.seats >= 10',
      'visitor.claims.plan == "free" || visitor.claims.plan != \'pro\'',
      'visitor.claims.products.includes("api")',
      '["pro", "team"].includes(visitor.claims.plan)',
      'visitor.claims.products.length > 0 && visitor.claims.products[0] === "api"',
      'visitor.claims["plan"] !== null',
      'visitor.claims.unsigned.language.startsWith("en")',
      'visitor.claims.seats > -1 ? true : false',
      'true',
    ]) {
      expect(() => checkCondition(ok, schema)).not.toThrow();
    }
  });

  it('refuses a claim the schema does not define, naming it', () => {
    expect(refusal('visitor.claims.isAdmin')).toBe("condition: unknown claim visitor.claims.isAdmin (not in the site's adaptive schema)");
    expect(refusal('visitor.claims.unsigned.country === "FR"')).toMatch(/unknown claim visitor\.claims\.unsigned\.country/);
    expect(refusal('visitor.claims.plan.tier')).toMatch(/unknown claim visitor\.claims\.plan\.tier/);
  });

  it('without a schema every claim is unknown, literals still pass', () => {
    expect(refusal('visitor.claims.isBetaUser', null)).toMatch(/^condition: unknown claim visitor\.claims\.isBetaUser \(the site has no adaptive schema/);
    expect(() => checkCondition('false', null)).not.toThrow();
  });

  it('refuses syntax errors with the parser position', () => {
    expect(refusal('visitor.claims.plan ===')).toMatch(/^condition: .*character/);
    expect(refusal('(visitor.claims.isBetaUser')).toMatch(/^condition: /);
    expect(refusal('')).toBe('condition: must be a non-empty expression');
    expect(refusal('   ')).toBe('condition: must be a non-empty expression');
  });

  it('refuses everything outside the language: other names, this, calls, assignment-like and bitwise operators, sequences', () => {
    expect(refusal('process')).toMatch(/condition: unknown name process/);
    expect(refusal('process.exit(1)')).toMatch(/condition: method exit is not allowed/);
    expect(refusal('process.env.HOME')).toMatch(/condition: members may only be read from visitor\.claims/);
    expect(refusal('this')).toMatch(/condition: this is not allowed/);
    expect(refusal('visitor')).toMatch(/visitor\.claims/);
    expect(refusal('visitor.session')).toMatch(/visitor\.claims/);
    expect(refusal('visitor.claims')).toMatch(/a claim name/);
    expect(refusal('visitor.claims.products.map(1)')).toMatch(/method map is not allowed/);
    expect(refusal('visitor.claims.plan.includes')).toMatch(/unknown claim visitor\.claims\.plan\.includes/);
    expect(refusal('visitor.claims.seats | 1')).toMatch(/operator \| is not allowed/);
    expect(refusal('visitor.claims.seats + 1 > 2')).toMatch(/operator \+ is not allowed/);
    expect(refusal('~visitor.claims.seats')).toMatch(/operator ~ is not allowed/);
    expect(refusal('visitor.claims.isBetaUser; true')).toMatch(/one expression/);
    expect(refusal('visitor.claims.isBetaUser, true')).toMatch(/one expression/);
    expect(refusal('visitor.claims[visitor.claims.plan]')).toMatch(/computed/);
    expect(refusal('(1).toString()')).toMatch(/method toString is not allowed/);
  });
});

describe('condition expressions: hostile input', () => {
  it('never reaches prototypes or constructors', () => {
    for (const hostile of [
      'visitor.claims.constructor',
      'visitor.claims.constructor.constructor("return process")()',
      'visitor.claims.__proto__',
      'visitor.claims["__proto__"].polluted',
      'visitor.claims.isBetaUser.constructor',
      'visitor.claims.products.constructor.prototype',
      '"".constructor.constructor("return 1")()',
      '[].constructor',
      'constructor.constructor("return process")()',
      '__proto__',
      'visitor.claims.hasOwnProperty("x")',
      'visitor.claims.products.__defineGetter__',
    ]) {
      expect(() => checkCondition(hostile, schema)).toThrow(BadRequest);
      expect(() => evaluateCondition(hostile, { isBetaUser: true })).toThrow(BadRequest);
    }
  });

  it('reads only own properties of the claims, so inherited names are undefined', () => {
    const claims = JSON.parse('{"__proto__": {"polluted": true}, "toString": "x"}') as Record<string, unknown>;
    expect(evaluateCondition('visitor.claims.polluted', claims)).toBe(false);
    expect(evaluateCondition('visitor.claims.valueOf', {})).toBe(false);
    expect(evaluateCondition('visitor.claims.toString === "x"', claims)).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('bounds length and nesting before the parser recurses', () => {
    expect(refusal('('.repeat(10_000) + 'true' + ')'.repeat(10_000))).toMatch(/^condition: at most \d+ characters/);
    expect(refusal('('.repeat(200) + 'true' + ')'.repeat(200))).toMatch(/^condition: nested deeper than \d+ levels/);
    expect(refusal('!'.repeat(500) + 'true')).toMatch(/^condition: nested deeper than \d+ levels/);
    expect(refusal(Array(100).fill('true').join(' && '))).toMatch(/^condition: nested deeper than \d+ levels/);
    expect(refusal('['.repeat(100) + ']'.repeat(100) + '.includes(1)')).toMatch(/^condition: nested deeper/);
    expect(() => checkCondition('(((visitor.claims.isBetaUser)))', schema)).not.toThrow();
  });

  it('survives deeply nested claims (only the path named is walked)', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 10_000; i++) deep = { next: deep };
    expect(evaluateCondition('visitor.claims.next.next.next.leaf', deep)).toBe(false);
    expect(evaluateCondition('visitor.claims.next.next', deep)).toBe(true);
  });

  it('refuses a non-string expression', () => {
    expect(() => checkCondition(42 as unknown as string, schema)).toThrow(BadRequest);
  });
});

describe('condition expressions: evaluated per visitor', () => {
  const visitor = { isBetaUser: true, plan: 'pro', seats: 12, products: ['api', 'docs'], unsigned: { language: 'en-GB' } };

  it.each([
    ['visitor.claims.isBetaUser', true],
    ['!visitor.claims.isBetaUser', false],
    ['visitor.claims.plan === "pro" && visitor.claims.seats >= 10', true],
    ['visitor.claims.plan == "free" || visitor.claims.seats < 5', false],
    ['visitor.claims.plan != "free"', true],
    ['visitor.claims.products.includes("api")', true],
    ['visitor.claims.products.includes("cli")', false],
    ['["pro", "team"].includes(visitor.claims.plan)', true],
    ['visitor.claims.products.length === 2', true],
    ['visitor.claims.products[1] === "docs"', true],
    ['visitor.claims["plan"] === "pro"', true],
    ['visitor.claims.unsigned.language.startsWith("en")', true],
    ['visitor.claims.unsigned.language.endsWith("US")', false],
    ['visitor.claims.seats > 10 ? visitor.claims.isBetaUser : false', true],
    ['visitor.claims.seats === -12', false],
    ['visitor.claims.missing.deeper === undefined', true],
    ['visitor.claims.missing', false],
    ['visitor.claims.seats > "10"', false],
    ['visitor.claims.plan < "q"', true],
  ])('%s → %s', (expression, expected) => {
    expect(evaluateCondition(expression, visitor)).toBe(expected);
  });

  it('== and != compare strictly (no coercion between "1" and 1)', () => {
    expect(evaluateCondition('visitor.claims.seats == "12"', visitor)).toBe(false);
    expect(evaluateCondition('visitor.claims.seats != "12"', visitor)).toBe(true);
  });

  it('a visitor without claims sees nothing conditional', () => {
    expect(evaluateCondition('visitor.claims.isBetaUser', {})).toBe(false);
    expect(evaluateCondition('visitor.claims.products.includes("api")', {})).toBe(false);
    expect(evaluateCondition('visitor.claims.unsigned.language.startsWith("en")', {})).toBe(false);
  });
});
