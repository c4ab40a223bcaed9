/**
 * Validation of response bodies against the GitBook API reference (the OpenAPI 3.0 document
 * shipped in @gitbook/api). Its paths carry no `/v1` prefix; our server serves them under /v1.
 *
 *   expectMatchesOperation('getSpaceById', 200, res.body)
 *   expectMatchesSchema('Space', body)
 *   expectErrorResponse('getSpaceById', 404, res.body)   // documented error response, else `Error`
 *
 * OpenAPI 3.0 specifics are rewritten into JSON Schema before compiling with Ajv 8:
 * `nullable: true` becomes a `null` type (also added to `enum`), a `$ref` with `nullable`
 * becomes `anyOf [$ref, null]`, `discriminator` is dropped (the `oneOf` still decides), and
 * every `#/components/...` reference points into one registered document.
 */
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import * as fs from 'fs';
import * as path from 'path';

/**
 * The reference versions: 0.146.0 for everything, 0.202.0 for the content write
 * (updateChangeRequestContent), installed as the alias `gitbook-api-0-202`. The packages'
 * exports hide package.json; their entry lives in dist/, the spec beside it.
 */
export type ReferenceVersion = '0.146.0' | '0.202.0';
const PACKAGES: Record<ReferenceVersion, string> = { '0.146.0': '@gitbook/api', '0.202.0': 'gitbook-api-0-202' };
const specPath = (v: ReferenceVersion) => path.join(path.dirname(require.resolve(PACKAGES[v])), '..', 'spec', 'openapi.json');
const docId = (v: ReferenceVersion) => `https://reference-${v}.gitbook.test/openapi.json`;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = any;

export interface ReferenceOperation {
  operationId: string;
  method: string;
  /** Path as in the reference (no /v1 prefix), e.g. `/spaces/{spaceId}`. */
  path: string;
  responses: Record<string, Json>;
  requestBody?: Json;
}

interface Reference {
  version: ReferenceVersion;
  spec: Json;
  ajv: Ajv;
  operations: Map<string, ReferenceOperation>;
  cache: Map<string, ValidateFunction>;
}

const loaded = new Map<ReferenceVersion, Reference>();

/** Rewrites one OpenAPI 3.0 schema (recursively) into a JSON Schema Ajv 8 understands. */
function toJsonSchema(node: Json, DOC_ID: string): Json {
  if (Array.isArray(node)) return node.map((n) => toJsonSchema(n, DOC_ID));
  if (!node || typeof node !== 'object') return node;
  // `Document`'s "Empty" branch ({} with additionalProperties: false) sits inside the allOf of
  // RevisionPageDocument, where strict JSON Schema would forbid the page's own fields: the
  // reference means "no document" (the official client types it as `object`), so read it so.
  if (node.title === 'Empty' && node.additionalProperties === false && Object.keys(node.properties ?? {}).length === 0) {
    return { type: 'object', title: 'Empty', not: { anyOf: [{ required: ['markdown'] }, { required: ['document'] }] } };
  }
  // RevisionSemanticChangePageEdited.attributes: the attribute sets of the three page kinds
  // (document, group, link) overlap by design (a rename fits all three) and carry no
  // discriminator, so no body could match exactly one of them: the reference means any of them.
  if (
    Array.isArray(node.oneOf) &&
    node.oneOf.length > 1 &&
    node.oneOf.every((b: Json) => /^#\/components\/schemas\/RevisionPage\w+ChangeAttributes$/.test(b?.$ref ?? ''))
  ) {
    const { oneOf, ...rest } = node;
    return toJsonSchema({ ...rest, anyOf: oneOf }, DOC_ID);
  }
  // RevisionPageDocument's last oneOf: "computed page" ({computed, computedSeed}) or "stored page"
  // ({documentId?}, no required field, so it matches any object): a computed page would match
  // both. The reference means the second for pages that are not computed.
  if (node.type === 'object' && node.properties?.documentId && !node.required && Object.keys(node.properties).length === 1) {
    return { ...node, not: { required: ['computed'] } };
  }
  // PlainObject (visitor claims) has no `type`: a string value would match it as well as the
  // `string` branch of its own oneOf, so no claims object with a string could validate. The
  // reference means an object there.
  if (node.type === undefined && node.additionalProperties?.oneOf?.some((b: Json) => b?.$ref === '#/components/schemas/PlainObject')) {
    return toJsonSchema({ ...node, type: 'object' }, DOC_ID);
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'discriminator' || k === 'nullable' || k === 'example' || k === 'examples' || k === 'xml' || k === 'externalDocs') continue;
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) out.$ref = DOC_ID + v;
    else if (k === 'properties' || k === 'patternProperties' || k === 'definitions') {
      // Maps of name -> schema: keep the names, transform the schemas.
      out[k] = Object.fromEntries(Object.entries(v as object).map(([n, s]) => [n, toJsonSchema(s, DOC_ID)]));
    } else out[k] = toJsonSchema(v, DOC_ID);
  }
  if (node.nullable === true) return makeNullable(out);
  return out;
}

