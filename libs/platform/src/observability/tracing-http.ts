import type { Attributes, Span } from '@opentelemetry/api';
import type { IncomingMessage } from 'http';
import type { HttpInstrumentationConfig } from '@opentelemetry/instrumentation-http';

/** Probes and scrapes, every few seconds each: traces of them would drown the rest. */
const UNTRACED = /^\/(health\/(live|ready)|metrics)(?:[/?]|$)/;

/** Route parameters that are credentials (signed URLs carry their token in the path). */
const SECRET_PARAM = /:\w*(token|secret|signature|key)\b/i;

/** The query with its parameter names only: values may be share keys or visitor tokens. */
export function queryNames(url: string | undefined): string | undefined {
  const q = url?.indexOf('?') ?? -1;
  if (q < 0) return undefined;
  return [...new URLSearchParams(url!.slice(q + 1)).keys()].map((k) => `${encodeURIComponent(k)}=REDACTED`).join('&');
}

/** scheme://host[:port] of an outgoing request: a webhook's or a git remote's path may be its secret. */
export function originOf(options: { protocol?: string | null; host?: string | null; hostname?: string | null; port?: string | number | null }): string {
  const host = options.hostname ?? options.host ?? 'localhost';
  return `${options.protocol ?? 'http:'}//${host}${options.port ? `:${options.port}` : ''}`;
}

/** The route template Express matched (`/v1/spaces/:spaceId`), if a route matched. */
export function matchedRoute(request: unknown): string | undefined {
  const route = (request as { route?: { path?: unknown } }).route?.path;
  return typeof route === 'string' ? route : undefined;
}

/**
 * Names the request span `METHOD /route/template` once the response is done (ids never in a
 * span name), sets `http.route`, and replaces a path that carries a credential by its template.
 */
export function nameByRoute(span: Span, request: unknown): void {
  const route = matchedRoute(request);
  if (!route) return;
  span.setAttribute('http.route', route);
  span.updateName(`${(request as IncomingMessage).method ?? 'GET'} ${route}`);
  if (SECRET_PARAM.test(route)) span.setAttribute('url.path', route);
}

/** The HTTP instrumentation's settings: what is traced, and what of it is kept. */
export const httpTracing: HttpInstrumentationConfig = {
  ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ''),
  startIncomingSpanHook: (req): Attributes => {
    const query = queryNames(req.url);
    return query === undefined ? {} : { 'url.query': query };
  },
  startOutgoingSpanHook: (options): Attributes => ({ 'url.full': originOf(options) }),
  // Called for client spans too (request: a ClientRequest, which has no `route`).
  applyCustomAttributesOnSpan: (span, request) => nameByRoute(span, request),
};
