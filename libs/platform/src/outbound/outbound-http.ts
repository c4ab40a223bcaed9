import * as http from 'http';
import * as https from 'https';
import { PlatformConfig } from '../config/platform-config';
import { OutboundGuard, PrivateAddressRefused, type Resolve } from './network-guard';
import { failureOf, OutboundFailure, OutboundRefusal, shownUrl } from './outbound-failure';
import { readBody } from './response-body';

export interface OutboundRequest {
  /** Names the caller in the User-Agent, `docs-platform-api (<purpose>)`. */
  purpose: string;
  /** The Accept header; `*∕*` when not given. */
  accept?: string;
  /** Bytes of the body after decompression; FETCH_MAX_BYTES when not given, never more. */
  maxBytes?: number;
  /**
   * Past maxBytes: 'fail' (a document must be whole: a 'too-large' failure) or 'truncate' (a
   * page's head is enough: the first maxBytes, `complete: false`). Default 'fail'.
   */
  overflow?: 'fail' | 'truncate';
  /** A tighter deadline than FETCH_TIMEOUT_MS for the whole fetch, redirects and body included. */
  timeoutMs?: number;
  /** Fewer redirects than FETCH_MAX_REDIRECTS (0: none followed). */
  maxRedirects?: number;
  /** The caller's own deadline or cancellation, e.g. one shared by several fetches. */
  signal?: AbortSignal;
  /** Lower case ASCII marker (e.g. `</head`): reading stops with the chunk it arrives in, `complete: false`. */
  stopAfter?: string;
}

/** A request with a method, headers and a body (webhook deliveries, git's smart HTTP). */
export interface OutboundSend extends OutboundRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as given; `authorization` and `cookie` are dropped on a redirect to another origin. */
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface OutboundResponse {
  ok: true;
  /** The URL that answered, after redirects, without credentials. */
  url: string;
  status: number;
  contentType: string | null;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** False when the body was cut at maxBytes (overflow 'truncate') or at `stopAfter`. */
  complete: boolean;
}

export type OutboundResult = OutboundResponse | OutboundFailure;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTTP = /^https?:$/;
/** Dropped when a redirect leaves the origin, as fetch does: they belong to the first host. */
const ORIGIN_BOUND = ['authorization', 'cookie', 'proxy-authorization'];
class Deadline extends Error {}

/**
 * The one way this server requests a URL someone else chose (an OpenAPI spec, a page to embed, a
 * site's JWKS, a webhook, a git remote): http(s) only, never the credentials of the URL, bounded
 * by one deadline (FETCH_TIMEOUT_MS or tighter), a byte limit (FETCH_MAX_BYTES or lower) and a
 * redirect bound (FETCH_MAX_REDIRECTS or lower) with every hop checked again, and kept off
 * loopback, private, link-local and metadata addresses unless OUTBOUND_ALLOWED_HOSTS lists the
 * host (the network guard): literals and metadata names before connecting, names on the very
 * addresses dialled. Never throws: a failure is a typed result whose message names the URL
 * without its query. The settings are read at each call, so a changed config applies.
 */
export class OutboundHttp {
  /** Pooled keep-alive connections, for a caller that sends many requests to the same hosts (webhooks). */
  private readonly agents: { http: http.Agent; https: https.Agent } | null;

  /**
   * `resolve`: the DNS the guard asks (tests answer for it). `keepAlive`: connections are
   * pooled per host; each is still opened through the guarded lookup (a pooled one keeps the
   * address that was checked), and a response not read to its end closes its connection.
   */
  constructor(
    private readonly config: PlatformConfig,
    private readonly resolve?: Resolve,
    options: { keepAlive?: boolean; maxSocketsPerHost?: number } = {},
  ) {
    const pool = { keepAlive: true, maxSockets: options.maxSocketsPerHost ?? 8, maxFreeSockets: options.maxSocketsPerHost ?? 8, scheduling: 'lifo' as const };
    this.agents = options.keepAlive ? { http: new http.Agent(pool), https: new https.Agent(pool) } : null;
  }

  /** Closes the pooled connections (a caller with keepAlive calls this when it stops). */
  close(): void {
    this.agents?.http.destroy();
    this.agents?.https.destroy();
  }

  get(url: string | URL, request: OutboundRequest): Promise<OutboundResult> {
    return this.send(url, { ...request, method: 'GET' });
  }

