/**
 * Validation of bodies against the newer reference (@gitbook/api 0.202.0, installed as
 * gitbook-api-0-202) for the operation this server takes from it: updateChangeRequestContent.
 * Same OpenAPI 3.0 → JSON Schema rewriting as test/support/reference-schema.ts (which reads 0.146).
 */
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import * as fs from 'fs';
import * as path from 'path';

const SPEC = path.join(path.dirname(require.resolve('gitbook-api-0-202')), '..', 'spec', 'openapi.json');
const DOC_ID = 'https://reference-0202.gitbook.test/openapi.json';
type Json = any;

function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (['discriminator', 'nullable', 'example', 'examples', 'xml', 'externalDocs'].includes(k)) continue;
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) out.$ref = DOC_ID + v;
    else if (k === 'properties' || k === 'patternProperties') out[k] = Object.fromEntries(Object.entries(v as object).map(([n, s]) => [n, toJsonSchema(s)]));
    else out[k] = toJsonSchema(v);
  }
  if (node.nullable === true) {
    if (out.$ref) return { anyOf: [{ $ref: out.$ref }, { type: 'null' }] };
    if (out.type) out.type = [...(Array.isArray(out.type) ? out.type : [out.type]), 'null'];
    else return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

let spec: Json;
let ajv: Ajv;
const cache = new Map<string, ValidateFunction>();

function load() {
  if (ajv) return;
  spec = JSON.parse(fs.readFileSync(SPEC, 'utf8'));
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const f of ['emoji', 'icon']) ajv.addFormat(f, { type: 'string', validate: () => true });
  ajv.addSchema({ $id: DOC_ID, components: { schemas: toJsonSchema(spec.components.schemas) } });
}

function operation(operationId: string): Json {
  for (const item of Object.values<Json>(spec.paths)) for (const op of Object.values<Json>(item)) if (op?.operationId === operationId) return op;
  throw new Error(`0.202 has no operation ${operationId}`);
}

/** Asserts `body` is the documented 0.202 response of `operationId` for `status`. */
export function expectMatches0202(operationId: string, status: number, body: unknown): void {
  load();
  const key = `${operationId}:${status}`;
  let v = cache.get(key);
  if (!v) {
    let r = operation(operationId).responses[String(status)];
    if (!r) throw new Error(`${operationId} does not document status ${status}`);
    if (r.$ref) r = spec.components.responses[r.$ref.split('/').pop()];
    v = ajv.compile(toJsonSchema(r.content['application/json'].schema));
    cache.set(key, v);
  }
  if (!v(body)) throw new Error(`${key}: body does not match the 0.202 reference:\n${JSON.stringify(v.errors, null, 1).slice(0, 3000)}\nbody: ${JSON.stringify(body).slice(0, 500)}`);
}

/** Asserts `body` validates as a 0.202 request body of `operationId`. */
export function expectValidRequest0202(operationId: string, body: unknown): void {
  load();
  const v = ajv.compile(toJsonSchema(operation(operationId).requestBody.content['application/json'].schema));
  if (!v(body)) throw new Error(`${operationId} request does not match the 0.202 reference: ${JSON.stringify(v.errors).slice(0, 2000)}`);
}
