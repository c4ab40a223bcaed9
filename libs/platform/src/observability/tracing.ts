import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { httpTracing } from './tracing-http';
import { Tracing } from './tracing-context';

export * from './tracing-context';
export * from './tracing-spans';

/** Longest wait for the last spans to leave at shutdown (a collector that hangs must not hold it). */
const FLUSH_BOUND_MS = 3000;

let stop: (() => Promise<void>) | null = null;

/**
 * OpenTelemetry tracing, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (OTEL_SDK_DISABLED=true
 * turns it off again). On: the Node SDK with the HTTP instrumentation, the W3C trace-context
 * propagator (an incoming `traceparent` continues its trace) and the OTLP exporter the standard
 * variables choose (OTEL_EXPORTER_OTLP_PROTOCOL, default http/protobuf; OTEL_BSP_*,
 * OTEL_TRACES_SAMPLER …, which the SDK reads from process.env). The service is
 * OTEL_SERVICE_NAME, default `docs-platform-api`. Metrics and logs are not exported this way:
 * Prometheus scrapes GET /metrics, logs go to stdout.
 *
 * Must run before anything requires `http` or express: the instrumentation patches modules as
 * they are loaded. Off, nothing of the SDK is loaded at all. Answers the shutdown (flush)
 * function, or null when off.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): (() => Promise<void>) | null {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return null;
  if (stop) return stop;
  // Required here, not imported: off, the SDK is never loaded.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const sdkNode = require('@opentelemetry/sdk-node') as { NodeSDK: typeof NodeSDK };
  const http = require('@opentelemetry/instrumentation-http') as { HttpInstrumentation: typeof HttpInstrumentation };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sdk = new sdkNode.NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'docs-platform-api',
    instrumentations: [new http.HttpInstrumentation(httpTracing)],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  Tracing.enable();
  let done: Promise<void> | null = null;
  stop = () =>
    (done ??= Promise.race([sdk.shutdown(), new Promise<void>((r) => setTimeout(r, FLUSH_BOUND_MS).unref())])
      .catch(() => undefined)
      .finally(() => Tracing.enable(false)));
  return stop;
}

/** Exports the spans still buffered and stops the SDK (graceful shutdown); nothing when off. */
export async function shutdownTracing(): Promise<void> {
  await stop?.();
}
