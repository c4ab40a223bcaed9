import { PrivateAddressRefused } from './network-guard';

/**
 * Why an outbound fetch gave no answer. Callers map these to their own vocabulary (OpenAPI:
 * FETCH_TIMEOUT or FETCH_ERROR; embeds: the bare link; JWKS: jose's errors).
 */
export type OutboundFailureKind =
  | 'timeout' // the deadline passed (ours, or the caller's AbortSignal.timeout)
  | 'aborted' // the caller aborted for another reason
  | 'private-network' // a loopback, private or link-local target (literal or DNS answer)
  | 'scheme' // not http(s), first URL or a redirect
  | 'redirects' // more redirects than allowed
  | 'status' // an answer outside 2xx (after redirects)
  | 'too-large' // the body is larger than allowed (overflow 'fail')
  | 'encoding' // an unsupported Content-Encoding, or a corrupt compressed body
  | 'network'; // DNS, connection, TLS

export interface OutboundFailure {
  ok: false;
  kind: OutboundFailureKind;
  /** What happened and where: the URL without credentials or query (either may carry a secret). */
  message: string;
  /** The status of a 'status' failure. */
  status?: number;
}

/** A URL as messages show it: no credentials, no query, no fragment. */
export const shownUrl = (u: URL): string => `${u.protocol}//${u.host}${u.pathname}`;

/** A failure decided by the client itself (not thrown by the network). */
export class OutboundRefusal extends Error {
  constructor(
    readonly kind: OutboundFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The failure for an error thrown while fetching `url` (not a timeout or abort: those are classified first). */
export function failureOf(e: unknown, url: URL): OutboundFailure {
  if (e instanceof OutboundRefusal) return { ok: false, kind: e.kind, message: e.message, ...(e.status !== undefined ? { status: e.status } : {}) };
  const at = shownUrl(url);
  if (e instanceof PrivateAddressRefused) return { ok: false, kind: 'private-network', message: `${at}: ${e.message}` };
  const code = (e as NodeJS.ErrnoException)?.code;
  const network = (message: string): OutboundFailure => ({ ok: false, kind: 'network', message: `${at}: ${message}` });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return network(`host ${url.hostname} not found`);
  if (code === 'ECONNREFUSED') return network('connection refused');
  if (code === 'ECONNRESET' || code === 'EPIPE') return network('the connection was closed before the answer was complete');
  if (code === 'Z_DATA_ERROR' || code === 'ERR_BROTLI_DECOMPRESSION_FAILED' || code === 'Z_BUF_ERROR')
    return { ok: false, kind: 'encoding', message: `${at}: the compressed body is corrupt` };
  if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return network(`TLS certificate problem (${code})`);
  return network(code ?? (e instanceof Error ? e.message : String(e)));
}
