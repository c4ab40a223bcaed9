import type { OpenAPIObject } from '@nestjs/swagger';
import { componentAt, ComponentImporter, refsOf } from './component-importer';
import { DtoSchemas } from './dto-schemas';
import type { NestDescription, NestRoute } from './nest-routes';
import type { Components, OperationObject, ParameterObject, PathItemObject } from './openapi-objects';
import { loadReference, operationKey, Reference } from './reference-specs';
import { addServiceAdditions } from './service-additions';
import { ownOperation, parameterKey, serviceParts, sharedOperation } from './service-operations';
import { upgradeSchemasTo31 } from './schema-upgrade';

export const REFERENCE_PRIMARY = '0.146.0';
export const REFERENCE_NEWER = '0.202.0';

const DESCRIPTION = `The management API of a self-hosted, event-sourced documentation platform.

Operations it shares with GitBook's API keep the reference's operation id, tags, parameters and
schemas (\`@gitbook/api\` ${REFERENCE_PRIMARY}, or ${REFERENCE_NEWER} for those only the newer one has), marked
\`x-gitbook-reference\` with that version; parameters and responses this server adds to them
(\`asOf\`, \`If-Match\`/\`ETag\`, \`Idempotency-Key\`…) are listed beside the reference's. Operations only
this server has are marked \`x-docs-platform: {own: true}\`.

Generated at startup from the server's routes and request DTOs: every route it answers, and only those.`;

/** The server's own OpenAPI 3.1 document, from its routes and the GitBook references. */
export function assembleServiceDocument(nest: NestDescription, version: string): OpenAPIObject {
  const references = [loadReference('@gitbook/api', REFERENCE_PRIMARY, ''), loadReference('gitbook-api-0-202', REFERENCE_NEWER, '_v0_202')];
  const components: Components = {};
  const importer = new ComponentImporter(components, references[0]);
  const dtos = new DtoSchemas();
  const matchOf = (route: NestRoute) => {
    for (const reference of references) {
      const operation = reference.operations.get(operationKey(route.method, route.path));
      if (operation) return { reference, operation };
    }
    return undefined;
  };
  const rank = (route: NestRoute) => {
    const match = matchOf(route);
    return match ? references.indexOf(match.reference) : references.length;
  };
  // Everything this server writes itself, whose component names give way to the references'.
  const ownFragments: object[] = [];
  const operations = new Map<NestRoute, OperationObject>();
  // The primary reference's operations first: its components keep their names.
  for (const route of [...nest.routes].sort((a, b) => rank(a) - rank(b))) {
    const parts = serviceParts(route, dtos);
    ownFragments.push(parts);
    const match = matchOf(route);
    if (!match) {
      operations.set(route, ownOperation(route, parts));
      continue;
    }
    const { reference, operation } = match;
    const imported = importer.import({ parameters: operation.parameters, requestBody: operation.requestBody, responses: operation.responses }, reference);
    const keys = new Set((operation.parameters ?? []).map((p) => parameterKey((p.$ref ? componentAt(reference.doc, p.$ref) : p) as ParameterObject)));
    operations.set(route, sharedOperation(route, { ...operation, ...imported }, keys, reference.version, parts));
  }
  addOwnComponents(components, { ...nest.components, schemas: { ...nest.components.schemas, ...dtos.all() } }, ownFragments);

  const paths: Record<string, PathItemObject> = {};
  for (const route of nest.routes) (paths[route.path] ??= {})[route.method] = operations.get(route)!;
  const doc = {
    openapi: '3.1.0',
    info: { title: 'docs-platform API', version, description: DESCRIPTION, license: { name: 'Apache-2.0', identifier: 'Apache-2.0' } },
    security: [{ bearerAuth: [] }],
    tags: tagsOf([...operations.values()], references),
    paths,
    ...(Object.keys(nest.webhooks).length ? { webhooks: nest.webhooks } : {}),
    components: {
      ...reachable(components, { paths, webhooks: nest.webhooks }),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token: `Authorization: Bearer <token>`.' },
      },
    },
  };
  upgradeSchemasTo31(doc);
  return addServiceAdditions(doc as unknown as OpenAPIObject);
}

/**
 * Adds this server's own components (DTO schemas, what @Api… decorators declared) to the
 * document. A name a reference already uses for something else is numbered, and the `$ref`s
 * of this server's fragments follow.
 */
export function addOwnComponents(target: Components, own: Components, fragments: object[]): void {
  const renames = new Map<string, string>();
  for (const [kind, bucket] of Object.entries(own)) {
    for (const [name, value] of Object.entries(bucket)) {
      const taken = (n: string) => target[kind]?.[n] !== undefined && JSON.stringify(target[kind][n]) !== JSON.stringify(value);
      let local = name;
      for (let i = 2; taken(local); i++) local = `${name}_${i}`;
      if (local !== name) renames.set(`#/components/${kind}/${name}`, `#/components/${kind}/${local}`);
    }
  }
  const rewrite = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(rewrite);
    if (typeof value !== 'object' || value === null) return;
    const node = value as Record<string, unknown>;
    if (typeof node.$ref === 'string' && renames.has(node.$ref)) node.$ref = renames.get(node.$ref);
    Object.values(node).forEach(rewrite);
  };
  rewrite(fragments);
  rewrite(own);
  for (const [kind, bucket] of Object.entries(own))
    for (const [name, value] of Object.entries(bucket)) {
      const local = renames.get(`#/components/${kind}/${name}`)?.split('/').pop() ?? name;
      (target[kind] ??= {})[local] = value;
    }
}

/** The components `root` reaches, transitively (placeholders @nestjs/swagger made for DTOs fall out). */
function reachable(components: Components, root: object): Components {
  const keep = new Set<string>();
  const queue = refsOf(root);
  while (queue.length) {
    const ref = queue.pop()!;
    if (keep.has(ref)) continue;
    keep.add(ref);
    refsOf(componentAt({ components }, ref), queue);
  }
  const out: Components = {};
  for (const [kind, bucket] of Object.entries(components))
    for (const [name, value] of Object.entries(bucket)) if (keep.has(`#/components/${kind}/${name}`)) (out[kind] ??= {})[name] = value;
  return out;
}

/** The tags the operations use, in order, described as the references describe them. */
function tagsOf(operations: OperationObject[], references: Reference[]): Array<Record<string, unknown>> {
  const described = new Map<string, Record<string, unknown>>();
  for (const reference of references)
    for (const tag of reference.doc.tags ?? [])
      if (!described.has(tag.name)) described.set(tag.name, { name: tag.name, ...(tag.description ? { description: tag.description } : {}) });
  const names = [...new Set(operations.flatMap((o) => o.tags ?? []))];
  return names.map((name) => described.get(name) ?? { name, description: `Operations of this server's ${name} context.` });
}
