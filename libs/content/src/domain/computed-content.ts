import { BadRequest, isPlainObject } from '@app/platform';

/**
 * Computed content (reference getComputedDocument / getComputedRevision, page type `computed`):
 * a document or pages generated from a source. Of the reference's three kinds of source, this
 * server computes one and refuses the others with the reason instead of an invented result:
 * - `builtin:openapi`: pages and documents from an OpenAPI specification of the space's
 *   organization (computed-content-openapi.ts);
 * - `builtin:translation`: a translation here writes its result as a real space (runTranslation),
 *   so there are no computed translation documents to produce;
 * - `integration:<app>:<source>`: needs the integration's code to run (no integrations here).
 */
export type ComputedKind = 'document' | 'revision';

export interface OpenAPIRef {
  kind: 'openapi';
  spec: string;
}
export type OpenAPIDocumentProps = { doc: 'models' } | { doc: 'operations' | 'info'; page: string };
export type OpenAPIRevisionProps = { models: boolean };
export interface OpenAPISource<P> {
  type: 'builtin:openapi';
  /** Only the reference: a resolved `value` sent along is not trusted, the spec is read again. */
  dependencies: { spec: { ref: OpenAPIRef } };
  props: P;
}
export type OpenAPIDocumentSource = OpenAPISource<OpenAPIDocumentProps>;
export type OpenAPIRevisionSource = OpenAPISource<OpenAPIRevisionProps>;

const TYPES = 'builtin:openapi, builtin:translation or integration:<app>:<source>';

const REFUSALS: Array<[RegExp, (type: string) => string]> = [
  [
    /^builtin:translation$/,
    () =>
      'source.type: builtin:translation content is not computed by this server: a translation (createTranslation, runTranslation) writes its result as a real space, so read the translated pages from that space',
  ],
  [/^integration:[^:]+:[^:]+$/, (t) => `source.type: ${t} is computed by an integration, and this server runs no integrations`],
];

function openAPIRef(source: Record<string, unknown>): OpenAPIRef {
  const ref = (source.dependencies as { spec?: { ref?: Record<string, unknown> } } | undefined)?.spec?.ref;
  if (!isPlainObject(ref) || ref.kind !== 'openapi' || typeof ref.spec !== 'string' || !ref.spec.trim())
    throw new BadRequest('source.dependencies.spec.ref: must be {"kind": "openapi", "spec": "<slug of an OpenAPI specification>"}');
  return { kind: 'openapi', spec: ref.spec };
}

function documentProps(props: Record<string, unknown>): OpenAPIDocumentProps {
  if (props.doc === 'models') return { doc: 'models' };
  if (props.doc !== 'operations' && props.doc !== 'info') throw new BadRequest('source.props.doc: must be one of models, operations, info');
  if (typeof props.page !== 'string' || !props.page.trim())
    throw new BadRequest(`source.props.page: must be a non-empty string with doc "${props.doc}" (the tag of the operations)`);
  return { doc: props.doc, page: props.page };
}

function revisionProps(props: Record<string, unknown>): OpenAPIRevisionProps {
  if (typeof props.models !== 'boolean') throw new BadRequest('source.props.models: must be a boolean (whether to add a Models page)');
  return { models: props.models };
}

/** The source as this server computes it, or the 400 that says why it cannot. */
export function readComputedSource(source: Record<string, unknown>, kind: 'document'): OpenAPIDocumentSource;
export function readComputedSource(source: Record<string, unknown>, kind: 'revision'): OpenAPIRevisionSource;
export function readComputedSource(source: Record<string, unknown>, kind: ComputedKind): OpenAPIDocumentSource | OpenAPIRevisionSource {
  const type = source.type;
  if (typeof type !== 'string') throw new BadRequest(`source.type: must be a string (${TYPES})`);
  if (type !== 'builtin:openapi') {
    const refusal = REFUSALS.find(([pattern]) => pattern.test(type));
    throw new BadRequest(refusal ? refusal[1](type) : `source.type: unknown computed ${kind} source "${type}" (${TYPES})`);
  }
  const ref = openAPIRef(source);
  if (!isPlainObject(source.props)) throw new BadRequest('source.props: must be an object');
  const props = kind === 'document' ? documentProps(source.props) : revisionProps(source.props);
  return { type, dependencies: { spec: { ref } }, props } as OpenAPIDocumentSource | OpenAPIRevisionSource;
}
