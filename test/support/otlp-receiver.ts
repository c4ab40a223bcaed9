import * as http from 'http';
import type { AddressInfo } from 'net';

/**
 * A local OTLP/HTTP trace receiver for the tracing tests: `POST /v1/traces` with JSON bodies
 * (the exporter set to OTEL_EXPORTER_OTLP_PROTOCOL=http/json), answered 200. Every request is
 * counted, whatever its path or encoding, so a test can also show that nothing was sent.
 */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  links: Array<{ traceId: string; spanId: string }>;
  resource: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** The base URL to give OTEL_EXPORTER_OTLP_ENDPOINT (the exporter adds /v1/traces). */
  url: string;
  /** Requests received so far (any path, any body). */
  requests(): Array<{ method: string; path: string; contentType: string }>;
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number; arrayValue?: { values?: AnyValue[] } };
type KeyValue = { key: string; value: AnyValue };

function valueOf(v: AnyValue): unknown {
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(valueOf);
  if (v.intValue !== undefined) return Number(v.intValue);
  return v.stringValue ?? v.boolValue ?? v.doubleValue;
}

const attributesOf = (kvs: KeyValue[] | undefined): Record<string, unknown> => Object.fromEntries((kvs ?? []).map((kv) => [kv.key, valueOf(kv.value)]));

/** The spans of one ExportTraceServiceRequest in its JSON encoding. */
export function spansOf(body: any): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (const rs of body.resourceSpans ?? []) {
    const resource = attributesOf(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? [])
      for (const s of ss.spans ?? [])
        out.push({
          traceId: s.traceId,
          spanId: s.spanId,
          parentSpanId: s.parentSpanId || undefined,
          name: s.name,
          kind: s.kind,
          attributes: attributesOf(s.attributes),
          links: (s.links ?? []).map((l: { traceId: string; spanId: string }) => ({ traceId: l.traceId, spanId: l.spanId })),
          resource,
        });
  }
  return out;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const requests: Array<{ method: string; path: string; contentType: string }> = [];
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const contentType = String(req.headers['content-type'] ?? '');
      requests.push({ method: req.method ?? '', path: req.url ?? '', contentType });
      if (req.method === 'POST' && req.url === '/v1/traces' && contentType.startsWith('application/json')) {
        spans.push(...spansOf(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...requests],
    spans: () => [...spans],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
