import * as http from 'http';
import * as https from 'https';
import { Readable } from 'stream';
import * as zlib from 'zlib';
import { guardedLookup, isPrivateAddress, PrivateAddressRefused } from './network-guard';

export interface FetchLimits {
  /** The whole fetch, redirects and body included. */
  timeoutMs: number;
  /** Bytes of the body after decompression. */
  maxBytes: number;
  maxRedirects: number;
  allowPrivateNetworks: boolean;
}

export type FetchResult =
  { ok: true; bytes: Buffer; contentType: string | null; url: string } | { ok: false; code: 'FETCH_TIMEOUT' | 'FETCH_ERROR'; message: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A URL as messages show it: no credentials, no query (either may carry a secret). */
export const shownUrl = (u: URL) => `${u.protocol}//${u.host}${u.pathname}`;

class FetchFailure extends Error {}
class Timeout extends Error {}

/**
 * GET of a document from the outside: bounded in time, size and redirects, and kept off
 * private networks unless allowed. Never throws: a failure is a FETCH_TIMEOUT or FETCH_ERROR
 * with a message that says what happened and where (the URL without its query).
 */
export async function fetchDocument(url: string, limits: FetchLimits): Promise<FetchResult> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Timeout()), limits.timeoutMs);
  let current = new URL(url);
  try {
    for (let hop = 0; ; hop++) {
      const res = await get(current, limits, abort.signal);
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        res.destroy();
        if (hop >= limits.maxRedirects) throw new FetchFailure(`${shownUrl(current)} redirected more than ${limits.maxRedirects} times`);
        const next = new URL(location, current);
        if (!/^https?:$/.test(next.protocol)) throw new FetchFailure(`${shownUrl(current)} redirected to a ${next.protocol} URL; only http(s) is fetched`);
        current = next;
        continue;
      }
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 299) {
        res.destroy();
        throw new FetchFailure(`GET ${shownUrl(current)} answered ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`);
      }
      const bytes = await body(res, limits.maxBytes, current);
      return { ok: true, bytes, contentType: res.headers['content-type'] ?? null, url: current.toString() };
    }
  } catch (e) {
    const reason: unknown = abort.signal.aborted ? abort.signal.reason : e;
    if (reason instanceof Timeout)
      return { ok: false, code: 'FETCH_TIMEOUT', message: `${shownUrl(current)} did not answer in full within ${limits.timeoutMs} ms` };
    return { ok: false, code: 'FETCH_ERROR', message: describe(reason, current) };
  } finally {
    clearTimeout(timer);
  }
}

function get(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<http.IncomingMessage> {
  if (!limits.allowPrivateNetworks && isPrivateAddress(url.hostname)) return Promise.reject(new PrivateAddressRefused(url.hostname));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      signal,
      agent: false,
      ...(limits.allowPrivateNetworks ? {} : { lookup: guardedLookup }),
      headers: {
        accept: 'application/json, application/yaml, application/x-yaml, text/yaml, text/plain;q=0.9, */*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': 'docs-platform-api (OpenAPI fetch)',
      },
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

/** The body, decompressed, refused past `maxBytes` (also a compressed body that inflates past it). */
async function body(res: http.IncomingMessage, maxBytes: number, url: URL): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (!encoding.includes('gzip') && !encoding.includes('deflate') && !encoding.includes('br') && declared > maxBytes) {
    res.destroy();
    throw new FetchFailure(tooLarge(url, maxBytes));
  }
  let stream: Readable = res;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = res.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = res.pipe(zlib.createBrotliDecompress());
  else if (encoding !== 'identity') {
    res.destroy();
    throw new FetchFailure(`${shownUrl(url)} answered with an unsupported Content-Encoding "${encoding}"`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new FetchFailure(tooLarge(url, maxBytes));
      chunks.push(chunk as Buffer);
    }
  } finally {
    res.destroy();
    if (stream !== res) stream.destroy();
  }
  return Buffer.concat(chunks);
}

const tooLarge = (url: URL, maxBytes: number) => `${shownUrl(url)} is larger than ${maxBytes} bytes (FETCH_MAX_BYTES)`;

function describe(e: unknown, url: URL): string {
  if (e instanceof FetchFailure) return e.message;
  if (e instanceof PrivateAddressRefused) return `${shownUrl(url)}: ${e.message}`;
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${shownUrl(url)}: host ${url.hostname} not found`;
  if (code === 'ECONNREFUSED') return `${shownUrl(url)}: connection refused`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return `${shownUrl(url)}: the connection was closed before the answer was complete`;
  if (code === 'Z_DATA_ERROR' || code === 'ERR_BROTLI_DECOMPRESSION_FAILED' || code === 'Z_BUF_ERROR')
    return `${shownUrl(url)}: the compressed body is corrupt`;
  if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return `${shownUrl(url)}: TLS certificate problem (${code})`;
  return `${shownUrl(url)}: ${code ?? (e instanceof Error ? e.message : String(e))}`;
}