function makeNullable(s: Json): Json {
  if (s.$ref !== undefined) {
    const { $ref, description, deprecated, ...rest } = s;
    const wrapped: Json = { anyOf: [{ $ref, ...rest }, { type: 'null' }] };
    if (description !== undefined) wrapped.description = description;
    return wrapped;
  }
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (!types.includes('null')) s.type = [...types, 'null'];
    if (Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...s.enum, null];
    return s;
  }
  // No type of its own (oneOf/anyOf/allOf...): allow null alongside.
  return { anyOf: [s, { type: 'null' }] };
}

function load(version: ReferenceVersion = '0.146.0'): Reference {
  const done = loaded.get(version);
  if (done) return done;
  const DOC_ID = docId(version);
  const spec = JSON.parse(fs.readFileSync(specPath(version), 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true, verbose: true, validateFormats: true });
  addFormats(ajv);
  // Formats the reference defines for itself: accepted as any string.
  for (const f of ['emoji', 'icon']) ajv.addFormat(f, { type: 'string', validate: () => true });
  ajv.addSchema({ $id: DOC_ID, components: { schemas: toJsonSchema(spec.components?.schemas ?? {}, DOC_ID) } });

  const operations = new Map<string, ReferenceOperation>();
  for (const [p, item] of Object.entries<Json>(spec.paths ?? {})) {
    for (const m of METHODS) {
      const op = item?.[m];
      if (op?.operationId)
        operations.set(op.operationId, {
          operationId: op.operationId,
          method: m.toUpperCase(),
          path: p,
          responses: op.responses ?? {},
          requestBody: op.requestBody,
        });
    }
  }
  const ref = { spec, ajv, operations, cache: new Map(), version };
  loaded.set(version, ref);
  return ref;
}

/** The reference operation with this operationId (method, path and documented responses). */
export function referenceOperation(operationId: string, version: ReferenceVersion = '0.146.0'): ReferenceOperation {
  const op = load(version).operations.get(operationId);
  if (!op) throw new Error(`The reference ${version} has no operation with operationId "${operationId}"`);
  return op;
}

/** The operation's path as our server serves it, with parameters filled in: `/v1/spaces/abc`. */
export function operationUrl(operationId: string, params: Record<string, string> = {}): string {
  const p = referenceOperation(operationId).path.replace(/\{(\w+)\}/g, (_, name) => {
    if (!(name in params)) throw new Error(`operationUrl(${operationId}): missing path parameter ${name}`);
    return encodeURIComponent(params[name]);
  });
  return `/v1${p === '/' ? '/' : p}`;
}

function resolveResponse(response: Json, version: ReferenceVersion): Json {
  const seen = new Set<string>();
  let r = response;
  while (r && typeof r.$ref === 'string') {
    if (seen.has(r.$ref)) throw new Error(`Circular response reference ${r.$ref}`);
    seen.add(r.$ref);
    const m = /^#\/components\/responses\/(.+)$/.exec(r.$ref);
    if (!m) throw new Error(`Unsupported response reference ${r.$ref}`);
    const target = load(version).spec.components?.responses?.[m[1]];
    if (!target) throw new Error(`Reference response ${r.$ref} not found`);
    r = target;
  }
  return r;
}

/** The JSON schema of a response object, or null when the response documents no body. */
function responseBodySchema(response: Json, version: ReferenceVersion): Json | null {
  const r = resolveResponse(response, version);
  const content = r?.content;
  if (!content) return null;
  const media = content['application/json'] ?? Object.entries<Json>(content).find(([t]) => /json/.test(t))?.[1];
  return media?.schema ?? null;
}

function validator(key: string, schema: Json, version: ReferenceVersion): ValidateFunction {
  const ref = load(version);
  let v = ref.cache.get(key);
  if (!v) {
    v = ref.ajv.compile(toJsonSchema(schema, docId(version)));
    ref.cache.set(key, v);
  }
  return v;
}

const preview = (v: unknown) => {
  let s: string;
  try {
    s = JSON.stringify(v);
  } catch {
    s = String(v);
  }
  if (s === undefined) s = String(v);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
};

function formatErrors(errors: ErrorObject[] | null | undefined): string {
  // oneOf/anyOf failures produce one error per variant; keep them all but list distinct lines once.
  const lines = new Set<string>();
  for (const e of errors ?? []) {
    const where = e.instancePath === '' ? '(root)' : e.instancePath;
    const params = Object.keys(e.params ?? {}).length ? ` ${JSON.stringify(e.params)}` : '';
    const value = e.keyword === 'required' || e.keyword === 'additionalProperties' ? '' : ` value=${preview(e.data)}`;
    lines.add(`  - ${where}: ${e.message}${params} [schema ${e.schemaPath}]${value}`);
  }
  return [...lines].join('\n');
}

