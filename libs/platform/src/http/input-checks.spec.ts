import { inputProblem, printableKey, textProblem } from './input-checks';

const opts = { maxDepth: 4, reservedKeys: true };

describe('input checks', () => {
  it('finds NUL and unpaired surrogates, accepts pairs', () => {
    expect(textProblem('plain')).toBeNull();
    expect(textProblem('rocket \ud83d\ude80')).toBeNull();
    expect(textProblem('a\u0000')).toBe('NUL characters');
    expect(textProblem('\ud83d')).toBe('unpaired UTF-16 surrogates');
    expect(textProblem('\ude80x')).toBe('unpaired UTF-16 surrogates');
    expect(textProblem('\ude80\ud83d')).toBe('unpaired UTF-16 surrogates');
  });

  it('names the path of a bad value or key at any depth', () => {
    expect(inputProblem({ a: [{ b: 'ok' }, { b: 'x\u0000' }] }, opts)).toBe('a.1.b: must not contain NUL characters');
    expect(inputProblem({ a: { ['k\u0000']: 1 } }, opts)).toBe('a.k\\u0000: field names must not contain NUL characters');
    expect(inputProblem({ a: { constructor: 1 } }, opts)).toMatch(/^a\.constructor: field name not allowed/);
    expect(inputProblem(JSON.parse('{"__proto__":{"x":1}}'), opts)).toMatch(/^__proto__: field name not allowed/);
    expect(inputProblem(JSON.parse('{"__proto__":{"x":1}}'), { ...opts, reservedKeys: false })).toBeNull();
    expect(inputProblem('\u0000', opts, 'q')).toBe('q: must not contain NUL characters');
    expect(inputProblem({ a: 1, b: true, c: null, d: ['fine'] }, opts)).toBeNull();
  });

  it('bounds nesting, iteratively', () => {
    const deep = (n: number): unknown => (n === 1 ? {} : { a: deep(n - 1) });
    expect(inputProblem(deep(4), opts)).toBeNull();
    expect(inputProblem(deep(5), opts)).toBe('a.a.a.a: must not be nested deeper than 4 levels');
    const huge = JSON.parse('['.repeat(1_000_000) + ']'.repeat(1_000_000));
    expect(inputProblem(huge, { maxDepth: 32, reservedKeys: true })).toMatch(/nested deeper than 32 levels$/);
  });

  it('keeps bad characters and huge names out of messages', () => {
    expect(printableKey('a\u0000b\ud800c\n')).toBe('a\\u0000b\\ud800c\\u000a');
    expect(printableKey('k'.repeat(500))).toHaveLength(101);
  });
});
