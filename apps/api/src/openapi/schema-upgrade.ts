/**
 * OpenAPI 3.0 schemas rewritten for 3.1 (JSON Schema 2020-12), in place. The 0.146 reference
 * (and class-validator-jsonschema) still write 3.0 schemas, which a 3.1 document reads
 * differently: `nullable` is no keyword any more (the null would silently be refused), and
 * `exclusiveMinimum`/`exclusiveMaximum` are numbers, not flags on `minimum`/`maximum`.
 *
 * The walk goes through the whole document, so it only acts on keywords with the 3.0 value
 * types (a property *named* `nullable` holds an object and is left alone), and it never enters
 * literal data (examples, defaults, enums). Applying it twice changes nothing.
 */
const LITERALS = new Set(['example', 'examples', 'default', 'enum', 'const']);
/** Annotations that stay on the outer schema when a nullable schema is wrapped in anyOf. */
const ANNOTATIONS = ['title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'example', 'examples'];

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

export function upgradeSchemasTo31<T>(root: T): T {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isNode(value)) return;
    for (const [key, child] of Object.entries(value)) if (!LITERALS.has(key) && !key.startsWith('x-')) visit(child);
    upgradeNode(value);
  };
  visit(root);
  return root;
}

function upgradeNode(node: Node): void {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof node[flag] !== 'boolean') continue;
    if (node[flag] && typeof node[bound] === 'number') {
      node[flag] = node[bound];
      delete node[bound];
    } else delete node[flag];
  }
  if (typeof node.nullable !== 'boolean') return;
  const nullable = node.nullable;
  delete node.nullable;
  if (!nullable) return;
  if (typeof node.type === 'string' || Array.isArray(node.type)) {
    const types = ([] as unknown[]).concat(node.type);
    if (!types.includes('null')) node.type = [...types, 'null'];
    const values = node.enum as unknown[] | undefined;
    if (Array.isArray(values) && !values.includes(null)) node.enum = [...values, null];
    return;
  }
  // No type of its own ($ref, allOf, oneOf…): "this, or null".
  const inner: Node = {};
  for (const key of Object.keys(node)) {
    if (ANNOTATIONS.includes(key)) continue;
    inner[key] = node[key];
    delete node[key];
  }
  node.anyOf = [inner, { type: 'null' }];
}