  async send(url: string | URL, request: OutboundSend): Promise<OutboundResult> {
    const { fetchTimeoutMs, fetchMaxBytes, fetchMaxRedirects } = this.config;
    const guard = new OutboundGuard(this.config.outboundAllowedHosts, this.resolve);
    const timeoutMs = Math.min(request.timeoutMs ?? fetchTimeoutMs, fetchTimeoutMs);
    const maxBytes = Math.min(request.maxBytes ?? fetchMaxBytes, fetchMaxBytes);
    const maxRedirects = Math.min(request.maxRedirects ?? fetchMaxRedirects, fetchMaxRedirects);
    let current: URL;
    try {
      current = new URL(url);
    } catch {
      return { ok: false, kind: 'scheme', message: 'only absolute http(s) URLs are fetched' };
    }
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Deadline()), timeoutMs);
    const callerAborted = () => abort.abort(request.signal!.reason);
    if (request.signal?.aborted) callerAborted();
    else request.signal?.addEventListener('abort', callerAborted, { once: true });
    let hopRequest: OutboundSend = request;
    try {
      if (!HTTP.test(current.protocol)) throw new OutboundRefusal('scheme', `only http(s) URLs are fetched, not ${current.protocol}`);
      for (let hop = 0; ; hop++) {
        // Never sent: they belong to whoever typed the URL, not to the host (nor to a redirect's).
        current.username = '';
        current.password = '';
        const res = await this.dial(current, hopRequest, abort.signal, guard);
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (REDIRECTS.has(status) && location) {
          res.destroy();
          if (hop >= maxRedirects) throw new OutboundRefusal('redirects', `${shownUrl(current)} redirected more than ${maxRedirects} times`);
          const next = URL.canParse(location, current.href) ? new URL(location, current) : null;
          if (!next || !HTTP.test(next.protocol))
            throw new OutboundRefusal('scheme', `${shownUrl(current)} redirected to a ${next?.protocol ?? 'malformed'} URL; only http(s) is fetched`);
          hopRequest = redirected(hopRequest, status, next.origin !== current.origin);
          current = next;
          continue;
        }
        if (status < 200 || status > 299) {
          res.destroy();
          throw new OutboundRefusal(
            'status',
            `${hopRequest.method} ${shownUrl(current)} answered ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`,
            status,
          );
        }
        const limitName = maxBytes === fetchMaxBytes ? 'FETCH_MAX_BYTES' : undefined;
        const { body, complete } = await readBody(res, current, { maxBytes, overflow: request.overflow ?? 'fail', stopAfter: request.stopAfter, limitName });
        return { ok: true, url: current.href, status, contentType: res.headers['content-type'] ?? null, headers: res.headers, body, complete };
      }
    } catch (e) {
      if (abort.signal.aborted) return abortFailure(abort.signal.reason, current, timeoutMs);
      return failureOf(e, current);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', callerAborted);
    }
  }

  private dial(url: URL, request: OutboundSend, signal: AbortSignal, guard: OutboundGuard): Promise<http.IncomingMessage> {
    if (guard.refusesHost(url.hostname)) return Promise.reject(new PrivateAddressRefused(url.hostname));
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(url, {
        method: request.method,
        signal,
        // Unpooled by default: closing a connection stops its download. Pooled or not, every
        // connection is opened through the guarded lookup.
        agent: this.agents ? (url.protocol === 'https:' ? this.agents.https : this.agents.http) : false,
        lookup: guard.lookup,
        headers: {
          accept: request.accept ?? '*/*',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': `docs-platform-api (${request.purpose})`,
          ...request.headers,
        },
      });
      req.once('response', resolve);
      req.once('error', reject);
      req.end(request.body);
    });
  }
}

/**
 * The request a redirect asks for: 301/302/303 turn a POST into a body-less GET (as browsers
 * and fetch do), 307/308 repeat it; credentials never follow the request to another origin.
 */
function redirected(request: OutboundSend, status: number, crossOrigin: boolean): OutboundSend {
  const asGet = status === 303 ? request.method !== 'HEAD' : (status === 301 || status === 302) && request.method === 'POST';
  let headers = request.headers;
  if (headers && (crossOrigin || asGet))
    headers = Object.fromEntries(
      Object.entries(headers).filter(([k]) => !(crossOrigin && ORIGIN_BOUND.includes(k.toLowerCase())) && !(asGet && /^content-/i.test(k))),
    );
  return asGet ? { ...request, method: 'GET', body: undefined, headers } : { ...request, headers };
}

function abortFailure(reason: unknown, url: URL, timeoutMs: number): OutboundFailure {
  if (reason instanceof Deadline) return { ok: false, kind: 'timeout', message: `${shownUrl(url)} did not answer in full within ${timeoutMs} ms` };
  // AbortSignal.timeout() aborts with a TimeoutError: the caller's deadline, a timeout all the same.
  if ((reason as Error | undefined)?.name === 'TimeoutError')
    return { ok: false, kind: 'timeout', message: `${shownUrl(url)} did not answer in full before the caller's deadline` };
  return { ok: false, kind: 'aborted', message: `${shownUrl(url)}: the fetch was cancelled` };
}
