import { OWN_ADDITION } from '@app/platform';

/*
 * The slice of an OpenAPI 3.1 document the service additions read and write. Every object may
 * carry more than is typed here (extensions, the reference's fields): the additions add to
 * objects, they never rebuild them.
 */
export type Json = Record<string, unknown>;
export interface Ref {
  $ref: string;
}
export interface Parameter extends Json {
  name?: string;
  in?: string;
}
export interface Response extends Json {
  description?: string;
  headers?: Record<string, Json | Ref>;
  content?: Record<string, Json>;
}
export interface Operation extends Json {
  parameters?: (Parameter | Ref)[];
  responses?: Record<string, Response | Ref>;
  security?: unknown[];
}
export interface Components extends Json {
  schemas?: Record<string, Json>;
  parameters?: Record<string, Parameter>;
  headers?: Record<string, Json>;
  responses?: Record<string, Response>;
}
export interface Document extends Json {
  info: Json & { description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: Components;
  webhooks?: Record<string, Record<string, Operation>>;
}

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export const WRITES = new Set(['post', 'put', 'patch', 'delete']);

export interface Located {
  path: string;
  method: string;
  operation: Operation;
}

/** Every operation of the document, with its path and (lower-case) method. */
export function operationsOf(doc: Document): Located[] {
  const out: Located[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) out.push({ path, method, operation });
    }
  }
  return out;
}

export const isRef = (o: unknown): o is Ref => typeof o === 'object' && o !== null && typeof (o as Ref).$ref === 'string';

/** A `#/components/<kind>/<name>` reference resolved in `doc` (undefined when it points elsewhere). */
export function resolve<T>(doc: Document, o: T | Ref): T | undefined {
  if (!isRef(o)) return o;
  const m = /^#\/components\/([A-Za-z]+)\/([^/]+)$/.exec(o.$ref);
  return m ? ((doc.components?.[m[1]] as Record<string, T> | undefined)?.[m[2]] ?? undefined) : undefined;
}

/** The parameter `name` in `location` of an operation, resolving references (header names compare case-insensitively). */
export function findParameter(doc: Document, op: Operation, name: string, location: string): Parameter | undefined {
  const same = (a: string | undefined) => (location === 'header' ? a?.toLowerCase() === name.toLowerCase() : a === name);
  return (op.parameters ?? []).map((p) => resolve(doc, p)).find((p): p is Parameter => !!p && p.in === location && same(p.name));
}

/** Adds a parameter unless the operation has one of that name and location already. */
export function addParameter(doc: Document, op: Operation, name: string, location: string, parameter: Parameter | Ref): void {
  if (findParameter(doc, op, name, location)) return;
  (op.parameters ??= []).push(parameter);
}

/** Adds a response for `status` unless the operation documents that status already. */
export function addResponse(op: Operation, status: string, response: Response | Ref): void {
  const responses = (op.responses ??= {});
  if (!(status in responses)) responses[status] = response;
}

/** Marks an object (a parameter, a response, a media type) as this server's addition. */
export function markOwn<T extends Json>(o: T): T {
  return Object.assign(o, structuredClone(OWN_ADDITION));
}

/** Adds a header to a response unless it has it; `$ref`'d responses are components, handled once where they are defined. */
export function addHeader(response: Response | Ref, name: string, header: Json | Ref): void {
  if (isRef(response)) return;
  const headers = (response.headers ??= {});
  if (!Object.keys(headers).some((h) => h.toLowerCase() === name.toLowerCase())) headers[name] = header;
}

/** A component, created when absent (an existing one of that name is kept). */
export function ensureComponent<T extends Json>(doc: Document, kind: 'schemas' | 'parameters' | 'headers' | 'responses', name: string, value: T): Ref {
  const components = (doc.components ??= {});
  const bucket = (components[kind] ??= {}) as Record<string, Json>;
  if (!(name in bucket)) bucket[name] = value;
  return { $ref: `#/components/${kind}/${name}` };
}
