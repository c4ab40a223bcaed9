import type { ConditionNode } from './condition-parser';

/**
 * The interpreter of checked condition trees. Claims are plain data (a visitor's token); only
 * their own properties are read, so inherited members (`toString`, `__proto__`) are undefined.
 * `==` and `!=` are strict like `===` and `!==` (no coercion surprises between "1" and 1);
 * comparisons need two numbers or two strings, else they are false.
 */
export function evaluate(node: ConditionNode, claims: Record<string, unknown>): boolean {
  return Boolean(valueOf(node, claims));
}

function valueOf(node: ConditionNode, claims: Record<string, unknown>): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'claim':
      return node.path.reduce<unknown>(member, claims);
    case 'array':
      return node.items.map((n) => valueOf(n, claims));
    case 'unary': {
      const v = valueOf(node.argument, claims);
      return node.operator === '!' ? !v : typeof v === 'number' ? -v : undefined;
    }
    case 'conditional':
      return valueOf(node.test, claims) ? valueOf(node.consequent, claims) : valueOf(node.alternate, claims);
    case 'call':
      return callOf(node.method, valueOf(node.target, claims), valueOf(node.argument, claims));
    case 'binary': {
      if (node.operator === '&&') return valueOf(node.left, claims) && valueOf(node.right, claims);
      if (node.operator === '||') return valueOf(node.left, claims) || valueOf(node.right, claims);
      return compare(node.operator, valueOf(node.left, claims), valueOf(node.right, claims));
    }
  }
}

function member(value: unknown, key: string | number): unknown {
  if (Array.isArray(value)) return key === 'length' ? value.length : typeof key === 'number' ? value[key] : undefined;
  if (typeof value === 'string') return key === 'length' ? value.length : undefined;
  if (value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, key)) return (value as Record<string, unknown>)[key];
  return undefined;
}

function callOf(method: 'includes' | 'startsWith' | 'endsWith', target: unknown, argument: unknown): boolean {
  if (method === 'includes' && Array.isArray(target)) return target.some((x) => x === argument);
  if (typeof target !== 'string' || typeof argument !== 'string') return false;
  return method === 'includes' ? target.includes(argument) : method === 'startsWith' ? target.startsWith(argument) : target.endsWith(argument);
}

function compare(operator: '===' | '!==' | '==' | '!=' | '<' | '<=' | '>' | '>=', a: unknown, b: unknown): boolean {
  switch (operator) {
    case '===':
    case '==':
      return a === b;
    case '!==':
    case '!=':
      return a !== b;
  }
  if (typeof a === 'number' && typeof b === 'number') return order(operator, a, b);
  if (typeof a === 'string' && typeof b === 'string') return order(operator, a, b);
  return false;
}

const order = <T extends number | string>(operator: '<' | '<=' | '>' | '>=', x: T, y: T): boolean =>
  operator === '<' ? x < y : operator === '<=' ? x <= y : operator === '>' ? x > y : x >= y;
