/**
 * Text hygiene for everything a caller sends: NUL characters and unpaired UTF-16 surrogates
 * are stored as given by every adapter and later serialized as invalid UTF-8 (or cut C
 * strings short), so they are refused at the edge, in values and in field names alike.
 */

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex -- deliberate: matching control characters is this regex's purpose
const UNPRINTABLE = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Keys that reach Object.prototype when a body is merged into an object. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** What is wrong with a piece of text, or null. */
export function textProblem(s: string): string | null {
  if (s.includes('\u0000')) return 'NUL characters';
  if (LONE_SURROGATE.test(s)) return 'unpaired UTF-16 surrogates';
  return null;
}

/** A field name fit for an error message: control characters and lone surrogates escaped, long names cut. */
export function printableKey(key: string): string {
  const cut = key.length > 100 ? `${key.slice(0, 100)}…` : key;
  return cut.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

interface PathNode {
  parent: PathNode | null;
  key: string;
}
const pathOf = (node: PathNode | null): string => {
  const parts: string[] = [];
  for (let n = node; n; n = n.parent) parts.push(printableKey(n.key));
  return parts.reverse().join('.');
};

export interface InputCheckOptions {
  /** Deepest accepted nesting of objects and arrays (the top-level object is level 1). */
  maxDepth: number;
  /** Refuse `__proto__`, `constructor` and `prototype` as field names. */
  reservedKeys: boolean;
}

/**
 * The first problem in a parsed JSON value, as `field.path: rule`, or null. Iterative, and it
 * builds paths only for the answer: a 10 MB body may be 5 million levels deep or wide.
 */
export function inputProblem(value: unknown, opts: InputCheckOptions, root = 'body'): string | null {
  if (typeof value === 'string') {
    const p = textProblem(value);
    return p ? `${root}: must not contain ${p}` : null;
  }
  if (value === null || typeof value !== 'object') return null;
  const stack: Array<{ value: object; node: PathNode | null; depth: number }> = [{ value, node: null, depth: 1 }];
  while (stack.length) {
    const { value: container, node, depth } = stack.pop()!;
    const at = (key: string): PathNode => ({ parent: node, key });
    if (depth > opts.maxDepth) return `${node ? pathOf(node) : root}: must not be nested deeper than ${opts.maxDepth} levels`;
    const isArray = Array.isArray(container);
    const keys = isArray ? null : Object.keys(container);
    const length = isArray ? (container as unknown[]).length : keys!.length;
    for (let i = 0; i < length; i++) {
      const key = isArray ? String(i) : keys![i];
      if (!isArray) {
        const p = textProblem(key);
        if (p) return `${pathOf(at(key))}: field names must not contain ${p}`;
        if (opts.reservedKeys && RESERVED_KEYS.has(key)) return `${pathOf(at(key))}: field name not allowed (${[...RESERVED_KEYS].join(', ')} are reserved)`;
      }
      const child = (container as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        const p = textProblem(child);
        if (p) return `${pathOf(at(key))}: must not contain ${p}`;
      } else if (child !== null && typeof child === 'object') {
        stack.push({ value: child, node: at(key), depth: depth + 1 });
      }
    }
  }
  return null;
}
