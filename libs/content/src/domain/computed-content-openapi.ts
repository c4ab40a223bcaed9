import { createHash } from 'crypto';
import { BadRequest } from '@app/platform';
import { OpenAPIDocumentSource, OpenAPIRef, OpenAPIRevisionSource } from './computed-content';
import { ApiDocument, apiInfo, apiTags, operationsOf, schemaNames } from './computed-content-openapi-spec';
import { block, paragraph, text } from './markdown/document-builders';
import { markdownToDocument } from './markdown/document';
import { BlockNode, InlineNode, TextNode } from './markdown/document-nodes';
import { slugify } from './page';

/** The reference's OpenAPI blocks (DocumentBlockOpenAPIOperation, DocumentBlockOpenAPISchemas): void, pointing into the spec. */
export interface OpenAPIBlock {
  object: 'block';
  key?: string;
  type: 'openapi-operation' | 'openapi-schemas';
  isVoid: true;
  data: { ref: OpenAPIRef; path?: string; method?: string; schemas?: string[]; grouped?: boolean };
}
export type ComputedBlock = BlockNode | OpenAPIBlock;
export interface ComputedDocument {
  object: 'document';
  data: { schemaVersion: 1 };
  nodes: ComputedBlock[];
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
const heading = (type: 'heading-1' | 'heading-2', value: string) => block(type, [text(value)], {});
/** Descriptions are CommonMark (OpenAPI says so): read with the server's markdown dialect. */
const markdown = (value: string | undefined): BlockNode[] => (value?.trim() ? markdownToDocument(value).nodes : []);

/**
 * Keys derived from the request's `seed` (the reference: "seed to use for the generation of
 * IDs"): one seed and one spec always give one document, and two seeds never share keys.
 */
function seeded(nodes: ComputedBlock[], seed: string): ComputedDocument {
  const prefix = hash(seed).slice(0, 8);
  let next = 0;
  const visit = (node: ComputedBlock | InlineNode | TextNode): void => {
    if (node.object === 'text') return;
    node.key = `${prefix}${(next++).toString(36)}`;
    if ('nodes' in node) node.nodes?.forEach(visit);
    if ('fragments' in node) node.fragments?.forEach((f) => f.nodes.forEach(visit));
  };
  nodes.forEach(visit);
  return { object: 'document', data: { schemaVersion: 1 }, nodes };
}

function infoNodes(api: ApiDocument): ComputedBlock[] {
  const info = apiInfo(api);
  const nodes: ComputedBlock[] = [heading('heading-1', info.title)];
  if (info.version) nodes.push(paragraph([text('Version '), text(info.version, ['code'])]));
  nodes.push(...markdown(info.description));
  if (info.servers.length) {
    const items = info.servers.map((s) => block('list-item', [paragraph([text(s.url, ['code']), ...(s.description ? [text(` — ${s.description}`)] : [])])]));
    nodes.push(heading('heading-2', info.servers.length === 1 ? 'Server' : 'Servers'), block('list-unordered', items, {}));
  }
  return nodes;
}

function operationNodes(api: ApiDocument, ref: OpenAPIRef, tagName: string): ComputedBlock[] {
  const tag = apiTags(api).find((t) => t.name === tagName);
  if (!tag) throw new BadRequest(`source.props.page: OpenAPI specification "${ref.spec}" has no operations tagged "${tagName}"`);
  const operations = operationsOf(api, tag.name).map((op): OpenAPIBlock => ({
    object: 'block',
    type: 'openapi-operation',
    isVoid: true,
    data: { ref, method: op.method, path: op.path },
  }));
  return [...markdown(tag.description), ...operations];
}

function modelNodes(api: ApiDocument, ref: OpenAPIRef): ComputedBlock[] {
  const schemas = schemaNames(api);
  if (!schemas.length) throw new BadRequest(`source.props.doc: OpenAPI specification "${ref.spec}" defines no models (components.schemas)`);
  return [{ object: 'block', type: 'openapi-schemas', isVoid: true, data: { ref, schemas, grouped: true } }];
}

/** getComputedDocument for `builtin:openapi`: the API's info, a tag's operations, or the models. */
export function openAPIDocument(api: ApiDocument, source: OpenAPIDocumentSource, seed: string): ComputedDocument {
  const { ref } = source.dependencies.spec;
  const props = source.props;
  const nodes = props.doc === 'models' ? modelNodes(api, ref) : props.doc === 'info' ? infoNodes(api) : operationNodes(api, ref, props.page);
  return seeded(nodes, seed);
}

/** A page of a computed revision: its body is itself computed (`computed`, `computedSeed`). */
export interface ComputedPagePlan {
  id: string;
  title: string;
  slug: string;
  computed: OpenAPIDocumentSource;
  computedSeed: string;
}

/** getComputedRevision for `builtin:openapi`: one page per tag with operations, then Models (props.models, when the spec has models). */
export function openAPIPages(api: ApiDocument, source: OpenAPIRevisionSource, seed: string): ComputedPagePlan[] {
  const { dependencies } = source;
  const pages: Array<[string, OpenAPIDocumentSource['props']]> = apiTags(api).map((t) => [t.name, { doc: 'operations', page: t.name }]);
  if (source.props.models && schemaNames(api).length) pages.push(['Models', { doc: 'models' }]);
  const slugs = new Set<string>();
  return pages.map(([title, props]) => {
    const base = slugify(title);
    let slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
    const computedSeed = `${seed}/${slug}`;
    return { id: hash(`${computedSeed}\0${title}`).slice(0, 20), title, slug, computed: { type: 'builtin:openapi', dependencies, props }, computedSeed };
  });
}
