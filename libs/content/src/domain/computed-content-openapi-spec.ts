/**
 * What computed OpenAPI pages read of a specification (OpenAPI 3.x or Swagger 2.0, already
 * validated by the openapi context): its tags with their operations, its models, its info.
 */
export type ApiDocument = Record<string, unknown>;

export interface ApiOperation {
  path: string;
  method: string;
}
export interface ApiTag {
  name: string;
  description?: string;
}

/** Operations without tags are listed under this tag, as Swagger UI shows them. */
export const UNTAGGED = 'default';
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** Every operation in document order (paths, then methods as the author wrote them), with its tags. */
function operations(api: ApiDocument): Array<ApiOperation & { tags: string[] }> {
  const out: Array<ApiOperation & { tags: string[] }> = [];
  for (const [path, item] of Object.entries(obj(api.paths)))
    for (const [method, op] of Object.entries(obj(item))) {
      if (!METHODS.has(method)) continue;
      const tags = Array.isArray(obj(op).tags) ? (obj(op).tags as unknown[]).filter((t): t is string => !!str(t)) : [];
      out.push({ path, method, tags: tags.length ? tags : [UNTAGGED] });
    }
  return out;
}

/**
 * The tags that have operations: the declared ones first, in their order, then those only
 * operations name, in order of first use. A declared tag without operations makes no page.
 */
export function apiTags(api: ApiDocument): ApiTag[] {
  const used = new Set(operations(api).flatMap((o) => o.tags));
  const declared = (Array.isArray(api.tags) ? api.tags : []).map(obj).filter((t) => str(t.name) && used.has(t.name as string));
  const tags: ApiTag[] = declared.map((t) => ({ name: t.name as string, ...(str(t.description) ? { description: t.description as string } : {}) }));
  for (const name of used) if (!tags.some((t) => t.name === name)) tags.push({ name });
  return tags;
}

export const operationsOf = (api: ApiDocument, tag: string): ApiOperation[] =>
  operations(api)
    .filter((o) => o.tags.includes(tag))
    .map(({ path, method }) => ({ path, method }));

/** Names of the reusable schemas: `components.schemas` (OpenAPI 3) or `definitions` (Swagger 2). */
export const schemaNames = (api: ApiDocument): string[] => Object.keys(obj(api.swagger ? api.definitions : obj(api.components).schemas));

export interface ApiInfo {
  title: string;
  version?: string;
  description?: string;
  servers: Array<{ url: string; description?: string }>;
}

export function apiInfo(api: ApiDocument): ApiInfo {
  const info = obj(api.info);
  const base = { title: str(info.title) ?? 'API', ...(str(info.version) ? { version: String(info.version) } : {}) };
  return { ...base, ...(str(info.description) ? { description: info.description as string } : {}), servers: servers(api) };
}

/** OpenAPI 3 `servers`; Swagger 2 `schemes` × `host` + `basePath`. */
function servers(api: ApiDocument): ApiInfo['servers'] {
  if (!api.swagger)
    return (Array.isArray(api.servers) ? api.servers : [])
      .map(obj)
      .filter((s) => str(s.url))
      .map((s) => ({ url: s.url as string, ...(str(s.description) ? { description: s.description as string } : {}) }));
  const host = str(api.host);
  const basePath = str(api.basePath) ?? '';
  if (!host) return basePath ? [{ url: basePath }] : [];
  const schemes = Array.isArray(api.schemes) && api.schemes.length ? (api.schemes as string[]) : ['https'];
  return schemes.map((scheme) => ({ url: `${scheme}://${host}${basePath}` }));
}