function check(label: string, key: string, schema: Json, body: unknown, version: ReferenceVersion = '0.146.0'): void {
  const v = validator(key, schema, version);
  if (!v(body)) {
    throw new Error(`${label}: response body does not match the reference\n${formatErrors(v.errors)}\nbody: ${preview(body)}`);
  }
}

function isEmptyBody(body: unknown): boolean {
  return (
    body === undefined ||
    body === null ||
    body === '' ||
    (typeof body === 'object' && !Array.isArray(body) && Object.keys(body as object).length === 0) ||
    (Buffer.isBuffer(body) && body.length === 0)
  );
}

export interface MatchOptions {
  /**
   * Accept a status the operation does not document, validating the body against this
   * components schema instead (e.g. 'Error' for a 401/403 the reference leaves implicit).
   * Without it an undocumented status fails the assertion.
   */
  undocumentedStatusSchema?: string;
  /** The reference version that defines the operation (default 0.146.0). */
  version?: ReferenceVersion;
}

/**
 * Asserts that `body` is what the reference documents for `operationId` answering `status`.
 * Fails when the status is not documented (unless `opts.undocumentedStatusSchema`), when the
 * documented response has no body but one was sent, or when the body does not validate.
 */
export function expectMatchesOperation(operationId: string, status: number, body: unknown, opts: MatchOptions = {}): void {
  const version = opts.version ?? '0.146.0';
  const op = referenceOperation(operationId, version);
  const label = `${operationId} (${op.method} ${op.path}, reference ${version}) → ${status}`;
  const documented = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses[`${String(status)[0]}xx`];
  if (!documented) {
    if (opts.undocumentedStatusSchema) return expectMatchesSchema(opts.undocumentedStatusSchema, body, label);
    if (op.responses.default && status >= 400) {
      const schema = responseBodySchema(op.responses.default, version);
      if (schema) return check(`${label} (default response)`, `${operationId}:default`, schema, body, version);
    }
    throw new Error(
      `${label}: status ${status} is not documented by the reference (documented: ${Object.keys(op.responses).join(', ')})\nbody: ${preview(body)}`,
    );
  }
  const schema = responseBodySchema(documented, version);
  if (!schema) {
    if (!isEmptyBody(body)) throw new Error(`${label}: the reference documents no body for this status, got ${preview(body)}`);
    return;
  }
  check(label, `${operationId}:${status}`, schema, body, version);
}

/** Asserts that `body` validates against `#/components/schemas/<name>`. */
export function expectMatchesSchema(name: string, body: unknown, label = `schema ${name}`): void {
  const schemas = load().spec.components?.schemas ?? {};
  if (!(name in schemas)) throw new Error(`The reference has no components schema "${name}"`);
  check(label, `schema:${name}`, { $ref: `#/components/schemas/${name}` }, body);
}

/**
 * An error answer of `operationId`: validated against the operation's documented response
 * for that status when there is one, else against the reference `Error` schema; in both
 * cases `error.code` must equal the HTTP status and `error.message` must be non-empty.
 */
export function expectErrorResponse(operationId: string, status: number, body: unknown): void {
  if (status < 400) throw new Error(`expectErrorResponse(${operationId}): ${status} is not an error status`);
  expectMatchesOperation(operationId, status, body, { undocumentedStatusSchema: 'Error' });
  const err = (body as { error?: { code?: unknown; message?: unknown } })?.error;
  if (err?.code !== status) throw new Error(`${operationId} → ${status}: error.code is ${preview(err?.code)}, expected ${status}`);
  if (typeof err?.message !== 'string' || err.message.trim() === '') throw new Error(`${operationId} → ${status}: error.message is empty`);
}

/** Asserts `body` is the documented 0.202.0 response of `operationId` (the content write). */
export const expectMatches0202 = (operationId: string, status: number, body: unknown) =>
  expectMatchesOperation(operationId, status, body, { version: '0.202.0' });

/** Asserts `body` validates as a 0.202.0 request body of `operationId`. */
export function expectValidRequest0202(operationId: string, body: unknown): void {
  const op = referenceOperation(operationId, '0.202.0');
  const schema = op.requestBody?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${operationId} documents no JSON request body in 0.202.0`);
  const v = validator(`${operationId}:request`, schema, '0.202.0');
  if (!v(body)) throw new Error(`${operationId}: request body does not match the reference 0.202.0\n${formatErrors(v.errors)}`);
}
