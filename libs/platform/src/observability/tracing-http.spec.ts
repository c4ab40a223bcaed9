import type { Span } from '@opentelemetry/api';
import type { IncomingMessage } from 'http';
import { httpTracing, nameByRoute, originOf, queryNames } from './tracing-http';

/** A span that records what is set on it. */
function recording() {
  const set: { name?: string; attributes: Record<string, unknown> } = { attributes: {} };
  const span = {
    setAttribute: (k: string, v: unknown) => ((set.attributes[k] = v), span),
    updateName: (n: string) => ((set.name = n), span),
  };
  return { span: span as unknown as Span, set };
}

describe('what the HTTP spans keep', () => {
  it('names a request by the route it matched and sets http.route; ids stay out of the name', () => {
    const { span, set } = recording();
    nameByRoute(span, { method: 'PATCH', route: { path: '/v1/spaces/:spaceId' } });
    expect(set).toEqual({ name: 'PATCH /v1/spaces/:spaceId', attributes: { 'http.route': '/v1/spaces/:spaceId' } });
  });

  it('leaves a request that matched no route (or a client request) as the instrumentation named it', () => {
    const { span, set } = recording();
    nameByRoute(span, { method: 'GET' });
    nameByRoute(span, { method: 'GET', route: {} });
    expect(set).toEqual({ attributes: {} });
  });

  it('replaces a path that carries a signed token by its template', () => {
    const { span, set } = recording();
    nameByRoute(span, { method: 'GET', route: { path: '/v1/content/files/:token' } });
    expect(set.attributes).toEqual({ 'http.route': '/v1/content/files/:token', 'url.path': '/v1/content/files/:token' });
  });

  it('keeps the names of query parameters, never their values (share keys, visitor tokens)', () => {
    expect(queryNames('/v1/sites/s1?shareKey=secret&limit=5&a%20b=1')).toBe('shareKey=REDACTED&limit=REDACTED&a%20b=REDACTED');
    expect(queryNames('/v1/spaces/s1')).toBeUndefined();
    expect(httpTracing.startIncomingSpanHook!({ url: '/v1/x?visitorAuthToken=t' } as IncomingMessage)).toEqual({ 'url.query': 'visitorAuthToken=REDACTED' });
    expect(httpTracing.startIncomingSpanHook!({ url: '/v1/x' } as IncomingMessage)).toEqual({});
  });

  it('keeps only the origin of an outgoing request (a webhook URL or git remote path may be its secret)', () => {
    expect(originOf({ protocol: 'https:', hostname: 'hooks.example.com', port: 443, host: 'hooks.example.com:443' })).toBe('https://hooks.example.com:443');
    expect(originOf({ protocol: 'http:', hostname: '127.0.0.1' })).toBe('http://127.0.0.1');
    expect(httpTracing.startOutgoingSpanHook!({ protocol: 'https:', hostname: 'h.example', path: '/services/T0/B0/secret?token=x' })).toEqual({
      'url.full': 'https://h.example',
    });
  });

  it('does not trace health probes and metric scrapes', () => {
    const ignored = (url: string) => httpTracing.ignoreIncomingRequestHook!({ url } as IncomingMessage);
    expect(['/health/live', '/health/ready', '/metrics', '/metrics?x=1'].map(ignored)).toEqual([true, true, true, true]);
    expect(['/v1/spaces/s1', '/metricsx', '/v1/health/live', '/healthy'].map(ignored)).toEqual([false, false, false, false]);
  });
});
