import jsep from 'jsep';
import { BadRequest } from '@app/platform';

/**
 * The condition language: a whitelisted subset of JavaScript expressions over `visitor.claims`.
 * jsep parses; this module turns its tree into ConditionNode, refusing everything else, so the
 * evaluator never meets a construct it does not know (no eval, no arbitrary calls, no names
 * other than `visitor`, no prototype or constructor members).
 */
export type ConditionNode =
  | { kind: 'literal'; value: string | number | boolean | null | undefined }
  /** `visitor.claims.a.b[0]` → path ['a', 'b', 0]. */
  | { kind: 'claim'; path: Array<string | number> }
  | { kind: 'array'; items: ConditionNode[] }
  | { kind: 'unary'; operator: UnaryOperator; argument: ConditionNode }
  | { kind: 'binary'; operator: BinaryOperator; left: ConditionNode; right: ConditionNode }
  | { kind: 'conditional'; test: ConditionNode; consequent: ConditionNode; alternate: ConditionNode }
  | { kind: 'call'; method: Method; target: ConditionNode; argument: ConditionNode };

export const BINARY_OPERATORS = ['===', '!==', '==', '!=', '<', '<=', '>', '>=', '&&', '||'] as const;
export type BinaryOperator = (typeof BINARY_OPERATORS)[number];
export const UNARY_OPERATORS = ['!', '-'] as const;
export type UnaryOperator = (typeof UNARY_OPERATORS)[number];
export const METHODS = ['includes', 'startsWith', 'endsWith'] as const;
export type Method = (typeof METHODS)[number];

export const MAX_CONDITION_LENGTH = 2048;
export const MAX_CONDITION_DEPTH = 64;
/** Names that lead to prototypes or functions, refused even as claim names. */
const FORBIDDEN_MEMBERS = new Set(['__proto__', 'prototype', 'constructor', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

const refuse = (rule: string): never => {
  throw new BadRequest(`condition: ${rule}`);
};

/** Parses and checks the shape of an expression (not its claims: see condition-claims.ts). */
export function parseCondition(expression: string): ConditionNode {
  if (typeof expression !== 'string' || expression.trim() === '') refuse('must be a non-empty expression');
  if (expression.length > MAX_CONDITION_LENGTH) refuse(`at most ${MAX_CONDITION_LENGTH} characters`);
  // jsep descends recursively into groups and arrays: bound the nesting before it runs.
  if (bracketDepth(expression) > MAX_CONDITION_DEPTH) refuse(`nested deeper than ${MAX_CONDITION_DEPTH} levels`);
  let tree: jsep.Expression;
  try {
    tree = jsep(expression);
  } catch (e) {
    return refuse((e as Error).message);
  }
  return convert(tree, 0);
}

/** Deepest nesting of (), [] outside string literals. */
function bracketDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') max = Math.max(max, ++depth);
    else if (c === ')' || c === ']') depth--;
  }
  return max;
}

function convert(node: jsep.Expression, depth: number): ConditionNode {
  if (depth > MAX_CONDITION_DEPTH) refuse(`nested deeper than ${MAX_CONDITION_DEPTH} levels`);
  const next = (n: jsep.Expression) => convert(n, depth + 1);
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      if (value instanceof RegExp) return refuse('regular expressions are not allowed');
      return { kind: 'literal', value };
    }
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (name === 'undefined') return { kind: 'literal', value: undefined };
      return name === 'visitor'
        ? refuse('visitor must be followed by .claims and a claim name (visitor.claims.<claim>)')
        : refuse(`unknown name ${name} (conditions read visitor.claims.<claim>)`);
    }
    case 'MemberExpression':
      return { kind: 'claim', path: claimPath(node as jsep.MemberExpression) };
    case 'ArrayExpression':
      return {
        kind: 'array',
        items: (node as jsep.ArrayExpression).elements.map((e) => (e === null ? refuse('arrays may not have holes') : next(e))),
      };
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      if (!(UNARY_OPERATORS as readonly string[]).includes(u.operator)) refuse(`operator ${u.operator} is not allowed`);
      return { kind: 'unary', operator: u.operator as UnaryOperator, argument: next(u.argument) };
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (!(BINARY_OPERATORS as readonly string[]).includes(b.operator)) refuse(`operator ${b.operator} is not allowed`);
      return { kind: 'binary', operator: b.operator as BinaryOperator, left: next(b.left), right: next(b.right) };
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return { kind: 'conditional', test: next(c.test), consequent: next(c.consequent), alternate: next(c.alternate) };
    }
    case 'CallExpression':
      return call(node as jsep.CallExpression, next);
    case 'ThisExpression':
      return refuse('this is not allowed');
    case 'Compound':
    case 'SequenceExpression':
      return refuse('must be one expression (no ; or , between expressions)');
    default:
      return refuse(`${node.type} is not allowed`);
  }
}

/** `target.includes(x)`, `target.startsWith(x)`, `target.endsWith(x)`: the only calls. */
function call(c: jsep.CallExpression, next: (n: jsep.Expression) => ConditionNode): ConditionNode {
  const callee = c.callee;
  if (callee.type !== 'MemberExpression') return refuse('only the methods includes, startsWith and endsWith may be called');
  const m = callee as jsep.MemberExpression;
  const method = m.computed ? null : (m.property as jsep.Identifier).name;
  if (method === null || !(METHODS as readonly string[]).includes(method)) {
    return refuse(`method ${method ?? '(computed)'} is not allowed (only includes, startsWith, endsWith)`);
  }
  if (c.arguments.length !== 1) refuse(`${method} takes exactly one argument`);
  return { kind: 'call', method: method as Method, target: next(m.object), argument: next(c.arguments[0]) };
}

/** The claim path of `visitor.claims.a["b"][0]`; anything else as a member access is refused. */
function claimPath(node: jsep.MemberExpression): Array<string | number> {
  const segments: Array<string | number> = [];
  let current: jsep.Expression = node;
  while (current.type === 'MemberExpression') {
    const m = current as jsep.MemberExpression;
    segments.unshift(segmentOf(m));
    current = m.object;
  }
  if (current.type !== 'Identifier' || (current as jsep.Identifier).name !== 'visitor') {
    // Members of literals ("".length, [].x) would reach JavaScript's own properties.
    return refuse('members may only be read from visitor.claims');
  }
  if (segments[0] !== 'claims') return refuse('visitor must be followed by .claims and a claim name (visitor.claims.<claim>)');
  if (segments.length < 2) return refuse('visitor.claims must be followed by a claim name');
  return segments.slice(1);
}

function segmentOf(m: jsep.MemberExpression): string | number {
  const p = m.property;
  let name: string | number;
  if (!m.computed) name = (p as jsep.Identifier).name;
  else if (p.type === 'Literal' && typeof (p as jsep.Literal).value === 'string') name = (p as jsep.Literal).value as string;
  else if (p.type === 'Literal' && Number.isSafeInteger((p as jsep.Literal).value) && ((p as jsep.Literal).value as number) >= 0) {
    name = (p as jsep.Literal).value as number;
  } else return refuse('computed members must be a string or a non-negative whole number');
  if (typeof name === 'string' && FORBIDDEN_MEMBERS.has(name)) refuse(`member ${name} is not allowed`);
  return name;
}
