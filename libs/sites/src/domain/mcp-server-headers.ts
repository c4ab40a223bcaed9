import { BadRequest } from '@app/platform';

/**
 * Headers an MCP server entry sends with its requests (reference SiteMcpServerHeaders). Their
 * values are secrets (API keys, bearer tokens): responses show every value as MASKED, and a
 * PATCH that sends MASKED back for a header keeps the stored value, so a client may round-trip
 * what it read without erasing the secrets.
 */
export const MASKED = '********';
export const MAX_HEADERS = 50;
export const HEADER_VALUE_MAX = 512;
/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,256}$/;
/** Tabs and printable characters: no CR/LF (header injection), no other control characters. */
const isHeaderValue = (v: string) => [...v].every((c) => c === '\t' || (c >= ' ' && c !== '\u007f'));

export type Headers = Record<string, string>;

/** The 400 for a headers map, naming the header: `headers.X-Api-Key: …`. */
export function headersProblem(v: unknown, field = 'headers'): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return `${field}: must be an object of header names to string values`;
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > MAX_HEADERS) return `${field}: at most ${MAX_HEADERS} headers`;
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    const f = `${field}.${name}`;
    // `__proto__` is a token too, but not a header, and as a key it would reach an object's prototype.
    if (!HEADER_NAME.test(name) || name === '__proto__')
      return `${f}: the name must be an HTTP header name (letters, digits and !#$%&'*+-.^_\`|~, at most 256)`;
    if (seen.has(name.toLowerCase())) return `${f}: the same header is given twice (names are case-insensitive)`;
    seen.add(name.toLowerCase());
    if (typeof value !== 'string' || value.length < 1 || value.length > HEADER_VALUE_MAX)
      return `${f}: must be a string of 1 to ${HEADER_VALUE_MAX} characters`;
    if (!isHeaderValue(value)) return `${f}: must not contain line breaks or control characters`;
  }
  return null;
}

export function checkHeaders(v: unknown, field = 'headers'): Headers {
  const problem = headersProblem(v, field);
  if (problem) throw new BadRequest(problem);
  return v as Headers;
}

/**
 * The headers after a PATCH: the given map replaces the stored one, except that a value equal
 * to MASKED keeps the stored value of that header (by name, case-insensitively); MASKED for a
 * header that has no stored value is refused, since there is no value to keep.
 */
export function mergeHeaders(stored: Headers, given: Headers): Headers {
  const byName = new Map(Object.entries(stored).map(([k, v]) => [k.toLowerCase(), v]));
  const out: Headers = {};
  for (const [name, value] of Object.entries(given)) {
    if (value !== MASKED) out[name] = value;
    else if (byName.has(name.toLowerCase())) out[name] = byName.get(name.toLowerCase())!;
    else throw new BadRequest(`headers.${name}: "${MASKED}" keeps a stored value, but this server has no header ${name}; send the value`);
  }
  return out;
}

/** What responses show: the names, each value masked. */
export const maskHeaders = (names: readonly string[]): Headers => Object.fromEntries(names.map((n) => [n, MASKED]));

export const sameHeaders = (a: Headers, b: Headers): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => Object.prototype.hasOwnProperty.call(b, k) && b[k] === v);
