import { STATUS_CODES } from 'http';
import { DtoSchemas } from './dto-schemas';
import type { NestRoute } from './nest-routes';
import type { OperationObject, ParameterObject, RequestBodyObject, ResponseObject } from './openapi-objects';
import { ownOperationId } from './operation-ids';

/** What this server itself says of a route: parameters, body and responses. */
export interface ServiceParts {
  parameters: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject>;
}

export const parameterKey = (p: ParameterObject): string => `${p.in} ${p.in === 'header' ? String(p.name).toLowerCase() : p.name}`;

const QUERY_FIELD_TYPES = new Map<unknown, string>([
  [Number, 'number'],
  [Boolean, 'boolean'],
]);

/**
 * A route's parameters, body and responses as this server describes them: what the @Api…
 * decorators declared (through @nestjs/swagger) first, then every path parameter of the
 * template, every property of its `@Query()` DTOs and its `@Body()` DTO's schema.
 */
export function serviceParts(route: NestRoute, dtos: DtoSchemas): ServiceParts {
  const declared = route.operation.parameters ?? [];
  const parameters: ParameterObject[] = [];
  const seen = new Set<string>();
  const add = (p: ParameterObject) => {
    if (seen.has(parameterKey(p))) return;
    seen.add(parameterKey(p));
    parameters.push(p);
  };
  for (const [, name] of route.path.matchAll(/\{([^}]+)\}/g))
    add(declared.find((p) => p.in === 'path' && p.name === name) ?? { name, in: 'path', required: true, schema: { type: 'string' } });
  // Declared path parameters the template lacks are left out: they would make the document invalid.
  for (const p of declared) if (p.in !== 'path') add(p);
  for (const dto of route.queries) {
    const schema = dtos.schemaOf(dto) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      add({ name, in: 'query', ...(schema.required?.includes(name) ? { required: true } : {}), schema: property });
  }
  for (const { name, type } of route.queryFields) add({ name, in: 'query', schema: { type: QUERY_FIELD_TYPES.get(type) ?? 'string' } });

  let requestBody = route.operation.requestBody;
  if (route.body) {
    const schema = dtos.refTo(route.body);
    const required = ((dtos.schemaOf(route.body) as { required?: string[] }).required ?? []).length > 0;
    // The media types @ApiConsumes declared, else JSON.
    const declaredTypes = Object.keys(requestBody?.content ?? {});
    const mediaTypes = declaredTypes.length ? declaredTypes : ['application/json'];
    requestBody = { ...(required ? { required: true } : {}), content: Object.fromEntries(mediaTypes.map((t) => [t, { schema }])) };
  }
  const responses: Record<string, ResponseObject> = {};
  for (const [status, response] of Object.entries(route.operation.responses ?? {}))
    responses[status] = { ...response, description: response.description || STATUS_CODES[Number(status)] || 'Response' };
  if (!Object.keys(responses).some((s) => /^[23]/.test(s))) {
    const status = route.method === 'post' ? 201 : 200;
    responses[status] = { description: STATUS_CODES[status]! };
  }
  return { parameters, requestBody, responses };
}

/** Whether @nestjs/swagger wrote this response on its own (no @ApiResponse declared it). */
const isDefaultResponse = (r: ResponseObject): boolean => !r.description && !r.content && !r.headers && !r.$ref;

/** The operation of a route only this server has: its own id, its context's tag, marked as such. */
export function ownOperation(route: NestRoute, parts: ServiceParts): OperationObject {
  // What @nestjs/swagger read from @Api… decorators (summary, description, extensions) stays.
  const { operationId, tags, parameters, requestBody, responses, ...declared } = route.operation;
  const explicitId = typeof operationId === 'string' && !operationId.includes('#');
  return {
    ...declared,
    operationId: explicitId ? operationId : ownOperationId(route.method, route.path),
    tags: tags?.length ? tags : [route.context],
    ...(parts.parameters.length ? { parameters: parts.parameters } : {}),
    ...(parts.requestBody ? { requestBody: parts.requestBody } : {}),
    responses: parts.responses,
    ...(route.isPublic ? { security: [] } : {}),
    'x-docs-platform': { own: true },
  };
}

/**
 * A route shared with a GitBook reference: the reference's operation (its components already
 * imported), with the parameters and responses this server adds to it (`asOf`, `If-Match`,
 * `Idempotency-Key`, 304, 412…). The reference's `security` names its own schemes; the
 * document's bearer scheme applies instead.
 */
export function sharedOperation(
  route: NestRoute,
  reference: OperationObject,
  referenceParameterKeys: Set<string>,
  version: string,
  parts: ServiceParts,
): OperationObject {
  const responses: Record<string, ResponseObject> = { ...reference.responses };
  for (const [status, response] of Object.entries(route.operation.responses ?? {})) {
    if (isDefaultResponse(response)) continue;
    const theirs = responses[status];
    if (!theirs) responses[status] = parts.responses[status];
    // Same status: the reference's answer, plus the media types only this server offers (the
    // audit list's NDJSON export), with a description that says so.
    else if (!theirs.$ref) {
      const known = (theirs.content ?? {}) as Record<string, unknown>;
      const extra = Object.entries((parts.responses[status].content ?? {}) as Record<string, unknown>).filter(([type]) => !(type in known));
      if (extra.length > 0)
        responses[status] = {
          ...theirs,
          description: `${theirs.description ?? ''} ${parts.responses[status].description ?? ''}`.trim(),
          content: { ...known, ...Object.fromEntries(extra) },
        };
    }
  }
  const requestBody = reference.requestBody ?? parts.requestBody;
  return {
    operationId: reference.operationId,
    ...(reference.tags ? { tags: reference.tags } : {}),
    ...(reference.summary ? { summary: reference.summary } : {}),
    ...(reference.description ? { description: reference.description } : {}),
    ...(reference.deprecated ? { deprecated: true } : {}),
    parameters: [...(reference.parameters ?? []), ...parts.parameters.filter((p) => !referenceParameterKeys.has(parameterKey(p)))],
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...(route.isPublic ? { security: [] } : {}),
    'x-gitbook-reference': version,
  };
}
